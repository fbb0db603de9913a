import { Random } from '../../explore/random.js';
import { fits, type BufferEntry } from '../../spec/streamout/layout.js';
import { layoutProblems } from '../../spec/streamout/verdict.js';
import { batchesOf, type Batch, type StreamScenario } from '../../spec/streamout/scenario.js';
import { nextBatchId } from '../../spec/streamout/state.js';
import type { TraceLine } from '../../format/streamout/trace.js';

/** A FIFO over a growing array with a moving head: no shifting, no per-message array churn. */
class Channel<T> {
  private items: T[] = [];
  private head = 0;
  push(item: T): void { this.items.push(item); }
  get size(): number { return this.items.length - this.head; }
  peek(): T { return this.items[this.head]!; }
  take(): T {
    const item = this.items[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.items.length) { this.items = this.items.slice(this.head); this.head = 0; }
    return item;
  }
}

type Operation = { start: number; count: number; closed: boolean };
type UnitMessage = { first: boolean; batch: number; task: number };

/** What one simulated run produced. */
export interface StreamRunResult {
  readonly steps: number;
  readonly batches: number;
  readonly problems: string[];
  readonly buffers: BufferEntry[][];
  readonly needed: number;
  readonly written: number;
  /** The steps with the messages this simulation sent, when asked for (refinement, `--trace-out`). */
  readonly trace: TraceLine[] | null;
}

/**
 * The optimized stream-output simulation: the protocol of `spec/streamout` with mutable state,
 * channels as arrays with a moving head, the message table indexed by (batch ID, task) instead
 * of scanned, and random timing: each step picks one enabled action at random. Checked against
 * the spec by replaying its action sequence (refinement).
 */
export function simulateStream(scenario: StreamScenario, seed: number, record = false): StreamRunResult {
  const random = new Random(seed);
  const batches: Batch[] = batchesOf(scenario);
  const units = scenario.soUnits;
  const bits = scenario.batchIdBits;
  const problems: string[] = [];
  const trace: TraceLine[] | null = record ? [] : null;
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
  // Channels.
  const toSsync = new Channel<number>(); // token id >= 0; -1 enable, -2 disable, -3-k offsets of packet k
  const fromUnit = Array.from({ length: units }, () => new Channel<UnitMessage>());
  const toUnit = Array.from({ length: units }, () => new Channel<number[]>());
  const retires = new Channel<number>();
  // SSYNC.
  const fifo: (Operation | number[])[] = [];
  let fifoHead = 0;
  let op: Operation | null = null;
  let currentId = 0;
  let currentTask = 0;
  let served = 0;
  let offsets = [0, 0, 0, 0];
  let ssyncEnabled = false;
  let pendingStart = false;
  let lastOp: Operation | null = null;
  const slots = Array.from({ length: units }, () => ({ occupied: false, id: 0, task: 0, last: false, bytes: null as number[] | null, responded: false }));
  const waiting = new Map<number, number>(); // (id * 1024 + task) -> unit with that first request
  // SO units.
  const queues = Array.from({ length: units }, () => new Channel<[number, number]>());
  const firstSent = new Uint8Array(units);
  const secondSent = new Uint8Array(units);
  const written = new Uint8Array(units);
  const response: (number[] | null)[] = new Array(units).fill(null);
  const buffers: BufferEntry[][] = [[], [], [], []];
  let needed = 0;
  let writtenCount = 0;

  const serve = () => {
    for (;;) {
      if (op === null) {
        if (fifoHead === fifo.length) return;
        const entry = fifo[fifoHead++]!;
        if (Array.isArray(entry)) { offsets = [...entry]; continue; }
        op = entry;
        currentId = entry.start;
        currentTask = 0;
        served = 0;
      }
      if (served === op.count) {
        if (!op.closed) return;
        op = null;
        continue;
      }
      const unit = waiting.get(currentId * 1024 + currentTask);
      if (unit === undefined) return;
      const slot = slots[unit]!;
      if (!slot.responded) { toUnit[unit]!.push([...offsets]); slot.responded = true; }
      if (slot.bytes === null) return;
      for (let b = 0; b < 4; b++) offsets[b]! += slot.bytes[b]!;
      slot.occupied = false;
      waiting.delete(currentId * 1024 + currentTask);
      if (slot.last) { retires.push(currentId); currentId = nextBatchId(currentId, bits); currentTask = 0; served++; } else currentTask++;
    }
  };
  const finishTask = (unit: number) => {
    if (!written[unit] || !secondSent[unit]) return;
    queues[unit]!.take();
    firstSent[unit] = 0; secondSent[unit] = 0; written[unit] = 0; response[unit] = null;
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

  // Enabled actions as (code, unit) pairs in a reused buffer.
  const codes = new Int32Array(2 * (4 + units * 6));
  let steps = 0;
  for (;;) {
    let n = 0;
    const add = (code: number, unit: number) => { codes[2 * n] = code; codes[2 * n + 1] = unit; n++; };
    if (wdReady()) add(0, 0);
    if (dispatched >= 0) for (let u = 0; u < units; u++) add(1, u);
    if (nonStream.length > 0) add(2, 0);
    if (toSsync.size > 0) add(3, 0);
    for (let u = 0; u < units; u++) {
      if (fromUnit[u]!.size > 0) add(4, u);
      const busy = queues[u]!.size > 0;
      if (busy && !firstSent[u]) add(5, u);
      if (busy && firstSent[u] && !secondSent[u]) add(6, u);
      if (toUnit[u]!.size > 0) add(7, u);
      if (busy && response[u] !== null && !written[u]) add(8, u);
    }
    if (retires.size > 0) add(9, 0);
    if (n === 0) break;
    const pick = random.integer(0, n - 1);
    const code = codes[2 * pick]!;
    const unit = codes[2 * pick + 1]!;
    steps++;
    switch (code) {
      case 0: {
        trace?.push({ step: 'wd' });
        const p = scenario.packets[packet]!;
        if (p.type === 'enable' || p.type === 'disable') { enabled = p.type === 'enable'; toSsync.push(p.type === 'enable' ? -1 : -2); packet++; break; }
        if (p.type === 'offsets') { toSsync.push(-3 - packet); packet++; break; }
        const b = batches[batch];
        if (!b || b.packet !== packet) { packet++; break; }
        inFlight[nextId] = 1;
        inFlightCount++;
        batchIds[batch] = nextId;
        toSsync.push(nextId);
        if (enabled) dispatched = 0; else { nonStream.push(nextId); batch++; }
        nextId = nextBatchId(nextId, bits);
        break;
      }
      case 1: {
        trace?.push({ step: 'dispatch', unit });
        queues[unit]!.push([batch, dispatched]);
        if (++dispatched === batches[batch]!.tasks.length) { dispatched = -1; batch++; }
        break;
      }
      case 2: {
        const index = random.integer(0, nonStream.length - 1);
        const id = nonStream[index]!;
        trace?.push({ step: 'finish', id });
        nonStream[index] = nonStream[nonStream.length - 1]!;
        nonStream.pop();
        inFlight[id] = 0;
        inFlightCount--;
        break;
      }
      case 3: {
        trace?.push({ step: 'ssyncWd' });
        const message = toSsync.take();
        if (message === -1 && !ssyncEnabled) { ssyncEnabled = true; pendingStart = true; }
        else if (message === -2 && ssyncEnabled) { ssyncEnabled = false; if (pendingStart) pendingStart = false; else if (lastOp) lastOp.closed = true; }
        else if (message <= -3) { const bundle = scenario.packets[-3 - message]!; if (bundle.type === 'offsets') fifo.push([...bundle.offsets]); }
        else if (message >= 0 && ssyncEnabled) {
          if (pendingStart) { lastOp = { start: message, count: 1, closed: false }; fifo.push(lastOp); pendingStart = false; }
          else if (lastOp) lastOp.count++;
        }
        serve();
        break;
      }
      case 4: {
        trace?.push({ step: 'ssyncUnit', unit });
        const message = fromUnit[unit]!.take();
        const slot = slots[unit]!;
        const task = batches[message.batch]!.tasks[message.task]!;
        if (message.first) {
          if (slot.occupied) problems.push(`SO unit ${unit} has two messages in the message table`);
          Object.assign(slot, { occupied: true, id: batchIds[message.batch]!, task: message.task, last: task.last, bytes: null, responded: false });
          waiting.set(slot.id * 1024 + slot.task, unit);
        } else if (!slot.occupied) problems.push(`second request from SO unit ${unit} without a first one`);
        else slot.bytes = task.bytesPerPrimitive.map((bytes) => bytes * task.primitiveCount);
        serve();
        break;
      }
      case 5: case 6: {
        const [b, t] = queues[unit]!.peek();
        const info = batches[b]!.tasks[t]!;
        trace?.push(code === 5
          ? { step: 'first', unit, batch: batchIds[b]!, task: t, last: info.last }
          : { step: 'second', unit, bytes: info.bytesPerPrimitive.map((bytes) => bytes * info.primitiveCount) });
        fromUnit[unit]!.push({ first: code === 5, batch: b, task: t });
        if (code === 5) firstSent[unit] = 1; else { secondSent[unit] = 1; finishTask(unit); }
        break;
      }
      case 7:
        response[unit] = toUnit[unit]!.take();
        trace?.push({ step: 'response', unit, offsets: response[unit]! });
        break;
      case 8: {
        trace?.push({ step: 'write', unit });
        const [b, t] = queues[unit]!.peek();
        const task = batches[b]!.tasks[t]!;
        const at = [...response[unit]!];
        for (let primitive = task.firstPrimitive; primitive < task.firstPrimitive + task.primitiveCount; primitive++) {
          needed++;
          if (fits(scenario, at, task.bytesPerPrimitive)) {
            writtenCount++;
            for (let k = 0; k < 4; k++) if (task.bytesPerPrimitive[k]! > 0 && scenario.bufferSizes[k]! > 0) buffers[k]!.push({ offset: at[k]!, bytes: task.bytesPerPrimitive[k]!, primitive });
          }
          for (let k = 0; k < 4; k++) at[k]! += task.bytesPerPrimitive[k]!;
        }
        written[unit] = 1;
        finishTask(unit);
        break;
      }
      case 9: {
        const id = retires.take();
        trace?.push({ step: 'retire', id });
        if (inFlight[id] === 0) problems.push(`batch ID ${id} retired but not in flight`);
        inFlight[id] = 0;
        inFlightCount--;
        break;
      }
    }
  }
  // The end: complete, and what the API asks for.
  const complete = packet === scenario.packets.length && dispatched < 0 && inFlightCount === 0 && queues.every((q) => q.size === 0);
  if (!complete) problems.push(`deadlock: nothing can happen but the work is not done (${inFlightCount} batch ID(s) in flight)`);
  else problems.push(...layoutProblems(scenario, buffers, needed, writtenCount));
  for (const buffer of buffers) buffer.sort((x, y) => x.offset - y.offset || x.primitive - y.primitive);
  return { steps, batches: batches.length, problems, buffers, needed, written: writtenCount, trace };
}
