/**
 * The abstract state of the thread before an instruction issues: every instruction that may
 * still be in flight, with what is known for sure about it. It over-approximates every
 * concrete state reachable there, over every path, loop count, guard value and latency.
 */

/** An instruction (all its dynamic instances) that may still be in flight. */
export interface PendingEntry {
  readonly instruction: number;
  /** Cycles since its newest instance issued, at least (capped at `AGE_CAP`). */
  readonly minAge: number;
  /**
   * Instances whose writes may be pending, at most (capped at `INSTANCE_CAP`). Read only to bound
   * the instruction's write scoreboard: without one it is always `INSTANCE_CAP`.
   */
  readonly instances: number;
  /**
   * Instances whose reads may be pending, at most (capped; meaningful while `readsPending`). Read
   * only to bound the instruction's read scoreboard: without one it is `INSTANCE_CAP` (or 0).
   */
  readonly readInstances: number;
  /** Variable latency only: some instance may not have read its sources yet. */
  readonly readsPending: boolean;
  /** Some instance may not have written its results yet. */
  readonly writesPending: boolean;
  /**
   * Some instance may not have written the results it writes at its read step
   * (`SassInstruction.earlyDestinations`) yet. Cleared only by its own scoreboards (the read one
   * is released no sooner than those results are written) or its write landing, never by the
   * order of its queue: a later instruction's reads say nothing of when this one's results land.
   * Absent: false.
   */
  readonly earlyPending?: boolean;
  /**
   * One instance at most is pending, it is guarded, and its guard predicate has not been
   * written since it issued: a later branch on the same predicate tells whether it executed.
   */
  readonly guardIntact: boolean;
  /** Certainly not executed (its guard was false): it reads and writes nothing, though it still counts on its scoreboards. */
  readonly skipped: boolean;
  /**
   * Entries whose newest instance certainly issued after this one's newest instance, on every
   * path here. In an ordered queue, one of those completing proves this one completed.
   */
  readonly after: ReadonlySet<number>;
  /**
   * A variable-latency instruction with a read delay (`SassUnit.readDelay`) only: the fixed-latency
   * entries pending when its newest instance issued, each with how many cycles older than it
   * their newest instance is, at least. Its write landing proves `readDelay + 1` cycles passed
   * since it issued, so each of those results is at least that much older again (ptxas lets a
   * predicated F2F's scoreboard cover a SEL issued the cycle before it). An entry drops out when
   * it issues again; a join keeps what both sides know. Absent: nothing known.
   */
  readonly olderAges?: ReadonlyMap<number, number>;
}

/** The abstract state: pending entries by instruction index. */
export type AbstractState = ReadonlyMap<number, PendingEntry>;

/** Ages above every latency and visibility delay modelled mean the same thing. */
export const AGE_CAP = 64;
/** Instance counts above a 6-bit counter mean the same thing. */
export const INSTANCE_CAP = 64;

/**
 * The analysis' own states: the entries in their order, in an array, read by everyone else as a
 * `ReadonlyMap` from instruction index to entry (iterated in that order).
 *
 * Why not a `Map`: the fixpoint makes a new state per transfer step and keeps one per
 * instruction, and on a kernel of 20,000 instructions states hold hundreds of entries (stores
 * whose reads nothing retires, results with no scoreboard). As maps these took most of the time
 * (building and hashing them, and collecting them: a map of 300 entries is about 10 KB, an array
 * of them 2.4 KB) and most of the memory. The analysis works on the array and finds entries by
 * instruction with `Positions`, a scratch index; a lookup map is built only when something asks
 * `get` or `has`.
 */
export class PendingState implements ReadonlyMap<number, PendingEntry> {
  private lookup: Map<number, PendingEntry> | null = null;

  /** `list`: the entries in order, at most one per instruction (the caller gives it up: it is not copied). */
  constructor(readonly list: readonly PendingEntry[]) {}

  get size(): number {
    return this.list.length;
  }

  get(key: number): PendingEntry | undefined {
    return this.byInstruction().get(key);
  }

  has(key: number): boolean {
    return this.byInstruction().has(key);
  }

  forEach(callback: (value: PendingEntry, key: number, map: ReadonlyMap<number, PendingEntry>) => void, thisArg?: unknown): void {
    for (const entry of this.list) callback.call(thisArg, entry, entry.instruction, this);
  }

  entries(): MapIterator<[number, PendingEntry]> {
    return this.byInstruction().entries();
  }

  keys(): MapIterator<number> {
    return this.byInstruction().keys();
  }

  values(): MapIterator<PendingEntry> {
    return this.byInstruction().values();
  }

  [Symbol.iterator](): MapIterator<[number, PendingEntry]> {
    return this.entries();
  }

  private byInstruction(): Map<number, PendingEntry> {
    this.lookup ??= new Map(this.list.map((entry) => [entry.instruction, entry]));
    return this.lookup;
  }
}

/** The entries of any state, in its order (a `PendingState`'s own array, not copied). */
export function entriesOf(state: AbstractState): readonly PendingEntry[] {
  return state instanceof PendingState ? state.list : [...state.values()];
}

/** The state with nothing in flight. */
export const EMPTY_STATE: PendingState = new PendingState([]);

/**
 * Where each instruction's entry is in one list of entries, for one list at a time: a scratch
 * index over instruction numbers, stamped so that marking a new list needs no clearing. The
 * analysis is synchronous and every user marks its list right before its lookups, so one
 * shared index serves all of them.
 */
export class Positions {
  private slot = new Int32Array(0);
  private stamp = new Int32Array(0);
  private current = 0;

  /** Indexes `list` (replacing the previous list). */
  mark(list: readonly PendingEntry[]): void {
    let largest = -1;
    for (const entry of list) largest = Math.max(largest, entry.instruction);
    if (largest >= this.slot.length) {
      const size = Math.max(largest + 1, 2 * this.slot.length, 64);
      this.slot = new Int32Array(size);
      this.stamp = new Int32Array(size);
      this.current = 0;
    }
    if (++this.current === 0x7fffffff) {
      this.stamp.fill(0);
      this.current = 1;
    }
    for (let position = 0; position < list.length; position++) {
      const instruction = list[position]!.instruction;
      this.slot[instruction] = position;
      this.stamp[instruction] = this.current;
    }
  }

  /** The position of the instruction's entry in the marked list, or -1. */
  of(instruction: number): number {
    return instruction < this.stamp.length && this.stamp[instruction] === this.current ? this.slot[instruction]! : -1;
  }
}

/** The one scratch index of the analysis (see `Positions`). */
export const positions = new Positions();

/**
 * The least upper bound of two abstract states (at a control-flow merge). When `b` adds nothing
 * to `a` (the common case once a loop has settled) it returns `a` itself, and an entry that the
 * join leaves as it was stays the same object: `sameState` then decides by identity, and the
 * states before each instruction share their unchanged entries instead of each holding copies.
 * The order is `a`'s, then the entries only `b` has, in `b`'s order (a `Map`'s, as before).
 */
export function join(a: AbstractState, b: AbstractState): AbstractState {
  if (a === b) return a;
  const left = entriesOf(a);
  const right = entriesOf(b);
  positions.mark(left);
  let joined: PendingEntry[] | null = null;
  for (const entry of right) {
    const position = positions.of(entry.instruction);
    if (position < 0) {
      joined ??= [...left];
      joined.push(withoutAges(entry));
      continue;
    }
    const old = left[position]!;
    if (old === entry) continue;
    const merged = joinEntries(old, entry);
    if (merged === old) continue;
    joined ??= [...left];
    joined[position] = merged;
  }
  // Entries only `a` has lose their `olderAges` too (`withoutAges`).
  if (left.some((entry) => entry.olderAges !== undefined)) {
    const inRight = new Set(right.map((entry) => entry.instruction));
    for (let position = 0; position < left.length; position++) {
      const entry = (joined ?? left)[position]!;
      if (entry.olderAges === undefined || inRight.has(entry.instruction)) continue;
      joined ??= [...left];
      joined[position] = withoutAges(entry);
    }
  }
  if (joined !== null) return new PendingState(joined);
  return a instanceof PendingState ? a : new PendingState(left);
}

/** The join of two entries of one instruction: `left` itself when the join changes nothing in it. */
function joinEntries(left: PendingEntry, right: PendingEntry): PendingEntry {
  const minAge = Math.min(left.minAge, right.minAge);
  const instances = Math.max(left.instances, right.instances);
  const readInstances = Math.max(left.readsPending ? left.readInstances : 0, right.readsPending ? right.readInstances : 0);
  const readsPending = left.readsPending || right.readsPending;
  const writesPending = left.writesPending || right.writesPending;
  const earlyPending = (left.earlyPending ?? false) || (right.earlyPending ?? false);
  const guardIntact = left.guardIntact && right.guardIntact;
  const skipped = left.skipped && right.skipped;
  const after = intersection(left.after, right.after);
  const olderAges = commonAges(left.olderAges, right.olderAges);
  if (minAge === left.minAge && instances === left.instances && readInstances === left.readInstances && readsPending === left.readsPending
    && writesPending === left.writesPending && earlyPending === (left.earlyPending ?? false) && guardIntact === left.guardIntact && skipped === left.skipped && after === left.after
    && olderAges === left.olderAges) return left;
  return { instruction: left.instruction, minAge, instances, readInstances, readsPending, writesPending, ...(earlyPending ? { earlyPending } : {}), guardIntact, skipped, after, ...(olderAges === undefined ? {} : { olderAges }) };
}

/**
 * What two sides both know of how much older other entries are (`PendingEntry.olderAges`): the
 * entries both name, each at the lesser figure; `left`'s own map when that is all of it.
 */
function commonAges(left: ReadonlyMap<number, number> | undefined, right: ReadonlyMap<number, number> | undefined): ReadonlyMap<number, number> | undefined {
  if (left === right || left === undefined) return left;
  if (right === undefined) return undefined;
  let same = true;
  const common = new Map<number, number>();
  for (const [instruction, gap] of left) {
    const other = right.get(instruction);
    if (other === undefined) {
      same = false;
      continue;
    }
    if (other < gap) same = false;
    common.set(instruction, Math.min(gap, other));
  }
  if (same) return left;
  return common.size === 0 ? undefined : common;
}

/** An entry that one side of a join lacks keeps no `olderAges`: on the other side its landing tells nothing of the time. */
function withoutAges(entry: PendingEntry): PendingEntry {
  if (entry.olderAges === undefined) return entry;
  const { olderAges: _dropped, ...rest } = entry;
  return rest;
}

/** The members of `left` that are in `right`: `left` itself when all are (in `left`'s order either way). */
function intersection(left: ReadonlySet<number>, right: ReadonlySet<number>): ReadonlySet<number> {
  if (left === right) return left;
  for (const other of left) {
    if (!right.has(other)) return new Set([...left].filter((member) => right.has(member)));
  }
  return left;
}

/** True when two abstract states are the same (the same entries, whatever their order). */
export function sameState(a: AbstractState, b: AbstractState): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  const left = entriesOf(a);
  const right = entriesOf(b);
  positions.mark(right);
  for (let position = 0; position < left.length; position++) {
    const entry = left[position]!;
    // Same order, same object: the common case of a state compared with its own join.
    if (right[position] === entry) continue;
    const at = positions.of(entry.instruction);
    if (at < 0) return false;
    if (!sameEntry(entry, right[at]!)) return false;
  }
  return true;
}

function sameEntry(left: PendingEntry, right: PendingEntry): boolean {
  if (left === right) return true;
  if (left.minAge !== right.minAge || left.instances !== right.instances || left.readInstances !== right.readInstances) return false;
  if (left.readsPending !== right.readsPending || left.writesPending !== right.writesPending) return false;
  if ((left.earlyPending ?? false) !== (right.earlyPending ?? false)) return false;
  if (left.guardIntact !== right.guardIntact || left.skipped !== right.skipped) return false;
  if (!sameAges(left.olderAges, right.olderAges)) return false;
  return left.after === right.after || (left.after.size === right.after.size && [...left.after].every((other) => right.after.has(other)));
}

function sameAges(left: ReadonlyMap<number, number> | undefined, right: ReadonlyMap<number, number> | undefined): boolean {
  if (left === right) return true;
  if (left === undefined || right === undefined || left.size !== right.size) return false;
  for (const [instruction, gap] of left) if (right.get(instruction) !== gap) return false;
  return true;
}

/**
 * Drops entries that left the state from every `after` set (in place): an instruction no longer
 * pending is nobody's pending successor. Returns the same array. An entry whose successors are
 * all still pending keeps its object (and its set).
 */
export function pruneSuccessors(list: PendingEntry[]): PendingEntry[] {
  let marked = false;
  for (let position = 0; position < list.length; position++) {
    const entry = list[position]!;
    if (entry.after.size === 0) continue;
    if (!marked) {
      positions.mark(list);
      marked = true;
    }
    let stale = false;
    for (const other of entry.after) {
      if (positions.of(other) < 0) {
        stale = true;
        break;
      }
    }
    if (!stale) continue;
    list[position] = { ...entry, after: new Set([...entry.after].filter((other) => positions.of(other) >= 0)) };
  }
  return list;
}
