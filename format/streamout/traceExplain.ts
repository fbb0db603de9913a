import type { StreamScenario, Task } from '../../spec/streamout/scenario.js';
import type { TraceLine } from './trace.js';
import { missingData, taskName, writesNothing, type WrittenPiece } from './tracePlacement.js';
import { isDataWrite } from './traceShape.js';

/**
 * The parts of a protocol state a trace message talks about, the same for the reference checker
 * (built from a spec state) and the streaming one (built from its own state), so both say exactly
 * the same thing. Built only when a line fails or a summary is asked for.
 */
export interface ProtocolView {
  readonly wd: WdView;
  /** IDs of batches outside stream output still in the pipeline, oldest first. */
  readonly nonStream: readonly number[];
  /** Messages (tokens, bundles) from the work distribution unit not yet taken by SSYNC. */
  readonly messagesToSsync: number;
  /** Retire messages not yet received by the work distribution unit. */
  readonly retiresToWd: number;
  readonly units: readonly UnitView[];
  readonly ssync: {
    readonly current: { readonly id: number; readonly task: number } | null;
    readonly offsets: readonly number[];
    readonly table: readonly ({ readonly id: number; readonly task: number; readonly responded: boolean } | null)[];
  };
  /** Batch IDs in flight, in the order they were given out. */
  readonly inFlight: readonly number[];
}

/** What the work distribution unit does next. */
export type WdView =
  | { readonly kind: 'done' }
  /** It is dispatching the tasks of the stream batch with this ID (wd waits). */
  | { readonly kind: 'dispatching'; readonly id: number; readonly dispatched: number; readonly tasks: number }
  /** The work packet `packet` has all its batches: the silent "packet done" step. */
  | { readonly kind: 'packetDone'; readonly packet: number }
  /** It sends `line`'s message for packet `packet`; a token waits while its ID is in flight. */
  | { readonly kind: 'send'; readonly packet: number; readonly line: TraceLine; readonly waitsForId: boolean };

/** An SO unit: the task at the head of its queue (the one it works on) and its channels. */
export interface UnitView {
  readonly head: HeadTask | null;
  /** The last task whose data it wrote (a write of it again is named as such). */
  readonly lastWritten: { readonly batchId: number; readonly task: Task } | null;
  readonly requestsToSsync: number;
  readonly responsesToUnit: number;
}

/** The task an SO unit works on and how far it got. */
export interface HeadTask {
  readonly batchId: number;
  readonly task: Task;
  readonly firstSent: boolean;
  readonly secondSent: boolean;
  readonly response: readonly number[] | null;
  readonly written: boolean;
  /**
   * Where the API's driver order puts the task's data, known once SSYNC has answered (null
   * before): the reference checker takes the response, the streaming one its driver-order offsets.
   */
  readonly placement: readonly number[] | null;
  readonly pieces: readonly WrittenPiece[];
}

const list = (values: readonly number[]) => `[${values.join(', ')}]`;

/** A trace line in protocol terms: `a first request from SO unit 1 for batch 7 task 0`. */
export function describeLine(line: TraceLine): string {
  switch (line.step) {
    case 'wd':
      if (line.message === 'token') return `a work token for batch ID ${line.id} from the work distribution unit`;
      if (line.message === 'offsets') return `an offset bundle ${list(line.offsets ?? [])} from the work distribution unit`;
      if (line.message !== undefined) return `a stream ${line.message} bundle from the work distribution unit`;
      return 'the work distribution unit\'s next step';
    case 'dispatch': return `a dispatch of the next task to SO unit ${line.unit}`;
    case 'finish': return `the pipeline finishing batch ID ${line.id} (outside stream output)`;
    case 'ssyncWd': return 'SSYNC taking the work distribution unit\'s next message';
    case 'ssyncUnit': return `SSYNC taking SO unit ${line.unit}'s next request`;
    case 'first': return `a first request from SO unit ${line.unit} for batch ${line.batch} task ${line.task}${line.last ? ' (last task)' : ''}`;
    case 'second': return `a second request from SO unit ${line.unit} needing bytes ${list((line.bytes as readonly number[] | undefined) ?? [])}`;
    case 'response': return `a response to SO unit ${line.unit} with offsets ${list(line.offsets ?? [])}`;
    case 'write':
      if (isDataWrite(line)) return `a write by SO unit ${line.unit} of primitives [${line.primitives[0]}, ${line.primitives[1]}] to buffer ${line.buffer}, bytes [${line.offset}, ${line.offset + line.bytes})`;
      return `SO unit ${line.unit} writing its task's data (the whole task)`;
    case 'retire': return `a batch-ID retire message for ID ${line.id} to the work distribution unit`;
  }
}

/** `; primitives [3, 4] are batch 0 task 1's, which SO unit 0 has already written` for a data write of the unit's last task written. */
function writtenAgain(line: TraceLine, last: UnitView['lastWritten']): string {
  if (!isDataWrite(line) || last === null) return '';
  const lastPrimitive = last.task.firstPrimitive + last.task.primitiveCount - 1;
  if (line.primitives[1] < last.task.firstPrimitive || line.primitives[0] > lastPrimitive) return '';
  return `; primitives [${line.primitives[0]}, ${line.primitives[1]}] are ${taskName(last.batchId, last.task)}'s, which SO unit ${line.unit} has already written`;
}

/** What an SO unit still has to do for its task, e.g. `it has not sent its second request`. */
function unfinished(scenario: StreamScenario, unit: number, unitView: UnitView, head: HeadTask): string {
  const missing: string[] = [];
  if (!head.secondSent) missing.push('it has not sent its second request');
  if (head.response === null) missing.push(unitView.responsesToUnit > 0 ? 'SSYNC\'s response has not reached it' : 'SSYNC has not answered it');
  else if (!head.written) {
    const lacks = missingData(scenario, head.task, head.placement!, head.pieces);
    if (head.pieces.length > 0) missing.push(`its data has a gap: ${lacks}`);
    else missing.push(`its data is not written (${lacks})`);
  }
  return `SO unit ${unit} has not finished ${taskName(head.batchId, head.task)}: ${missing.join(', ')}`;
}

function wdReason(wd: WdView): string {
  switch (wd.kind) {
    case 'done': return 'the work distribution unit has handled every packet';
    case 'dispatching': return `the work distribution unit is still dispatching the tasks of batch ID ${wd.id} (${wd.dispatched} of ${wd.tasks} dispatched)`;
    case 'packetDone': return `the work distribution unit's next step is packet ${wd.packet}'s "packet done"`;
    case 'send': return `batch ID ${wd.line.id}, the next one the work distribution unit gives out, is still in flight`;
  }
}

/**
 * Why the protocol does not allow a line now, completing "<the line>, but ...". Called only
 * for a line that is not allowed, so each branch names the first thing that stands in its way.
 */
export function notAllowedReason(scenario: StreamScenario, view: ProtocolView, line: TraceLine): string {
  const unit = line.unit ?? 0;
  const unitView = view.units[unit];
  const head = unitView?.head ?? null;
  const noTask = `SO unit ${unit} has no task queued`;
  switch (line.step) {
    case 'wd': return wdReason(view.wd);
    case 'dispatch': return 'the work distribution unit has no stream batch with tasks left to dispatch';
    case 'finish': return `batch ID ${line.id} is not a batch outside stream output in the pipeline (those are: ${view.nonStream.join(', ') || 'none'})`;
    case 'ssyncWd': return 'no message from the work distribution unit is on its way to SSYNC';
    case 'ssyncUnit': return `no request from SO unit ${unit} is on its way to SSYNC`;
    case 'first': return head === null ? noTask : unfinished(scenario, unit, unitView!, head);
    case 'second':
      if (head === null) return noTask;
      if (!head.firstSent) return `SO unit ${unit} has not sent the first request of its next task (${taskName(head.batchId, head.task)})`;
      return `SO unit ${unit} already sent the second request of ${taskName(head.batchId, head.task)}`;
    case 'response': {
      if (head?.response) return `SO unit ${unit} already received SSYNC's response for ${taskName(head.batchId, head.task)} (offsets ${list(head.response)}), and no other is on its way`;
      const slot = view.ssync.table[unit];
      const serving = view.ssync.current ? `SSYNC serves batch ${view.ssync.current.id} task ${view.ssync.current.task}` : 'SSYNC has no operation in progress';
      if (slot) return `SSYNC has not answered SO unit ${unit}: its request for batch ${slot.id} task ${slot.task} waits in the message table (${serving})`;
      return `SSYNC has not answered SO unit ${unit}: no request of it is in the message table`;
    }
    case 'write': {
      const why = head === null ? noTask
        : !head.firstSent ? `SO unit ${unit} has not sent the first request of its next task (${taskName(head.batchId, head.task)}), so SSYNC has granted it nothing`
        : head.response === null ? `SSYNC has not answered SO unit ${unit} for ${taskName(head.batchId, head.task)} yet, so it has no offsets to write at`
        : head.written ? `SO unit ${unit} has already written ${taskName(head.batchId, head.task)}'s data`
        : `SO unit ${unit} has already written part of ${taskName(head.batchId, head.task)}'s data: a whole-task write would write it twice`;
      return `${why}${writtenAgain(line, unitView?.lastWritten ?? null)}`;
    }
    case 'retire': return 'SSYNC has sent no batch-ID retire message the work distribution unit has not received';
  }
}

/**
 * The steps a trace line may take now, in the spec's order (`streamActions`), as `wd`,
 * `dispatch 1`, `finish 3`...; a step a recorded trace may leave out is marked.
 */
export function allowedSteps(scenario: StreamScenario, view: ProtocolView): string[] {
  const steps: string[] = [];
  if (view.wd.kind === 'packetDone') steps.push(`wd (packet ${view.wd.packet} done, may be left out)`);
  if (view.wd.kind === 'send' && !view.wd.waitsForId) steps.push('wd');
  if (view.wd.kind === 'dispatching') view.units.forEach((_, unit) => steps.push(`dispatch ${unit}`));
  for (const id of view.nonStream) steps.push(`finish ${id}`);
  if (view.messagesToSsync > 0) steps.push('ssyncWd');
  view.units.forEach((unit, index) => {
    const head = unit.head;
    if (unit.requestsToSsync > 0) steps.push(`ssyncUnit ${index}`);
    if (head && !head.firstSent) steps.push(`first ${index}`);
    if (head && head.firstSent && !head.secondSent) steps.push(`second ${index}`);
    if (unit.responsesToUnit > 0) steps.push(`response ${index}`);
    if (head && head.response !== null && !head.written) {
      steps.push(writesNothing(scenario, head.task, head.placement!) ? `write ${index} (nothing to write, may be left out)` : `write ${index}`);
    }
  });
  if (view.retiresToWd > 0) steps.push('retire');
  return steps;
}

/** SSYNC's state in one line: what it serves, its offsets, its message table, the batch IDs in flight. */
export function stateSummary(view: ProtocolView): string {
  const current = view.ssync.current ? `SSYNC serves batch ${view.ssync.current.id} task ${view.ssync.current.task}` : 'SSYNC has no operation in progress';
  const table = view.ssync.table.flatMap((slot, unit) => (slot ? [`unit ${unit}: batch ${slot.id} task ${slot.task}${slot.responded ? ' (answered)' : ''}`] : []));
  return `${current}; offsets ${list(view.ssync.offsets)}; message table: ${table.join('; ') || 'empty'}; batch IDs in flight: ${view.inFlight.join(', ') || 'none'}`;
}

/** The message for a line the protocol does not allow now: the step, what was allowed, the line in protocol terms and why not. */
export function notAllowedMessage(scenario: StreamScenario, view: ProtocolView, line: TraceLine): string {
  const allowed = allowedSteps(scenario, view);
  return `${stepText(line)} is not allowed here (allowed: ${allowed.join(', ') || 'nothing: the protocol is done'}): ${describeLine(line)}, but ${notAllowedReason(scenario, view, line)}`;
}

/** A line's step as the spec's action text: `wd`, `first 1`, `finish 3`. */
export function stepText(line: TraceLine): string {
  return line.unit !== undefined ? `${line.step} ${line.unit}` : line.step === 'finish' ? `finish ${line.id}` : line.step;
}

/**
 * The message for an allowed step whose contents differ from what the protocol gives: the field,
 * both values, and where the protocol's value comes from.
 */
export function contentsMessage(view: ProtocolView, line: TraceLine, field: keyof TraceLine, expected: unknown): string {
  const head = line.unit === undefined ? null : view.units[line.unit]?.head ?? null;
  const task = head ? `SO unit ${line.unit}'s ${head.firstSent && line.step !== 'first' ? '' : 'next '}task is ${taskName(head.batchId, head.task)}${head.task.last ? ' (the last)' : ''}, ${head.task.primitiveCount} primitive(s) of ${list(head.task.bytesPerPrimitive)} bytes` : '';
  const source = line.step === 'wd' && view.wd.kind === 'send' ? `the work distribution unit's next message is ${describeLine(view.wd.line)}`
    : line.step === 'response' && head ? `SSYNC's offsets when it answered SO unit ${line.unit} for ${taskName(head.batchId, head.task)}`
    : line.step === 'retire' ? 'the oldest batch-ID retire message SSYNC has sent'
    : task;
  return `${stepText(line)}: ${field} is ${JSON.stringify(line[field])}, but the protocol gives ${JSON.stringify(expected)}${source ? ` (${source})` : ''}`;
}

/** The failure at the end of a trace when an SO unit wrote part of its task's data and no more. */
export function endGapMessage(scenario: StreamScenario, unit: number, head: HeadTask): string {
  return `the trace ends, but SO unit ${unit}'s data for ${taskName(head.batchId, head.task)} has a gap: ${missingData(scenario, head.task, head.placement!, head.pieces)}`;
}
