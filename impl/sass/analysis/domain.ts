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
  /** Instances whose writes may be pending, at most (capped at `INSTANCE_CAP`). */
  readonly instances: number;
  /** Instances whose reads may be pending, at most (capped; meaningful while `readsPending`). */
  readonly readInstances: number;
  /** Variable latency only: some instance may not have read its sources yet. */
  readonly readsPending: boolean;
  /** Some instance may not have written its results yet. */
  readonly writesPending: boolean;
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
}

/** The abstract state: pending entries by instruction index. */
export type AbstractState = ReadonlyMap<number, PendingEntry>;

/** Ages above every latency and visibility delay modelled mean the same thing. */
export const AGE_CAP = 64;
/** Instance counts above a 6-bit counter mean the same thing. */
export const INSTANCE_CAP = 64;

/** The least upper bound of two abstract states (at a control-flow merge). */
export function join(a: AbstractState, b: AbstractState): AbstractState {
  const joined = new Map<number, PendingEntry>(a);
  for (const [index, right] of b) {
    const left = joined.get(index);
    if (!left) {
      joined.set(index, right);
      continue;
    }
    joined.set(index, {
      instruction: index,
      minAge: Math.min(left.minAge, right.minAge),
      instances: Math.max(left.instances, right.instances),
      readInstances: Math.max(left.readsPending ? left.readInstances : 0, right.readsPending ? right.readInstances : 0),
      readsPending: left.readsPending || right.readsPending,
      writesPending: left.writesPending || right.writesPending,
      guardIntact: left.guardIntact && right.guardIntact,
      skipped: left.skipped && right.skipped,
      after: new Set([...left.after].filter((other) => right.after.has(other))),
    });
  }
  return joined;
}

/** True when two abstract states are the same. */
export function sameState(a: AbstractState, b: AbstractState): boolean {
  if (a.size !== b.size) return false;
  for (const [index, left] of a) {
    const right = b.get(index);
    if (!right) return false;
    if (left.minAge !== right.minAge || left.instances !== right.instances || left.readInstances !== right.readInstances) return false;
    if (left.readsPending !== right.readsPending || left.writesPending !== right.writesPending) return false;
    if (left.guardIntact !== right.guardIntact || left.skipped !== right.skipped) return false;
    if (left.after.size !== right.after.size || [...left.after].some((other) => !right.after.has(other))) return false;
  }
  return true;
}

/**
 * Drops entries that left the state from every `after` set (in place): an instruction no longer
 * pending is nobody's pending successor. Returns the same map.
 */
export function pruneSuccessors(state: Map<number, PendingEntry>): Map<number, PendingEntry> {
  for (const [index, entry] of state) {
    const after = new Set([...entry.after].filter((other) => state.has(other)));
    if (after.size !== entry.after.size) state.set(index, { ...entry, after });
  }
  return state;
}
