import { MAX_DEPBAR_LIMIT } from '../../../format/hp/validate.js';
import type { SassInstruction, SassProgram } from '../../../spec/sass/program.js';
import type { AnalysisResult } from '../analysis/fixpoint.js';
import type { PendingEntry } from '../analysis/domain.js';
import { queuedSources, sameOrderedQueue } from '../analysis/transfer.js';
import { successors } from '../cfg.js';
import { isControlOnly } from './controlOnly.js';
import { insertBefore } from './insertBefore.js';

/**
 * The kernel with `DEPBAR.LE SBn, k` instead of a wait for zero wherever a reader waits on a
 * scoreboard that later loads of the same in-order queue share with the loads it needs: ptxas'
 * way of sharing one scoreboard over a run of loads. Loads of an ordered queue complete in issue
 * order, so while a needed load is outstanding, so is every load of its queue issued after it:
 * with k of those counting on the scoreboard (and their increments visible to a `DEPBAR`), a
 * count of at most k proves the needed load complete, and the reader need not wait for the later
 * ones. The `DEPBAR` goes right before the reader (the latest place, on every path into it) and
 * the reader drops that scoreboard from its wait mask (unless the next instruction waits for the
 * scoreboard to empty anyway). `analysis` is the analysis of `program`
 * (whose waits are proved); the result is a candidate to prove and time again, or null when no
 * reader would gain (k would be 0: that is the wait itself, one instruction dearer).
 */
export function depbarVariant(program: SassProgram, analysis: AnalysisResult): SassProgram | null {
  const inserts = new Map<number, SassInstruction[]>();
  const controls = program.instructions.map((instruction) => instruction.control);
  const next = successors(program);
  program.instructions.forEach((instruction, index) => {
    const state = analysis.before[index];
    if (!state || isControlOnly(instruction)) return;
    for (const scoreboard of instruction.control.wait) {
      // A wait that bounds the reader's own increments (a counter that could overflow) stays.
      if (instruction.control.writeScoreboard === scoreboard || instruction.control.readScoreboard === scoreboard) continue;
      // Where the next instruction waits for the scoreboard to empty anyway, a DEPBAR only costs its issue cycle.
      if (next[index]!.some((successor) => program.instructions[successor]!.control.wait.includes(scoreboard))) continue;
      const limit = depbarLimit(program, state, instruction, scoreboard);
      if (limit === null || limit < 1) continue;
      const depbar: SassInstruction = {
        opcode: 'DEPBAR.LE', guard: null, destinations: [], sources: [], readAtIssue: [], unit: { kind: 'none' }, flow: { kind: 'next' }, drains: [],
        depbar: { scoreboard, limit }, control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 }, latencyClass: null,
        line: instruction.line, column: instruction.column, text: `DEPBAR.LE SB${scoreboard}, ${limit}`,
      };
      inserts.set(index, [...(inserts.get(index) ?? []), depbar]);
      controls[index] = { ...controls[index]!, wait: controls[index]!.wait.filter((waited) => waited !== scoreboard) };
    }
  });
  if (inserts.size === 0) return null;
  return insertBefore({ ...program, instructions: program.instructions.map((instruction, index) => ({ ...instruction, control: controls[index]! })) }, inserts);
}

/**
 * The largest k for which `DEPBAR.LE SBn, k` before `reader` proves complete everything on
 * scoreboard n the reader depends on: for each such entry, the count it forces while outstanding
 * (itself and the later loads of its queue on n, where a `DEPBAR` sees them) less one, and no
 * more than the immediate holds. Null when
 * the reader depends on nothing on n.
 */
function depbarLimit(program: SassProgram, state: ReadonlyMap<number, PendingEntry>, reader: SassInstruction, scoreboard: number): number | null {
  const onBoard = (entry: PendingEntry) => {
    const control = program.instructions[entry.instruction]!.control;
    return (entry.writesPending && control.writeScoreboard === scoreboard) || (entry.readsPending && control.readScoreboard === scoreboard);
  };
  const visible = (entry: PendingEntry) => entry.minAge >= program.depbarVisibilityDelay;
  const entries = [...state.values()].filter(onBoard);
  let limit: number | null = null;
  for (const entry of entries) {
    if (entry.skipped || !depends(program, entry, reader)) continue;
    const producer = program.instructions[entry.instruction]!;
    const later = entries.filter((other) => entry.after.has(other.instruction) && sameOrderedQueue(program, producer, program.instructions[other.instruction]!) && visible(other)).length;
    const forced = (visible(entry) ? 1 : 0) + later;
    limit = Math.min(limit ?? MAX_DEPBAR_LIMIT, forced - 1);
  }
  return limit;
}

/** The reader reads a result the entry may not have written, or writes what it may still read or write. */
function depends(program: SassProgram, entry: PendingEntry, reader: SassInstruction): boolean {
  const producer = program.instructions[entry.instruction]!;
  const inOrder = sameOrderedQueue(program, producer, reader);
  if (entry.writesPending && producer.destinations.some((register) => reader.sources.includes(register))) return true;
  if (reader.unit.kind === 'none') return false;
  if (entry.writesPending && !inOrder && producer.destinations.some((register) => reader.destinations.includes(register))) return true;
  return entry.readsPending && !inOrder && queuedSources(producer).some((register) => reader.destinations.includes(register));
}
