import type { SassProgram } from '../../../spec/sass/program.js';
import { pruneSuccessors, type AbstractState, type PendingEntry } from './domain.js';
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
  const visible = (entry: PendingEntry) => entry.minAge >= visibilityDelay;
  const counts = (entry: PendingEntry, withReads: boolean): number => {
    const control = program.instructions[entry.instruction]!.control;
    if (!visible(entry)) return 0;
    return (control.writeScoreboard === scoreboard ? 1 : 0) + (withReads && control.readScoreboard === scoreboard ? 1 : 0);
  };
  const forced = (entry: PendingEntry, withReads: boolean): number => {
    const instruction = program.instructions[entry.instruction]!;
    let total = counts(entry, withReads);
    for (const later of entry.after) {
      const laterEntry = state.get(later);
      const laterInstruction = program.instructions[later]!;
      const follows = withReads ? sameReadOrderedQueue(program, instruction, laterInstruction) : sameOrderedQueue(program, instruction, laterInstruction);
      if (laterEntry && follows) total += counts(laterEntry, withReads);
    }
    return total;
  };
  const next = new Map<number, PendingEntry>();
  let changed = false;
  for (const [index, entry] of state) {
    if (program.instructions[index]!.unit.kind !== 'variable') {
      next.set(index, entry);
      continue;
    }
    // A write proved complete here proves the read before it; writes never tracked (stores) prove nothing.
    const writeLanded = entry.writesPending && forced(entry, false) > limit;
    const writesPending = entry.writesPending && !writeLanded;
    const readsPending = entry.readsPending && !writeLanded && forced(entry, true) <= limit;
    if (writesPending === entry.writesPending && readsPending === entry.readsPending) {
      next.set(index, entry);
      continue;
    }
    changed = true;
    if (writesPending || readsPending) next.set(index, { ...entry, writesPending, readsPending });
  }
  if (!changed) return state;
  return pruneSuccessors(next);
}
