import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { barrierGroupArbitrary, consumerHeavyArbitrary } from '../../properties/arbitraries/barrierGroup.js';
import { annotateProgram } from '../../impl/annotate/annotate.js';
import { checkImmediate, type QueryAnswer } from '../../solver/immediateQuery.js';
import { ImmediateSolver } from '../../solver/immediateSolver.js';
import { intValue } from '../../solver/intValue.js';
import { releaseZ3, withZ3, type Z3Context } from '../../solver/z3.js';
import { eventOrder, type EventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { largestSafeByEnumeration } from '../../spec/scoreboard/depbar/largestSafe.js';

afterAll(releaseZ3);

/**
 * The encoding the solver used before: a distinct position per event, a cut, the protected event
 * at or after it. Answers the same question; its counterexample reduced to the smallest cut.
 */
async function positionsAnswer(z3: Z3Context, order: EventOrder, protectedEvent: number, immediate: number): Promise<{ verdict: string; doneAtBarrier: number | null }> {
  const { Solver, Int, Distinct, If, Sum } = z3;
  const solver = new Solver();
  const count = order.events.length;
  const position = order.events.map((_, index) => Int.const(`p${index}`));
  const cut = Int.const('cut');
  for (const p of position) solver.add(p.ge(0), p.lt(count));
  if (count > 1) solver.add(Distinct(...position));
  for (const [a, b] of order.before) solver.add(position[a]!.lt(position[b]!));
  solver.add(cut.ge(0), cut.le(count), position[protectedEvent]!.ge(cut));
  const outstanding = order.events.flatMap((event, index) => (event.counted ? [If(position[index]!.ge(cut), 1, 0)] : []));
  solver.add(outstanding.length === 0 ? Int.val(0).le(immediate) : outstanding.length === 1 ? outstanding[0]!.le(immediate) : Sum(outstanding[0]!, ...outstanding.slice(1)).le(immediate));
  const result = await solver.check();
  if (result !== 'sat') return { verdict: result === 'unsat' ? 'proved' : 'unknown', doneAtBarrier: null };
  let smallest = intValue(solver.model().eval(cut, true));
  for (;;) {
    solver.push();
    solver.add(cut.lt(smallest));
    const smaller = await solver.check();
    if (smaller === 'sat') smallest = intValue(solver.model().eval(cut, true));
    solver.pop();
    if (smaller !== 'sat') return { verdict: 'counterexample', doneAtBarrier: smallest };
  }
}

const summary = (answer: QueryAnswer) => ({ verdict: answer.verdict, doneAtBarrier: answer.verdict === 'counterexample' ? answer.order.doneAtBarrier : null });

/** Whether `sequence` lists every event once, in an order that respects `before`. */
function respectsOrder(order: EventOrder, sequence: readonly number[]): boolean {
  const at = new Map(sequence.map((event, step) => [event, step]));
  return sequence.length === order.events.length && at.size === sequence.length && order.before.every(([a, b]) => at.get(a)! < at.get(b)!);
}

/** Event orders in front of a barrier: random producer groups, and the DEPBARs the annotate pass writes. */
const orders = fc.oneof(
  barrierGroupArbitrary().map((program) => eventOrder(program, program.instructions.length - 1, 0)),
  consumerHeavyArbitrary().map((program) => annotateProgram(program).program).filter((program: Program) => program.instructions.some((i) => i.kind === 'depbar'))
    .map((program) => {
      const index = program.instructions.findIndex((i) => i.kind === 'depbar');
      const barrier = program.instructions[index]!;
      return eventOrder(program, index, barrier.kind === 'depbar' ? barrier.scoreboard : 0);
    }),
);

describe('ImmediateSolver', () => {
  it('answers as the positions encoding does, with the same fewest events done, on one incremental solver', async () => {
    // The positions encoding is slow on larger groups; at each event's boundary: the largest safe immediate and one more.
    await fc.assert(fc.asyncProperty(orders.filter((order) => order.events.length <= 8), async (order) => {
      await withZ3(async (z3) => {
        const incremental = new ImmediateSolver(z3, order, 10_000);
        for (let event = 0; event < order.events.length; event++) {
          const largest = largestSafeByEnumeration(order, event);
          for (const immediate of largest === null ? [0] : [largest, largest + 1]) {
            const answer = await incremental.check(event, immediate, 'test');
            expect(summary(answer)).toEqual(await positionsAnswer(z3, order, event, immediate));
            if (answer.verdict === 'counterexample') {
              expect(respectsOrder(order, answer.order.sequence)).toBe(true);
              expect(answer.order.sequence.slice(0, answer.order.doneAtBarrier)).not.toContain(event);
              const outstanding = answer.order.sequence.slice(answer.order.doneAtBarrier).filter((e) => order.events[e]!.counted).length;
              expect(outstanding).toBeLessThanOrEqual(immediate);
            }
          }
        }
      });
    }), { numRuns: 12 });
  });

  it('gives the answers a fresh solver per query gives, in any order of queries', async () => {
    await fc.assert(fc.asyncProperty(orders, fc.infiniteStream(fc.nat()), async (order, picks) => {
      const counted = order.events.filter((event) => event.counted).length;
      const queries = Array.from({ length: 8 }, () => [picks.next().value % order.events.length, picks.next().value % (counted + 2)] as const);
      const shared = await withZ3(async (z3) => {
        const solver = new ImmediateSolver(z3, order, 10_000);
        const answers = [];
        for (const [event, immediate] of queries) answers.push(summary(await solver.check(event, immediate, 'shared')));
        return answers;
      });
      const fresh = [];
      for (const [event, immediate] of queries) fresh.push(summary(await checkImmediate(order, event, immediate, 10_000, 'fresh')));
      expect(shared).toEqual(fresh);
    }), { numRuns: 25 });
  });

  it('writes each query as SMT-LIB 2 that a fresh solver answers the same way', async () => {
    await fc.assert(fc.asyncProperty(orders, async (order) => {
      for (let event = 0; event < order.events.length; event++) {
        const answer = await checkImmediate(order, event, 1, 10_000, 'rechecked', false);
        const rechecked = await withZ3(async (z3) => {
          const solver = new z3.Solver();
          solver.fromString(answer.smt2.replace('(check-sat)', '').replace('(get-model)', ''));
          return solver.check();
        });
        expect(rechecked).toBe(answer.verdict === 'proved' ? 'unsat' : 'sat');
      }
    }), { numRuns: 15 });
  });

  it("reports Z3's 'unknown' with its reason, never as an answer (a large group, a 1 ms timeout)", async () => {
    // 400 counted writes on four pipes; immediate 100 is broken (the protected write is last on its pipe).
    const events = Array.from({ length: 400 }, (_, i) => ({ instruction: i, kind: 'write' as const, pipe: i % 4, counted: true }));
    const order: EventOrder = { events, before: events.slice(4).map((_, i) => [i, i + 4] as const) };
    for (const reduce of [true, false]) {
      const answer = await checkImmediate(order, 399, 100, 1, 'timeout', reduce);
      expect(answer.verdict).not.toBe('proved');
      if (answer.verdict === 'unknown') expect(answer.reason).not.toBe('');
    }
  });
});
