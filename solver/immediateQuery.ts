import type { EventOrder } from '../spec/scoreboard/depbar/eventOrder.js';
import { ImmediateSolver } from './immediateSolver.js';
import { withZ3 } from './z3.js';

/** An ordering that breaks an immediate: events done when the barrier lets the consumer go, then the rest. */
export interface BreakingOrder {
  /** Event indices in the order they happen. */
  readonly sequence: readonly number[];
  /** How many of them have happened when the barrier passes (the protected event is not among them). */
  readonly doneAtBarrier: number;
}

/** The solver's answer to "is immediate k safe for this event?". */
export type QueryAnswer =
  | { readonly verdict: 'proved'; readonly smt2: string; readonly elapsedMs: number }
  | { readonly verdict: 'counterexample'; readonly order: BreakingOrder; readonly smt2: string; readonly elapsedMs: number }
  | { readonly verdict: 'unknown'; readonly reason: string; readonly smt2: string; readonly elapsedMs: number };

/**
 * Asks Z3 whether some order the machine allows reaches a moment where the protected event has
 * not happened and at most `immediate` counted events are outstanding (so `DEPBAR.LE` would let
 * the consumer go too early). unsat = the immediate is proved safe for this event. A
 * counterexample is reduced to the earliest such moment (fewest events done), in the spirit of
 * Alive2's model reduction (skipped with `reduce` false, when only the verdict matters).
 * One query on a solver of its own; `proveDepbar` asks all of a DEPBAR's on one `ImmediateSolver`.
 */
export function checkImmediate(order: EventOrder, protectedEvent: number, immediate: number, timeoutMs: number, label: string, reduce = true): Promise<QueryAnswer> {
  return withZ3((z3) => new ImmediateSolver(z3, order, timeoutMs).check(protectedEvent, immediate, label, reduce));
}
