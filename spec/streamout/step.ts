import { fits } from './layout.js';
import { batchesOf, type Batch, type StreamScenario } from './scenario.js';
import { serveInOrder, type SsyncPolicy } from './ssync.js';
import { cloneStreamState, nextBatchId, type StreamOperation, type StreamState } from './state.js';

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
  const next = cloneStreamState(state);
  const { scenario } = context;
  switch (action.type) {
    case 'wd': {
      const packet = scenario.packets[next.packet]!;
      if (packet.type === 'enable' || packet.type === 'disable') {
        next.enabled = packet.type === 'enable';
        next.toSsync.push({ kind: packet.type });
        next.packet++;
        break;
      }
      if (packet.type === 'offsets') {
        next.toSsync.push({ kind: 'offsets', offsets: [...packet.offsets] });
        next.packet++;
        break;
      }
      const batch = context.batches[next.batch];
      if (!batch || batch.packet !== next.packet) {
        next.packet++;
        break;
      }
      const id = currentId(context, next);
      if (next.inFlight.includes(id)) next.violations.push(`batch ID ${id} given out while still in flight`);
      next.inFlight.push(id);
      next.batchIds[next.batch] = id;
      const following = nextBatchId(id, scenario.batchIdBits);
      next.counter = following & ((1 << scenario.batchIdBits) - 1);
      next.phase = following >> scenario.batchIdBits;
      next.toSsync.push({ kind: 'token', id });
      if (next.enabled) next.dispatched = 0;
      else {
        next.nonStream.push(id);
        next.batch++;
      }
      break;
    }
    case 'dispatch': {
      const batch = context.batches[next.batch]!;
      next.units[action.unit]!.queue.push([next.batch, next.dispatched]);
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
      const message = next.toSsync.shift()!;
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
      const message = next.fromUnit[action.unit]!.shift()!;
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
      const [batch, task] = next.units[action.unit]!.queue[0]!;
      const info = context.batches[batch]!.tasks[task]!;
      next.fromUnit[action.unit]!.push({ kind: 'first', id: next.batchIds[batch]!, task, last: info.last });
      next.units[action.unit]!.firstSent = true;
      break;
    }
    case 'second': {
      const unit = next.units[action.unit]!;
      const [batch, task] = unit.queue[0]!;
      const info = context.batches[batch]!.tasks[task]!;
      next.fromUnit[action.unit]!.push({ kind: 'second', bytes: info.bytesPerPrimitive.map((bytes) => bytes * info.primitiveCount) });
      unit.secondSent = true;
      finishTask(unit);
      break;
    }
    case 'response':
      next.units[action.unit]!.response = next.toUnit[action.unit]!.shift()!;
      break;
    case 'write': {
      const unit = next.units[action.unit]!;
      const [batch, task] = unit.queue[0]!;
      const info = context.batches[batch]!.tasks[task]!;
      const at = [...unit.response!];
      for (let primitive = info.firstPrimitive; primitive < info.firstPrimitive + info.primitiveCount; primitive++) {
        next.needed++;
        if (fits(scenario, at, info.bytesPerPrimitive)) {
          next.written++;
          info.bytesPerPrimitive.forEach((bytes, b) => { if (bytes > 0 && scenario.bufferSizes[b]! > 0) next.buffers[b]!.push({ offset: at[b]!, bytes, primitive }); });
        }
        info.bytesPerPrimitive.forEach((bytes, b) => { at[b]! += bytes; });
      }
      // Buffers are memory: what matters is what lies where, not which unit wrote first.
      for (const buffer of next.buffers) buffer.sort((x, y) => x.offset - y.offset || x.primitive - y.primitive);
      unit.written = true;
      finishTask(unit);
      break;
    }
    case 'retire': {
      const id = next.retires.shift()!;
      if (!next.inFlight.includes(id)) next.violations.push(`batch ID ${id} retired but not in flight`);
      next.inFlight = next.inFlight.filter((known) => known !== id);
      break;
    }
  }
  return next;
}

/** An SO unit moves to its next task once it has written its data and sent its second request. */
function finishTask(unit: StreamState['units'][number]): void {
  if (!unit.written || !unit.secondSent) return;
  unit.queue.shift();
  unit.firstSent = false;
  unit.secondSent = false;
  unit.written = false;
  unit.response = null;
}
