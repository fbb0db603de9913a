import type { BufferEntry } from '../../spec/streamout/layout.js';
import type { StreamOperation, StreamState, TableSlot, UnitMessage, UnitState, WdMessage } from '../../spec/streamout/state.js';

/**
 * The identity of a stream-output state, as a short string: equal keys mean equal states (batch
 * IDs aside, see below), so equal futures. `JSON.stringify` of the whole state spelled every
 * field name and number in decimal; hashing and storing those long strings was most of the
 * explorer's time. Here every number is one UTF-16 code unit (larger ones are escaped) and every
 * list is prefixed by its length, so the encoding is unambiguous without names.
 *
 * `batchIds` is left out: batch IDs are handed out from one counter in batch order, so the list
 * is always the first `batch` (+1 while the current batch is being dispatched) IDs of that
 * counter, a function of `batch` and `dispatched`, which are in the key.
 */
export function streamStateKey(state: StreamState): string {
  const codes: number[] = [];
  encodeShared(codes, state);
  for (let unit = 0; unit < state.units.length; unit++) encodeUnit(codes, state, unit);
  return text(codes);
}

/**
 * The identity of a state up to renaming the SO units: the units' parts (the unit, its two
 * channels, its message-table slot) are encoded one by one and sorted, so states that differ
 * only by a permutation of units get the same key.
 *
 * Sound only with an SSYNC policy that treats unit numbers alike (renaming the units renames its
 * answers). The rest of the protocol does: dispatch may pick any unit, and every other step of a
 * unit only involves that unit's parts. Then renaming the units maps every path to a path with the
 * same problems (units renamed in their words), so a search that keeps one state per key still
 * reaches every terminal state up to renaming. The reference `serveInOrder` qualifies: it answers
 * the slot holding the current batch and task, and at most one slot can hold them, so the order in
 * which it scans the table does not matter. A planted bug that rewrites several slots to the
 * current task and answers the lowest-numbered one does not. Violations name units in words, which
 * a renaming would have to rewrite: a state with any violation keeps its exact key.
 */
export function symmetricStreamStateKey(state: StreamState): string {
  if (state.violations.length > 0) return streamStateKey(state);
  const codes: number[] = [];
  encodeShared(codes, state);
  const units: string[] = [];
  for (let unit = 0; unit < state.units.length; unit++) {
    const part: number[] = [];
    encodeUnit(part, state, unit);
    units.push(text(part));
  }
  units.sort();
  // Each part is prefixed by its length in decimal and a colon, so the concatenation is unambiguous.
  return text(codes) + units.map((part) => `${part.length}:${part}`).join('');
}

/**
 * Every field of the state and whether the key encodes it: adding a field to `StreamState`
 * without deciding here is a compile error, so the key cannot silently ignore new state.
 */
const ENCODED: { readonly [K in keyof StreamState]: boolean } = {
  packet: true, batch: true, dispatched: true, enabled: true, counter: true, phase: true, inFlight: true,
  batchIds: false, nonStream: true, toSsync: true, fromUnit: true, toUnit: true, retires: true, ssync: true,
  units: true, buffers: true, needed: true, written: true, violations: true,
};
const ENCODED_SSYNC: { readonly [K in keyof StreamState['ssync']]: true } = {
  fifo: true, op: true, current: true, offsets: true, table: true, pendingStart: true, enabled: true,
};
const ENCODED_UNIT: { readonly [K in keyof UnitState]: true } = { queue: true, firstSent: true, secondSent: true, response: true, written: true };
const ENCODED_SLOT: { readonly [K in keyof TableSlot]: true } = { id: true, task: true, last: true, bytes: true, responded: true };
const ENCODED_OPERATION: { readonly [K in keyof StreamOperation]: true } = { kind: true, start: true, count: true, closed: true };
const ENCODED_CURRENT: { readonly [K in keyof NonNullable<StreamState['ssync']['current']>]: true } = { id: true, task: true, served: true };
const ENCODED_ENTRY: { readonly [K in keyof BufferEntry]: true } = { offset: true, bytes: true, primitive: true };
void [ENCODED, ENCODED_SSYNC, ENCODED_UNIT, ENCODED_SLOT, ENCODED_OPERATION, ENCODED_CURRENT, ENCODED_ENTRY];

/** Escape for numbers that do not fit one code unit (negative, large or fractional); ends with END. */
const ESCAPE = 0xf000;
const END = 0xf001;
/** Code units from here up are never a plain number, so escapes and sizes stay unambiguous. */
const PLAIN_LIMIT = 0xd800;

function num(codes: number[], value: number): void {
  // -1 is common (no task dispatched yet, a cleared slot ID), so numbers are shifted by one.
  const shifted = value + 1;
  if (Number.isInteger(shifted) && shifted >= 0 && shifted < PLAIN_LIMIT) {
    codes.push(shifted);
    return;
  }
  codes.push(ESCAPE);
  const digits = String(value);
  for (let k = 0; k < digits.length; k++) codes.push(digits.charCodeAt(k));
  codes.push(END);
}

function nums(codes: number[], values: readonly number[]): void {
  num(codes, values.length);
  for (const value of values) num(codes, value);
}

function flag(codes: number[], value: boolean): void {
  codes.push(value ? 1 : 0);
}

function wdMessage(codes: number[], message: WdMessage): void {
  switch (message.kind) {
    case 'enable': codes.push(0); break;
    case 'disable': codes.push(1); break;
    case 'offsets': codes.push(2); nums(codes, message.offsets); break;
    case 'token': codes.push(3); num(codes, message.id); break;
    default: unencoded(message);
  }
}

function unitMessage(codes: number[], message: UnitMessage): void {
  switch (message.kind) {
    case 'first': codes.push(0); num(codes, message.id); num(codes, message.task); flag(codes, message.last); break;
    case 'second': codes.push(1); nums(codes, message.bytes); break;
    default: unencoded(message);
  }
}

/** A message kind the key does not know is a compile error here (its parameter type becomes non-never). */
function unencoded(message: never): never {
  throw new Error(`no key encoding for ${JSON.stringify(message)}`);
}

/** Everything that belongs to no SO unit in particular. */
function encodeShared(codes: number[], state: StreamState): void {
  num(codes, state.packet);
  num(codes, state.batch);
  num(codes, state.dispatched);
  flag(codes, state.enabled);
  num(codes, state.counter);
  num(codes, state.phase);
  nums(codes, state.inFlight);
  nums(codes, state.nonStream);
  num(codes, state.toSsync.length);
  for (const message of state.toSsync) wdMessage(codes, message);
  nums(codes, state.retires);
  const ssync = state.ssync;
  num(codes, ssync.fifo.length);
  for (const entry of ssync.fifo) {
    if (entry.kind === 'op') {
      codes.push(0);
      num(codes, entry.start);
      num(codes, entry.count);
      flag(codes, entry.closed);
    } else {
      codes.push(1);
      nums(codes, entry.offsets);
    }
  }
  if (ssync.op === null) codes.push(0);
  else {
    codes.push(1);
    num(codes, ssync.op.start);
    num(codes, ssync.op.count);
    flag(codes, ssync.op.closed);
  }
  if (ssync.current === null) codes.push(0);
  else {
    codes.push(1);
    num(codes, ssync.current.id);
    num(codes, ssync.current.task);
    num(codes, ssync.current.served);
  }
  nums(codes, ssync.offsets);
  flag(codes, ssync.pendingStart);
  flag(codes, ssync.enabled);
  for (const buffer of state.buffers) {
    num(codes, buffer.length);
    for (const entry of buffer) {
      num(codes, entry.offset);
      num(codes, entry.primitive);
      num(codes, entry.bytes);
    }
  }
  num(codes, state.needed);
  num(codes, state.written);
  num(codes, state.violations.length);
  for (const violation of state.violations) {
    num(codes, violation.length);
    for (let k = 0; k < violation.length; k++) codes.push(violation.charCodeAt(k));
  }
}

/** One SO unit's part: the unit, the channel it sends on, the channel it receives on, its table slot. */
function encodeUnit(codes: number[], state: StreamState, index: number): void {
  const unit = state.units[index]!;
  num(codes, unit.queue.length);
  for (const [batch, task] of unit.queue) {
    num(codes, batch);
    num(codes, task);
  }
  flag(codes, unit.firstSent);
  flag(codes, unit.secondSent);
  flag(codes, unit.written);
  if (unit.response === null) codes.push(0);
  else {
    codes.push(1);
    nums(codes, unit.response);
  }
  const sent = state.fromUnit[index]!;
  num(codes, sent.length);
  for (const message of sent) unitMessage(codes, message);
  const received = state.toUnit[index]!;
  num(codes, received.length);
  for (const offsets of received) nums(codes, offsets);
  const slot = state.ssync.table[index];
  if (!slot) codes.push(0);
  else {
    codes.push(1);
    num(codes, slot.id);
    num(codes, slot.task);
    flag(codes, slot.last);
    flag(codes, slot.responded);
    if (slot.bytes === null) codes.push(0);
    else {
      codes.push(1);
      nums(codes, slot.bytes);
    }
  }
}

/** The code units as a string, in chunks (`fromCharCode` takes a bounded number of arguments). */
function text(codes: readonly number[]): string {
  const CHUNK = 8192;
  if (codes.length <= CHUNK) return String.fromCharCode(...codes);
  let result = '';
  for (let start = 0; start < codes.length; start += CHUNK) result += String.fromCharCode(...codes.slice(start, start + CHUNK));
  return result;
}
