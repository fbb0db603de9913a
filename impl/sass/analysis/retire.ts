import type { SassProgram } from '../../../spec/sass/program.js';
import { AGE_CAP, entriesOf, PendingState, positions, pruneSuccessors, type AbstractState, type PendingEntry } from './domain.js';
import { sameOrderedQueue, sameReadOrderedQueue } from './transfer.js';

/**
 * What an instruction allowed to issue learns from scoreboard `scoreboard` reading at most
 * `limit` (0 for a wait mask, k for `DEPBAR.LE SBn, k`). Suppose an entry's write were still
 * outstanding: it would count on its write scoreboard (once its increment is visible), and so
 * would every later entry of the same ordered queue, which cannot have written either. If that
 * forced count exceeds the limit, the supposition is false and the write has landed. Reads
 * argue the same way (a pending read also means a pending write, there and later in the queue),
 * in every queue that reads in order, even one whose results complete in any order: a later
 * entry that has not read has not written.
 */
export function retire(program: SassProgram, state: AbstractState, scoreboard: number, limit: number, visibilityDelay: number): AbstractState {
  const list = entriesOf(state);
  const next = retireEntries(program, list, scoreboard, limit, visibilityDelay);
  return next === list && state instanceof PendingState ? state : new PendingState(next);
}

/** `retire` on a list of entries: the same array when nothing is retired, else a new one. */
export function retireEntries(program: SassProgram, list: readonly PendingEntry[], scoreboard: number, limit: number, visibilityDelay: number): readonly PendingEntry[] {
  const visible = (entry: PendingEntry) => entry.minAge >= visibilityDelay;
  const counts = (entry: PendingEntry, withReads: boolean): number => {
    const control = program.instructions[entry.instruction]!.control;
    if (!visible(entry)) return 0;
    return (control.writeScoreboard === scoreboard ? 1 : 0) + (withReads && control.readScoreboard === scoreboard ? 1 : 0);
  };
  let marked = false;
  const forced = (entry: PendingEntry, withReads: boolean): number => {
    const instruction = program.instructions[entry.instruction]!;
    let total = counts(entry, withReads);
    if (entry.after.size === 0) return total;
    if (!marked) {
      positions.mark(list);
      marked = true;
    }
    for (const later of entry.after) {
      const position = positions.of(later);
      const laterInstruction = program.instructions[later]!;
      const follows = withReads ? sameReadOrderedQueue(program, instruction, laterInstruction) : sameOrderedQueue(program, instruction, laterInstruction);
      if (position >= 0 && follows) total += counts(list[position]!, withReads);
    }
    return total;
  };
  // Most waits retire nothing new: the list is then returned as it is, not copied.
  let next: PendingEntry[] | null = null;
  for (let position = 0; position < list.length; position++) {
    const entry = list[position]!;
    if (program.instructions[entry.instruction]!.unit.kind !== 'variable') {
      next?.push(entry);
      continue;
    }
    // A write proved complete here proves the read before it; writes never tracked (stores) prove nothing.
    const writeLanded = entry.writesPending && forced(entry, false) > limit;
    const writesPending = entry.writesPending && !writeLanded;
    const readsPending = entry.readsPending && !writeLanded && forced(entry, true) <= limit;
    // Results written at the read step: their own read scoreboard (or the write one) must show it, not a later entry's.
    const earlyPending = (entry.earlyPending ?? false) && !writeLanded && counts(entry, true) <= limit;
    if (writesPending === entry.writesPending && readsPending === entry.readsPending && earlyPending === (entry.earlyPending ?? false)) {
      next?.push(entry);
      continue;
    }
    next ??= list.slice(0, position);
    if (writesPending || readsPending) next.push({ ...entry, writesPending, readsPending, ...(entry.earlyPending === undefined ? {} : { earlyPending }) });
  }
  if (next === null) return list;
  return pruneSuccessors(aged(program, list, next));
}

/**
 * `next` once what the writes it retired prove of time is applied: an instruction with a read
 * delay whose write landed issued at least `readDelay + 1` cycles ago, so every fixed-latency
 * result it knows to be older (`PendingEntry.olderAges`) is older by that much more; one that
 * has surely landed by then leaves the list. `next` itself (changed in place).
 */
function aged(program: SassProgram, list: readonly PendingEntry[], next: PendingEntry[]): PendingEntry[] {
  let floors: Map<number, number> | null = null;
  for (const entry of list) {
    const unit = program.instructions[entry.instruction]!.unit;
    if (entry.olderAges === undefined || unit.kind !== 'variable' || unit.readDelay === undefined || !entry.writesPending) continue;
    // Retired: its write landed here (it is gone from `next`, or kept with its write no longer pending).
    const kept = next.find((other) => other.instruction === entry.instruction);
    if (kept !== undefined && kept.writesPending) continue;
    const since = Math.max(entry.minAge, unit.readDelay + 1);
    for (const [older, gap] of entry.olderAges) {
      floors ??= new Map();
      floors.set(older, Math.max(floors.get(older) ?? 0, gap + since));
    }
  }
  if (floors === null) return next;
  for (let position = next.length - 1; position >= 0; position--) {
    const entry = next[position]!;
    const floor = floors.get(entry.instruction);
    if (floor === undefined || floor <= entry.minAge) continue;
    const unit = program.instructions[entry.instruction]!.unit;
    if (unit.kind === 'fixed' && floor >= unit.latency) next.splice(position, 1);
    else next[position] = { ...entry, minAge: Math.min(AGE_CAP, floor) };
  }
  return next;
}
