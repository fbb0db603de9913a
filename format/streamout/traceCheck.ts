import type { Task } from '../../spec/streamout/scenario.js';
import { initialStreamState, type StreamState } from '../../spec/streamout/state.js';
import { streamActions, streamActionText, streamStep, type StreamAction, type StreamContext } from '../../spec/streamout/step.js';
import { streamProblems } from '../../spec/streamout/verdict.js';
import { actionOf, traceLine, wdMessageLine, type TraceCheck, type TraceLine } from './trace.js';
import { contentsMessage, describeLine, endGapMessage, notAllowedMessage, stateSummary, type ProtocolView, type WdView } from './traceExplain.js';
import { isHiddenStep } from './traceHidden.js';
import { placementMistake, writeComplete, type WrittenPiece } from './tracePlacement.js';
import { TraceReadings, type ReadingFailure, type ReadingSteps } from './traceReadings.js';
import { isDataWrite } from './traceShape.js';

/**
 * What a trace checker tracks of an SO unit beyond the spec state: the pieces of its current
 * task's data written so far (until the write step), and the last task it wrote (to name a
 * write that comes again).
 */
export interface UnitProgress {
  readonly pieces: readonly WrittenPiece[];
  readonly lastWritten: { readonly batchId: number; readonly task: Task } | null;
}

/** A spec state and the checker's progress per SO unit: one reading of the trace so far. */
interface Replay {
  readonly state: StreamState;
  readonly units: readonly UnitProgress[];
}

/**
 * The reference trace checker: replays a recorded trace through the spec, one immutable state
 * after another. Each line must be a step the protocol allows at that point and carry exactly the
 * contents the protocol produces there (offsets, bytes, batch IDs, task numbers, bundles); data
 * writes must be placed as the API order says (`placementMistake`), and the write step is taken
 * once they complete the task. Hidden steps (`isHiddenStep`: the recorder writes no line for
 * them) may come between any two lines: each reading takes them when a line of their unit needs
 * them, and a bare `wd` line keeps every reading (`TraceReadings`, docs/streamout.md "Hidden steps"). Stops
 * at the first line no reading explains; a task whose data has a gap at the end fails there
 * (line = lines + 1).
 */
export function checkTrace(context: StreamContext, lines: readonly TraceLine[]): TraceCheck {
  const { scenario } = context;
  const initial: Replay = { state: initialStreamState(scenario), units: Array.from({ length: scenario.soUnits }, () => ({ pieces: [], lastWritten: null })) };
  const readings = new TraceReadings(scenario, specReadingSteps(context), initial);
  for (let index = 0; index < lines.length; index++) {
    const failure = readings.take(lines[index]!);
    if (failure) return { lines: lines.length, failure: { line: index + 1, message: failure.message, state: failure.state }, complete: false, problems: [] };
  }
  return readings.finish(lines.length);
}

/** A spec replay as a reading of the trace (immutable: a fork is the replay itself). */
function specReadingSteps(context: StreamContext): ReadingSteps<Replay> {
  // Bundles among the packets before each packet index: each sent one message.
  const bundlesBefore = [0];
  context.scenario.packets.forEach((packet, index) => bundlesBefore.push(bundlesBefore[index]! + (packet.type === 'work' ? 0 : 1)));
  return {
    wdSteps: (replay) => replay.state.packet + replay.state.batchIds.length,
    wdMessages: (replay) => bundlesBefore[replay.state.packet]! + replay.state.batchIds.length,
    hiddenWdNext: (replay) => hiddenWdNext(context, replay.state),
    fork: (replay) => replay,
    takeHiddenWd: (replay) => ({ ...replay, state: streamStep(context, replay.state, { type: 'wd' }) }),
    take: (replay, line) => takeLine(context, replay, line),
    state: (replay) => stateSummary(specView(context, replay.state, replay.units)),
    finish: (replay, lines) => finishReplay(context, replay, lines),
  };
}

/** One well-formed line in one reading: the replay after it, or why it is not allowed there. */
function takeLine(context: StreamContext, replay: Replay, line: TraceLine): Replay | ReadingFailure {
  const { scenario } = context;
  const view = () => specView(context, replay.state, replay.units);
  const fail = (message: string): ReadingFailure => ({ failed: true, explain: () => ({ message, state: stateSummary(view()) }) });
  if (line.step === 'wd' && line.message !== undefined) replay = takePacketsDone(context, replay);
  if (line.step === 'first') replay = takeSilentWrite(context, replay, line.unit!);
  if (isDataWrite(line)) {
    const head = view().units[line.unit]!.head;
    if (head === null || head.response === null) return fail(notAllowedMessage(scenario, view(), line));
    const mistake = placementMistake(scenario, { unit: line.unit, batchId: head.batchId, task: head.task, grant: head.response, placement: head.response, written: head.written, pieces: head.pieces }, line);
    if (mistake) return fail(`write ${line.unit}: ${describeLine(line)}, but ${mistake}`);
    const pieces = [...head.pieces, { buffer: line.buffer, first: line.primitives[0], last: line.primitives[1] }];
    replay = withProgress(replay, line.unit, { ...replay.units[line.unit]!, pieces });
    return writeComplete(scenario, head.task, head.response, pieces) ? writeStep(context, replay, line.unit) : replay;
  }
  const action = actionOf(line)!;
  const allowed = streamActions(context, replay.state).some((enabled) => streamActionText(enabled) === streamActionText(action));
  const partlyWritten = line.step === 'write' && replay.units[line.unit!]!.pieces.length > 0;
  if (!allowed || partlyWritten) return fail(notAllowedMessage(scenario, view(), line));
  const now = view();
  const expected: Partial<TraceLine> = line.step === 'wd' ? (line.message === undefined || now.wd.kind !== 'send' ? {} : now.wd.line) : traceLine(context, replay.state, action);
  for (const field of ['message', 'id', 'batch', 'task', 'last', 'bytes', 'offsets'] as const) {
    if (expected[field] === undefined || JSON.stringify(line[field]) === JSON.stringify(expected[field])) continue;
    return fail(contentsMessage(now, line, field, expected[field]));
  }
  return line.step === 'write' ? writeStep(context, replay, line.unit!) : { ...replay, state: streamStep(context, replay.state, action) };
}

/** A reading's verdict at the end of the trace: every hidden step left taken, then a data gap, completion and the final problems. */
function finishReplay(context: StreamContext, replay: Replay, lines: number): TraceCheck {
  replay = takeSilentSteps(context, replay);
  const unfinished = replay.units.findIndex((unit) => unit.pieces.length > 0);
  if (unfinished >= 0) {
    const view = specView(context, replay.state, replay.units);
    return { lines, failure: { line: lines + 1, message: endGapMessage(context.scenario, unfinished, view.units[unfinished]!.head!), state: stateSummary(view) }, complete: false, problems: [] };
  }
  const complete = streamActions(context, replay.state).length === 0;
  return { lines, failure: null, complete, problems: complete ? streamProblems(context, replay.state) : [] };
}

function withProgress(replay: Replay, unit: number, progress: UnitProgress): Replay {
  return { ...replay, units: replay.units.map((old, index) => (index === unit ? progress : old)) };
}

/** An SO unit's write step: its task's data is all there (remembered as its last task written). */
function writeStep(context: StreamContext, replay: Replay, unit: number): Replay {
  const [batch, task] = replay.state.units[unit]!.queue[0]!;
  const lastWritten = { batchId: replay.state.batchIds[batch]!, task: context.batches[batch]!.tasks[task]! };
  return withProgress({ ...replay, state: streamStep(context, replay.state, { type: 'write', unit }) }, unit, { pieces: [], lastWritten });
}

/** The step `action` when the spec enables it in `state` and it is hidden (the recorder writes no line for it). */
function hiddenAndEnabled(context: StreamContext, state: StreamState, action: StreamAction): boolean {
  const text = streamActionText(action);
  return streamActions(context, state).some((enabled) => streamActionText(enabled) === text) && isHiddenStep(context, state, action);
}

/** True when the work distribution unit's next step is hidden: a work packet's "packet done". */
function hiddenWdNext(context: StreamContext, state: StreamState): boolean {
  return hiddenAndEnabled(context, state, { type: 'wd' });
}

/** Takes every hidden step the work distribution unit has next (a `wd` line with a message needs them). */
function takePacketsDone(context: StreamContext, replay: Replay): Replay {
  let state = replay.state;
  while (hiddenWdNext(context, state)) state = streamStep(context, state, { type: 'wd' });
  return state === replay.state ? replay : { ...replay, state };
}

/** Takes an SO unit's write step when it is hidden (writes nothing): its next first request needs it. */
function takeSilentWrite(context: StreamContext, replay: Replay, unit: number): Replay {
  if (replay.units[unit]!.pieces.length > 0 || !hiddenAndEnabled(context, replay.state, { type: 'write', unit })) return replay;
  return writeStep(context, replay, unit);
}

/** At the end of a trace: every hidden step left ("packet done", writes of nothing), until none is. */
function takeSilentSteps(context: StreamContext, replay: Replay): Replay {
  for (;;) {
    let next = takePacketsDone(context, replay);
    for (let unit = 0; unit < context.scenario.soUnits; unit++) next = takeSilentWrite(context, next, unit);
    if (next === replay) return next;
    replay = next;
  }
}

/** The message-level view of a spec state and the checker's progress per unit (see `ProtocolView`). */
export function specView(context: StreamContext, state: StreamState, progress: readonly UnitProgress[]): ProtocolView {
  const { scenario, batches } = context;
  const packet = scenario.packets[state.packet];
  const batch = batches[state.batch];
  const nextId = (state.phase << scenario.batchIdBits) | state.counter;
  const wd: WdView = !packet ? { kind: 'done' }
    : packet.type !== 'work' ? { kind: 'send', packet: state.packet, line: wdMessageLine(packet, null)!, waitsForId: false }
    : state.dispatched >= 0 ? { kind: 'dispatching', id: state.batchIds[state.batch]!, dispatched: state.dispatched, tasks: batch!.tasks.length }
    : batch?.packet !== state.packet ? { kind: 'packetDone', packet: state.packet }
    : { kind: 'send', packet: state.packet, line: wdMessageLine(packet, nextId)!, waitsForId: state.inFlight.includes(nextId) };
  return {
    wd,
    nonStream: state.nonStream,
    messagesToSsync: state.toSsync.length,
    retiresToWd: state.retires.length,
    units: state.units.map((unit, index) => {
      const head = unit.queue[0];
      return {
        head: head ? {
          batchId: state.batchIds[head[0]]!, task: batches[head[0]]!.tasks[head[1]]!, firstSent: unit.firstSent, secondSent: unit.secondSent,
          response: unit.response, written: unit.written, placement: unit.response, pieces: progress[index]!.pieces,
        } : null,
        lastWritten: progress[index]!.lastWritten,
        requestsToSsync: state.fromUnit[index]!.length,
        responsesToUnit: state.toUnit[index]!.length,
      };
    }),
    ssync: { current: state.ssync.current, offsets: state.ssync.offsets, table: state.ssync.table },
    inFlight: state.inFlight,
  };
}
