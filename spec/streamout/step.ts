import { fits, type BufferEntry } from './layout.js';
import { batchesOf, type Batch, type StreamScenario } from './scenario.js';
import { serveInOrder, type SsyncPolicy } from './ssync.js';
import { nextBatchId, type StreamOperation, type StreamState, type UnitState } from './state.js';

/** A step of the protocol; every delivery is its own step, so every timing is some order of steps. */
export type StreamAction =
  /** The work distribution unit handles its next packet: forwards a bundle, or gives the next batch an ID and sends its work token. */
  | { readonly type: 'wd' }
  /** The next task of the current stream batch goes to an SO unit. */
  | { readonly type: 'dispatch'; readonly unit: number }
  /** The pipeline finishes a batch outside stream output and its ID returns. */
  | { readonly type: 'finish'; readonly id: number }
  /** SSYNC takes the next token or bundle from the work distribution unit. */
  | { readonly type: 'ssyncWd' }
  /** SSYNC takes the next message of an SO unit. */
  | { readonly type: 'ssyncUnit'; readonly unit: number }
  /** An SO unit sends its first request (batch ID packet received), its second request (batch end), receives SSYNC's response, or writes its data. */
  | { readonly type: 'first' | 'second' | 'response' | 'write'; readonly unit: number }
  /** The work distribution unit receives the next batch-ID retire message. */
  | { readonly type: 'retire' };

/** Short text of an action, for traces: `wd`, `dispatch 1`, `write 0`... */
export function streamActionText(action: StreamAction): string {
  if ('unit' in action) return `${action.type} ${action.unit}`;
  if (action.type === 'finish') return `finish ${action.id}`;
  return action.type;
}

/** The protocol's context: the scenario and its batches, computed once. */
export interface StreamContext {
  readonly scenario: StreamScenario;
  readonly batches: readonly Batch[];
  readonly ssync: SsyncPolicy;
}

/** A context for a scenario, with the reference SSYNC unless another is given. */
export function streamContext(scenario: StreamScenario, ssync: SsyncPolicy = serveInOrder): StreamContext {
  return { scenario, batches: batchesOf(scenario), ssync };
}

/** True when every packet is handled, every message delivered, every task written and every batch ID back. */
export function isComplete(context: StreamContext, state: StreamState): boolean {
  return state.packet === context.scenario.packets.length && state.dispatched < 0 && state.toSsync.length === 0 && state.retires.length === 0 &&
    state.fromUnit.every((c) => c.length === 0) && state.toUnit.every((c) => c.length === 0) &&
    state.units.every((u) => u.queue.length === 0) && state.inFlight.length === 0;
}

/** The actions enabled in a state (none in a complete state; none in an incomplete one is a deadlock). */
export function streamActions(context: StreamContext, state: StreamState): StreamAction[] {
  const actions: StreamAction[] = [];
  if (wdReady(context, state)) actions.push({ type: 'wd' });
  const batch = context.batches[state.batch];
  if (state.dispatched >= 0 && batch && state.dispatched < batch.tasks.length) {
    for (let unit = 0; unit < context.scenario.soUnits; unit++) actions.push({ type: 'dispatch', unit });
  }
  for (const id of state.nonStream) actions.push({ type: 'finish', id });
  if (state.toSsync.length > 0) actions.push({ type: 'ssyncWd' });
  state.units.forEach((unit, index) => {
    if (state.fromUnit[index]!.length > 0) actions.push({ type: 'ssyncUnit', unit: index });
    if (unit.queue.length > 0 && !unit.firstSent) actions.push({ type: 'first', unit: index });
    if (unit.queue.length > 0 && unit.firstSent && !unit.secondSent) actions.push({ type: 'second', unit: index });
    if (state.toUnit[index]!.length > 0) actions.push({ type: 'response', unit: index });
    if (unit.queue.length > 0 && unit.response !== null && !unit.written) actions.push({ type: 'write', unit: index });
  });
  if (state.retires.length > 0) actions.push({ type: 'retire' });
  return actions;
}

function wdReady(context: StreamContext, state: StreamState): boolean {
  const packet = context.scenario.packets[state.packet];
  if (!packet) return false;
  if (packet.type !== 'work') return true;
  if (state.dispatched >= 0) return false; // the current stream batch still has tasks to dispatch
  const batch = context.batches[state.batch];
  if (!batch || batch.packet !== state.packet) return true; // the packet is done: move on
  return !state.inFlight.includes(currentId(context, state)); // the next ID must not be in flight
}

function currentId(context: StreamContext, state: StreamState): number {
  return (state.phase << context.scenario.batchIdBits) | state.counter;
}

/** Takes one action (which must be enabled) and returns the next state; the input state is not changed. */
export function streamStep(context: StreamContext, state: StreamState, action: StreamAction): StreamState {
  // Copy-on-write: `next` shares every part with `state`, and each action copies what it changes
  // (copying the whole state made every step cost as much as the buffers and batch list).
  const next: StreamState = { ...state };
  const { scenario } = context;
  switch (action.type) {
    case 'wd': {
      const packet = scenario.packets[next.packet]!;
      if (packet.type === 'enable' || packet.type === 'disable') {
        next.enabled = packet.type === 'enable';
        next.toSsync = [...next.toSsync, { kind: packet.type }];
        next.packet++;
        break;
      }
      if (packet.type === 'offsets') {
        next.toSsync = [...next.toSsync, { kind: 'offsets', offsets: [...packet.offsets] }];
        next.packet++;
        break;
      }
      const batch = context.batches[next.batch];
      if (!batch || batch.packet !== next.packet) {
        next.packet++;
        break;
      }
      const id = currentId(context, next);
      if (next.inFlight.includes(id)) next.violations = [...next.violations, `batch ID ${id} given out while still in flight`];
      next.inFlight = [...next.inFlight, id];
      next.batchIds = [...next.batchIds];
      next.batchIds[next.batch] = id;
      const following = nextBatchId(id, scenario.batchIdBits);
      next.counter = following & ((1 << scenario.batchIdBits) - 1);
      next.phase = following >> scenario.batchIdBits;
      next.toSsync = [...next.toSsync, { kind: 'token', id }];
      if (next.enabled) next.dispatched = 0;
      else {
        next.nonStream = [...next.nonStream, id];
        next.batch++;
      }
      break;
    }
    case 'dispatch': {
      const batch = context.batches[next.batch]!;
      ownUnit(next, action.unit).queue.push([next.batch, next.dispatched]);
      next.dispatched++;
      if (next.dispatched === batch.tasks.length) {
        next.dispatched = -1;
        next.batch++;
      }
      break;
    }
    case 'finish':
      next.nonStream = next.nonStream.filter((id) => id !== action.id);
      next.inFlight = next.inFlight.filter((id) => id !== action.id);
      break;
    case 'ssyncWd': {
      ownSsync(next);
      const message = next.toSsync[0]!;
      next.toSsync = next.toSsync.slice(1);
      const ssync = next.ssync;
      // The operation tokens now count towards is the last one pushed: in the FIFO, or the one being served.
      const queued = [...ssync.fifo].reverse().find((entry): entry is StreamOperation => entry.kind === 'op');
      const open = queued ?? ssync.op;
      if (message.kind === 'enable' && !ssync.enabled) {
        ssync.enabled = true;
        ssync.pendingStart = true;
      } else if (message.kind === 'disable' && ssync.enabled) {
        ssync.enabled = false;
        if (ssync.pendingStart) ssync.pendingStart = false; // an operation without batches
        else if (open) open.closed = true;
      } else if (message.kind === 'offsets') {
        ssync.fifo.push({ kind: 'offsets', offsets: [...message.offsets] });
      } else if (message.kind === 'token' && ssync.enabled) {
        if (ssync.pendingStart) {
          ssync.fifo.push({ kind: 'op', start: message.id, count: 1, closed: false });
          ssync.pendingStart = false;
        } else if (open) {
          open.count++;
        }
      }
      context.ssync(scenario, next);
      break;
    }
    case 'ssyncUnit': {
      ownSsync(next);
      const message = next.fromUnit[action.unit]![0]!;
      next.fromUnit = replaced(next.fromUnit, action.unit, next.fromUnit[action.unit]!.slice(1));
      const slot = next.ssync.table[action.unit];
      if (message.kind === 'first') {
        if (slot) next.violations.push(`SO unit ${action.unit} has two messages in the message table`);
        next.ssync.table[action.unit] = { id: message.id, task: message.task, last: message.last, bytes: null, responded: false };
      } else if (!slot) {
        next.violations.push(`second request from SO unit ${action.unit} without a first one`);
      } else {
        slot.bytes = [...message.bytes];
      }
      context.ssync(scenario, next);
      break;
    }
    case 'first': {
      const unit = ownUnit(next, action.unit);
      const [batch, task] = unit.queue[0]!;
      const info = context.batches[batch]!.tasks[task]!;
      next.fromUnit = replaced(next.fromUnit, action.unit, [...next.fromUnit[action.unit]!, { kind: 'first', id: next.batchIds[batch]!, task, last: info.last }]);
      unit.firstSent = true;
      break;
    }
    case 'second': {
      const unit = ownUnit(next, action.unit);
      const [batch, task] = unit.queue[0]!;
      const info = context.batches[batch]!.tasks[task]!;
      next.fromUnit = replaced(next.fromUnit, action.unit, [...next.fromUnit[action.unit]!, { kind: 'second', bytes: info.bytesPerPrimitive.map((bytes) => bytes * info.primitiveCount) }]);
      unit.secondSent = true;
      finishTask(unit);
      break;
    }
    case 'response':
      ownUnit(next, action.unit).response = next.toUnit[action.unit]![0]!;
      next.toUnit = replaced(next.toUnit, action.unit, next.toUnit[action.unit]!.slice(1));
      break;
    case 'write': {
      const unit = ownUnit(next, action.unit);
      const [batch, task] = unit.queue[0]!;
      const info = context.batches[batch]!.tasks[task]!;
      const at = [...unit.response!];
      const added: BufferEntry[][] = [[], [], [], []];
      for (let primitive = info.firstPrimitive; primitive < info.firstPrimitive + info.primitiveCount; primitive++) {
        next.needed++;
        if (fits(scenario, at, info.bytesPerPrimitive)) {
          next.written++;
          info.bytesPerPrimitive.forEach((bytes, b) => { if (bytes > 0 && scenario.bufferSizes[b]! > 0) added[b]!.push({ offset: at[b]!, bytes, primitive }); });
        }
        info.bytesPerPrimitive.forEach((bytes, b) => { at[b]! += bytes; });
      }
      // Buffers are memory: what matters is what lies where, not which unit wrote first.
      next.buffers = next.buffers.map((entries, b) => (added[b]!.length > 0 ? insertInOrder(entries, added[b]!) : entries));
      unit.written = true;
      finishTask(unit);
      break;
    }
    case 'retire': {
      const id = next.retires[0]!;
      next.retires = next.retires.slice(1);
      if (!next.inFlight.includes(id)) next.violations = [...next.violations, `batch ID ${id} retired but not in flight`];
      next.inFlight = next.inFlight.filter((known) => known !== id);
      break;
    }
  }
  return next;
}

/** An SO unit moves to its next task once it has written its data and sent its second request. */
function finishTask(unit: UnitState): void {
  if (!unit.written || !unit.secondSent) return;
  unit.queue.shift();
  unit.firstSent = false;
  unit.secondSent = false;
  unit.written = false;
  unit.response = null;
}

/** A copy of an SO unit (and its queue) in `next`, for a step to change. */
function ownUnit(next: StreamState, index: number): UnitState {
  const unit = { ...next.units[index]!, queue: [...next.units[index]!.queue] };
  next.units = replaced(next.units, index, unit);
  return unit;
}

/**
 * Copies of what an SSYNC step may change in place: SSYNC itself, its outputs (responses,
 * retires) and the rules broken. The SSYNC policy (the reference or a planted bug) changes these
 * and nothing else.
 */
function ownSsync(next: StreamState): void {
  const ssync = next.ssync;
  next.ssync = {
    ...ssync,
    fifo: ssync.fifo.map((entry) => (entry.kind === 'op' ? { ...entry } : entry)),
    op: ssync.op && { ...ssync.op },
    current: ssync.current && { ...ssync.current },
    offsets: [...ssync.offsets],
    table: ssync.table.map((slot) => slot && { ...slot }),
  };
  next.toUnit = next.toUnit.map((channel) => [...channel]);
  next.retires = [...next.retires];
  next.violations = [...next.violations];
}

/** A copy of `list` with one element replaced. */
function replaced<T>(list: readonly T[], index: number, value: T): T[] {
  const copy = [...list];
  copy[index] = value;
  return copy;
}

/**
 * A buffer (in offset, then primitive order) with a task's new entries (in that order too) added:
 * the same list as sorting them all, without sorting the whole buffer on every write. They
 * usually fit in one gap, so the buffer is copied around them.
 */
function insertInOrder(entries: readonly BufferEntry[], added: readonly BufferEntry[]): BufferEntry[] {
  const byPlace = (x: BufferEntry, y: BufferEntry) => x.offset - y.offset || x.primitive - y.primitive;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (byPlace(entries[middle]!, added[0]!) <= 0) low = middle + 1;
    else high = middle;
  }
  if (low === entries.length || byPlace(added.at(-1)!, entries[low]!) < 0) return entries.slice(0, low).concat(added, entries.slice(low));
  return [...entries, ...added].sort(byPlace);
}
