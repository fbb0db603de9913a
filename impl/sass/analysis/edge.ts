import type { SassProgram } from '../../../spec/sass/program.js';
import { entriesOf, PendingState, type AbstractState, type PendingEntry } from './domain.js';

/**
 * The state on one edge of a guarded control transfer: taking `@P0 BRA` means P0 held, falling
 * through means it did not. A pending instruction guarded by the same predicate, not written
 * since, therefore did or did not execute; one that did not is marked `skipped` (the
 * `@P0 LDS ...; @P0 BRA LOOP` pattern of software-pipelined loops).
 */
export function refineEdge(program: SassProgram, state: AbstractState, from: number, to: number): AbstractState {
  const instruction = program.instructions[from]!;
  const guard = instruction.guard;
  const flow = instruction.flow;
  // Branches and exits only: a return's edges are shared with other returns' sites.
  if (guard === null || (flow.kind !== 'branch' && flow.kind !== 'exit')) return state;
  const target = flow.kind === 'branch' ? flow.target : null;
  if (target === from + 1) return state;
  const taken = to === target;
  if (!taken && to !== from + 1) return state;
  // A conditional transfer (`@!P0 BRA P1, ...`) falls through when its own condition fails too:
  // falling through says nothing of the guard.
  if (!taken && flow.conditional === true) return state;
  // The predicate's value on this edge.
  const value = taken !== guard.negated;
  const list = entriesOf(state);
  let refined: PendingEntry[] | null = null;
  for (let position = 0; position < list.length; position++) {
    const entry = list[position]!;
    const entryGuard = program.instructions[entry.instruction]!.guard;
    if (!entry.guardIntact || entry.skipped || entryGuard?.predicate !== guard.predicate) continue;
    const executed = value !== entryGuard.negated;
    if (executed) continue;
    refined ??= [...list];
    refined[position] = { ...entry, skipped: true };
  }
  return refined === null ? state : new PendingState(refined);
}
