import { Random } from '../../explore/random.js';
import type { BufferEntry } from '../../spec/streamout/layout.js';
import { layoutProblems } from '../../spec/streamout/verdict.js';
import type { StreamScenario, Task } from '../../spec/streamout/scenario.js';
import { nextBatchId } from '../../spec/streamout/state.js';
import type { StreamAction } from '../../spec/streamout/step.js';
import { taskWriteLines, type TraceLine } from '../../format/streamout/trace.js';
import { Channel } from './channel.js';
import { EnabledSet } from './enabledSet.js';
import { batchesOfScenario, bytesNeeded, keepEntries } from './taskData.js';
import { fittingCount, PlacementCheck } from './placement.js';
import { simulatedSsync, type PlantedSsyncBug } from './plantedBugs.js';

/** What `simulateStream` keeps besides the verdict, and how it may be stopped. */
export interface SimulateOptions {
  /** Record the steps taken (`actions`): for the spec replay and refinement. */
  readonly steps?: boolean;
  /** Record the message trace (`trace`): for `--trace-out` and trace checks. */
  readonly trace?: boolean;
  /** Keep every buffer entry written (`buffers`); costs memory in proportion to the data written. */
  readonly keepBuffers?: boolean;
  /** A planted SSYNC bug (tests and properties only); the reference SSYNC without it. */
  readonly plantedBug?: PlantedSsyncBug | null;
  /** Asked every 65,536 steps; true ends the run early, without a verdict (`stopped`). */
  readonly shouldStop?: () => boolean;
}

/** What one simulated run produced. */
export interface StreamRunResult {
  readonly steps: number;
  readonly batches: number;
  /** What is wrong, worded and ordered as the spec's `streamProblems` for the same steps; empty when nothing is. */
  readonly problems: string[];
  /** Per buffer, the entries in offset order, with `keepBuffers`; null otherwise. */
  readonly buffers: BufferEntry[][] | null;
  readonly needed: number;
  readonly written: number;
  /** The first write the incremental placement check found away from its driver-order place, in words. */
  readonly misplacement: string | null;
  /** True when `shouldStop` ended the run: it has no verdict. */
  readonly stopped: boolean;
  /** The steps taken, with `steps`. */
  readonly actions: StreamAction[] | null;
  /** The steps with the messages this simulation sent, with `trace`. */
  readonly trace: TraceLine[] | null;
}

/** A task in an SO unit's queue, with the offsets the API's driver order gives it. */
interface QueuedTask {
  readonly batch: number;
  readonly task: Task;
  readonly expected: readonly number[];
}

/** The kinds of step; an enabled action is `code * 64 + unit` (at most 64 SO units). */
const enum Code { Wd, Dispatch, Finish, SsyncWd, SsyncUnit, First, Second, Response, Write, Retire }

/**
 * The optimized stream-output simulation: the protocol of `spec/streamout` with mutable state,
 * channels as arrays with a moving head, the message table indexed by (batch ID, task) instead
 * of scanned, and random timing: each step picks one enabled action at random. Writes are checked
 * as they happen against the API's driver-order answer (`PlacementCheck`), so a run keeps no
 * buffer contents unless asked. Checked against the spec by replaying its steps (refinement).
 * The same seed and scenario give the same steps whatever is kept or recorded.
 */
export function simulateStream(scenario: StreamScenario, seed: number, options: SimulateOptions | boolean = {}): StreamRunResult {
  // `true` is the earlier "record everything" flag.
  const settings: SimulateOptions = typeof options === 'boolean' ? { steps: options, trace: options, keepBuffers: options } : options;
  const random = new Random(seed);
  const batches = batchesOfScenario(scenario);
  const units = scenario.soUnits;
  const bits = scenario.batchIdBits;
  const sizes = scenario.bufferSizes;
  const problems: string[] = [];
  const actions: StreamAction[] | null = settings.steps ? [] : null;
  const trace: TraceLine[] | null = settings.trace ? [] : null;
  const buffers: BufferEntry[][] | null = settings.keepBuffers ? [[], [], [], []] : null;
  const placement = new PlacementCheck(scenario, batches);
  // Work distribution.
  let packet = 0;
  let batch = 0;
  let dispatched = -1;
  let enabled = false;
  let nextId = 0;
  const inFlight = new Uint8Array(2 << bits);
  let inFlightCount = 0;
  const batchIds = new Int32Array(batches.length);
  const nonStream: number[] = [];
  const enabledActions = new EnabledSet(10 * 64);
  // Channels: to SSYNC a token ID >= 0, or -1 enable, -2 disable, -3-k the offset bundle of packet k.
  const toSsync = new Channel<number>();
  const fromUnit = Array.from({ length: units }, () => new Channel<{ first: boolean; item: QueuedTask }>());
  const toUnit = Array.from({ length: units }, () => new Channel<number[]>());
  const retires = new Channel<number>();
  const ssync = simulatedSsync(settings.plantedBug ?? null, units, bits, {
    respond: (unit, offsets) => {
      toUnit[unit]!.push(offsets);
      enabledActions.set(Code.Response * 64 + unit, true);
    },
    retire: (id) => {
      retires.push(id);
      enabledActions.set(Code.Retire * 64, true);
    },
  }, problems);
  // SO units.
  const queues = Array.from({ length: units }, () => new Channel<QueuedTask>());
  const firstSent = new Uint8Array(units);
  const secondSent = new Uint8Array(units);
  const written = new Uint8Array(units);
  const response: (number[] | null)[] = new Array<number[] | null>(units).fill(null);
  let needed = 0;
  let writtenCount = 0;

  const finishTask = (unit: number) => {
    if (!written[unit] || !secondSent[unit]) return;
    queues[unit]!.take();
    firstSent[unit] = 0;
    secondSent[unit] = 0;
    written[unit] = 0;
    response[unit] = null;
  };
  const wdReady = (): boolean => {
    const p = scenario.packets[packet];
    if (!p) return false;
    if (p.type !== 'work') return true;
    if (dispatched >= 0) return false;
    const b = batches[batch];
    if (!b || b.packet !== packet) return true;
    return inFlight[nextId] === 0;
  };

  // Each step refreshes the enabled actions it can change.
  const refreshWd = () => enabledActions.set(Code.Wd * 64, wdReady());
  const refreshDispatch = () => { for (let u = 0; u < units; u++) enabledActions.set(Code.Dispatch * 64 + u, dispatched >= 0); };
  const refreshUnit = (u: number) => {
    const busy = queues[u]!.size > 0;
    enabledActions.set(Code.SsyncUnit * 64 + u, fromUnit[u]!.size > 0);
    enabledActions.set(Code.First * 64 + u, busy && !firstSent[u]);
    enabledActions.set(Code.Second * 64 + u, busy && firstSent[u] === 1 && !secondSent[u]);
    enabledActions.set(Code.Response * 64 + u, toUnit[u]!.size > 0);
    enabledActions.set(Code.Write * 64 + u, busy && response[u] !== null && !written[u]);
  };
  const refreshAfter = (code: Code, unit: number) => {
    if (code === Code.Wd || code === Code.Dispatch || code === Code.Finish || code === Code.Retire) {
      refreshWd();
      refreshDispatch();
      enabledActions.set(Code.Finish * 64, nonStream.length > 0);
      enabledActions.set(Code.Retire * 64, retires.size > 0);
    }
    if (code === Code.Wd || code === Code.SsyncWd) enabledActions.set(Code.SsyncWd * 64, toSsync.size > 0);
    else if (code !== Code.Finish && code !== Code.Retire) refreshUnit(unit);
  };
  refreshWd();
  let steps = 0;
  let stopped = false;
  for (;;) {
    if ((steps & 0xffff) === 0xffff && settings.shouldStop?.()) {
      stopped = true;
      break;
    }
    if (enabledActions.size === 0) break;
    const picked = enabledActions.at(random.integer(0, enabledActions.size - 1));
    const code = picked >> 6 as Code;
    const unit = picked & 63;
    steps++;
    switch (code) {
      case Code.Wd: {
        actions?.push({ type: 'wd' });
        trace?.push({ step: 'wd' });
        const p = scenario.packets[packet]!;
        if (p.type !== 'work') {
          if (p.type !== 'offsets') enabled = p.type === 'enable';
          toSsync.push(p.type === 'enable' ? -1 : p.type === 'disable' ? -2 : -3 - packet);
          packet++;
          break;
        }
        const b = batches[batch];
        if (!b || b.packet !== packet) {
          packet++;
          break;
        }
        inFlight[nextId] = 1;
        inFlightCount++;
        batchIds[batch] = nextId;
        toSsync.push(nextId);
        if (enabled) dispatched = 0;
        else {
          nonStream.push(nextId);
          batch++;
        }
        nextId = nextBatchId(nextId, bits);
        break;
      }
      case Code.Dispatch: {
        actions?.push({ type: 'dispatch', unit });
        trace?.push({ step: 'dispatch', unit });
        queues[unit]!.push({ batch, task: batches[batch]!.tasks[dispatched]!, expected: placement.dispatched(batch, dispatched) });
        if (++dispatched === batches[batch]!.tasks.length) {
          dispatched = -1;
          batch++;
        }
        break;
      }
      case Code.Finish: {
        const index = random.integer(0, nonStream.length - 1);
        const id = nonStream[index]!;
        actions?.push({ type: 'finish', id });
        trace?.push({ step: 'finish', id });
        nonStream[index] = nonStream[nonStream.length - 1]!;
        nonStream.pop();
        inFlight[id] = 0;
        inFlightCount--;
        break;
      }
      case Code.SsyncWd: {
        actions?.push({ type: 'ssyncWd' });
        trace?.push({ step: 'ssyncWd' });
        const message = toSsync.take();
        if (message === -1) ssync.receiveEnable();
        else if (message === -2) ssync.receiveDisable();
        else if (message <= -3) {
          const bundle = scenario.packets[-3 - message]!;
          if (bundle.type === 'offsets') ssync.receiveOffsets(bundle.offsets);
        } else ssync.receiveToken(message);
        ssync.serve();
        break;
      }
      case Code.SsyncUnit: {
        actions?.push({ type: 'ssyncUnit', unit });
        trace?.push({ step: 'ssyncUnit', unit });
        const { first, item } = fromUnit[unit]!.take();
        if (first) ssync.receiveFirst(unit, batchIds[item.batch]!, item.task.task, item.task.last);
        else ssync.receiveSecond(unit, bytesNeeded(item.task));
        ssync.serve();
        break;
      }
      case Code.First: case Code.Second: {
        const item = queues[unit]!.peek();
        const first = code === Code.First;
        actions?.push({ type: first ? 'first' : 'second', unit });
        trace?.push(first
          ? { step: 'first', unit, batch: batchIds[item.batch]!, task: item.task.task, last: item.task.last }
          : { step: 'second', unit, bytes: bytesNeeded(item.task) });
        fromUnit[unit]!.push({ first, item });
        if (first) firstSent[unit] = 1;
        else {
          secondSent[unit] = 1;
          finishTask(unit);
        }
        break;
      }
      case Code.Response:
        actions?.push({ type: 'response', unit });
        response[unit] = toUnit[unit]!.take();
        trace?.push({ step: 'response', unit, offsets: response[unit]! });
        break;
      case Code.Write: {
        const item = queues[unit]!.peek();
        const at = response[unit]!;
        const fitting = fittingCount(sizes, item.task, at);
        actions?.push({ type: 'write', unit });
        if (trace) trace.push(...taskWriteLines(scenario, unit, item.task, at)); // the data written; nothing when none fits
        needed += item.task.primitiveCount;
        writtenCount += fitting;
        if (buffers) keepEntries(buffers, sizes, item.task, at, fitting);
        placement.written(batchIds[item.batch]!, item.task, item.expected, at);
        written[unit] = 1;
        finishTask(unit);
        break;
      }
      case Code.Retire: {
        const id = retires.take();
        actions?.push({ type: 'retire' });
        trace?.push({ step: 'retire', id });
        if (inFlight[id] === 0) problems.push(`batch ID ${id} retired but not in flight`);
        else inFlightCount--;
        inFlight[id] = 0;
        break;
      }
    }
    refreshAfter(code, unit);
  }
  const result = { steps, batches: batches.length, problems, buffers, needed, written: writtenCount, misplacement: placement.firstMisplacement, stopped, actions, trace };
  if (stopped) return result;
  const complete = packet === scenario.packets.length && dispatched < 0 && inFlightCount === 0 && queues.every((q) => q.size === 0);
  if (!complete) {
    const waiting = ssync.slots.flatMap((slot, u) => (slot.occupied ? [`unit ${u} waits with batch ${slot.advanced ? -1 : slot.id} task ${slot.task}`] : []));
    const serving = ssync.op ? `SSYNC serves batch ${ssync.currentId} task ${ssync.currentTask}` : 'SSYNC idle';
    problems.push(`deadlock: nothing can happen but the work is not done (${[serving, ...waiting, `${inFlightCount} batch ID(s) in flight`].join('; ')})`);
  } else if (!placement.finish(needed, writtenCount)) {
    // A misplacement: compare the buffers as the spec does (the same run again, keeping them, if they were not kept).
    if (!buffers) return { ...simulateStream(scenario, seed, { ...settings, keepBuffers: true }), buffers: null };
    problems.push(...layoutProblems(scenario, buffers, needed, writtenCount));
  }
  for (const buffer of buffers ?? []) buffer.sort((x, y) => x.offset - y.offset || x.primitive - y.primitive);
  return { ...result, misplacement: placement.firstMisplacement };
}
