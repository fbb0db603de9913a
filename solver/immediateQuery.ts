import type { EventOrder } from '../spec/scoreboard/depbar/eventOrder.js';
import { intValue } from './intValue.js';
import { reduceModel } from './reduceModel.js';
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
 * the consumer go too early). Each event gets a distinct position; `cut` is the moment the barrier
 * is evaluated. unsat = the immediate is proved safe for this event. A counterexample is reduced
 * to the earliest such moment (fewest events done), in the spirit of Alive2's model reduction
 * (skipped with `reduce` false, when only the verdict matters).
 */
export function checkImmediate(order: EventOrder, protectedEvent: number, immediate: number, timeoutMs: number, label: string, reduce = true): Promise<QueryAnswer> {
  return withZ3(async (z3) => {
    const started = performance.now();
    const { Solver, Int, Distinct, If, Sum } = z3;
    const solver = new Solver();
    solver.set('timeout', timeoutMs);
    const count = order.events.length;
    const position = order.events.map((event, index) => Int.const(`e${index}_${event.kind}_of_${event.instruction}`));
    const cut = Int.const('cut');
    for (const p of position) solver.add(p.ge(0), p.lt(count));
    if (count > 1) solver.add(Distinct(...position));
    for (const [a, b] of order.before) solver.add(position[a]!.lt(position[b]!));
    solver.add(cut.ge(0), cut.le(count), position[protectedEvent]!.ge(cut));
    const outstanding = order.events.flatMap((event, index) => (event.counted ? [If(position[index]!.ge(cut), 1, 0)] : []));
    solver.add(outstanding.length === 0 ? Int.val(0).le(immediate) : outstanding.length === 1 ? outstanding[0]!.le(immediate) : Sum(outstanding[0]!, ...outstanding.slice(1)).le(immediate));
    const smt2 = `; ${label}\n; sat = an allowed order breaks the immediate; unsat = proved safe\n${solver.toString()}\n(check-sat)\n(get-model)\n`;
    const result = await solver.check();
    if (result === 'unknown') return { verdict: 'unknown', reason: solver.reasonUnknown(), smt2, elapsedMs: performance.now() - started };
    if (result === 'unsat') return { verdict: 'proved', smt2, elapsedMs: performance.now() - started };
    // Reduce: ask for an earlier cut until there is none.
    const model = await reduceModel(solver, solver.model(), (m) => [cut.lt(intValue(m.eval(cut, true)))], reduce ? 64 : 0);
    const positions = position.map((p) => intValue(model.eval(p, true)));
    const sequence = positions.map((p, index) => [p, index] as const).sort((a, b) => a[0] - b[0]).map(([, index]) => index);
    const doneAtBarrier = intValue(model.eval(cut, true));
    return { verdict: 'counterexample', order: { sequence, doneAtBarrier }, smt2, elapsedMs: performance.now() - started };
  });
}
