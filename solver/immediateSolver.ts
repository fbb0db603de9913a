import type { EventOrder } from '../spec/scoreboard/depbar/eventOrder.js';
import { breakingSequence } from './breakingSequence.js';
import type { QueryAnswer } from './immediateQuery.js';
import { intValue } from './intValue.js';
import { reduceModel } from './reduceModel.js';
import type { Z3Context } from './z3.js';

/**
 * One incremental Z3 solver for the immediates of one event order: the order is asserted once,
 * and each query ("is immediate k safe for event e?") is asked inside push/pop, so a DEPBAR's
 * soundness, tightness and largest-safe queries share the encoding and the solver's state.
 * (A query without reduction, and the fallback below, get a fresh plain solver of their own.)
 *
 * The encoding says which events are done when the barrier is evaluated, not when each one
 * happens: a Boolean per event, closed under the order (an event done means everything before it
 * is done). A set closed that way is exactly the set of events before some moment of some
 * allowed order (put it first, in any order consistent with `before`, then the rest), so the
 * answers are those of an encoding with a position per event; but the solver no longer has to
 * tell apart the many orders of the done events among themselves (that encoding made every
 * unsat proof a pigeonhole argument over permutations).
 *
 * The solver is Z3's optimizing one: a query that asks for a reduced counterexample minimises
 * the number of done events in the same check, instead of asking again for fewer until unsat
 * (each check is a round trip to Z3's worker thread, and the round trips were most of the time).
 * Should minimising run out of time, the question is asked alone on a plain solver and reduced
 * round by round, as before, so that a timeout in the reduction never becomes the verdict.
 * The formulas are written as SMT-LIB 2 and parsed by Z3, so the text kept as the obligation is
 * exactly what was checked (and building them through the API, call by call, cost more).
 *
 * Only for use inside one `withZ3` callback: its checks must not overlap with another's.
 */
export class ImmediateSolver {
  private readonly optimizer;
  private readonly timeoutMs: number;
  private readonly done;
  private readonly names: readonly string[];
  /** SMT-LIB 2 of the declarations, and of the declarations and the order: the text is what Z3 is given. */
  private readonly declarations: string;
  private readonly orderText: string;
  /** The number of counted events not done, as an SMT-LIB 2 term. */
  private readonly outstanding: string;
  /** `cut`: how many events are done when the barrier is evaluated (the moment, as the breaking order shows it). */
  private readonly cut;
  private readonly remembered = new Map<string, QueryAnswer>();

  constructor(private readonly z3: Z3Context, private readonly order: EventOrder, timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    this.names = order.events.map((event, index) => `done_e${index}_${event.kind}_of_${event.instruction}`);
    this.declarations = [...this.names.map((name) => `(declare-fun ${name} () Bool)\n`), '(declare-fun cut () Int)\n'].join('');
    this.orderText = [
      this.declarations,
      ...order.before.map(([a, b]) => `(assert (=> ${this.names[b]} ${this.names[a]}))\n`),
      `(assert (= cut ${sum(this.names.map((name) => `(ite ${name} 1 0)`))}))\n`,
    ].join('');
    this.optimizer = new z3.Optimize();
    this.optimizer.set('timeout', timeoutMs);
    this.optimizer.fromString(this.orderText);
    this.done = this.names.map((name) => z3.Bool.const(name));
    this.cut = z3.Int.const('cut');
    this.outstanding = sum(order.events.flatMap((event, index) => (event.counted ? [`(ite (not ${this.names[index]}) 1 0)`] : [])));
  }

  /**
   * Whether some allowed order reaches a moment where `protectedEvent` has not happened and at
   * most `immediate` counted events are outstanding (unsat: the immediate is proved safe for
   * it). A counterexample is reduced to the fewest events done, as Alive2 reduces its models
   * (skipped with `reduce` false). The same query asked twice is answered once.
   */
  async check(protectedEvent: number, immediate: number, label: string, reduce = true): Promise<QueryAnswer> {
    const key = `${protectedEvent}/${immediate}/${reduce}`;
    const known = this.remembered.get(key);
    if (known) return { ...known, smt2: withLabel(label, known.smt2), elapsedMs: 0 };
    const started = performance.now();
    const query = `(assert (not ${this.names[protectedEvent]}))\n(assert (<= ${this.outstanding} ${integer(immediate)}))\n`;
    let answer = reduce ? await this.minimising(query) : await this.alone(query, false);
    // Minimising may run out of time where the question alone would not: then ask it alone and
    // reduce round by round, so that 'unknown' (and Z3's reason for it) means what it always meant.
    if (answer.verdict === 'unknown' && reduce) answer = await this.alone(query, true);
    answer = { ...answer, smt2: `${this.orderText}${query}(check-sat)\n(get-model)\n`, elapsedMs: performance.now() - started };
    this.remembered.set(key, answer);
    return { ...answer, smt2: withLabel(label, answer.smt2) };
  }

  /** The query with the fewest done events as the objective, on the optimizing solver. */
  private minimising(query: string): Promise<QueryAnswer> {
    const { optimizer } = this;
    // The objective belongs to this query's scope, as its assertions do.
    return this.ask(optimizer, () => optimizer.fromString(`${this.declarations}${query}(minimize cut)\n`));
  }

  /**
   * The query alone, on a fresh plain solver (as every query was asked before the optimizing
   * one: a timeout then reads 'timeout'); with `reduce`, a counterexample is then reduced by
   * asking for a smaller cut until there is none.
   */
  private alone(query: string, reduce: boolean): Promise<QueryAnswer> {
    const plain = new this.z3.Solver();
    plain.set('timeout', this.timeoutMs);
    const { cut } = this;
    const reduced = (model: InstanceType<Z3Context['Model']>) => reduceModel(plain, model, (m) => [cut.lt(intValue(m.eval(cut, true)))], 64);
    return this.ask(plain, () => plain.fromString(`${this.orderText}${query}`), reduce ? reduced : undefined, false);
  }

  /** Asks `solver` the query `add` asserts (in a scope of its own if `scoped`): the answer without its text and time. */
  private async ask(
    solver: InstanceType<Z3Context['Solver']> | InstanceType<Z3Context['Optimize']>, add: () => void,
    reduced: (model: InstanceType<Z3Context['Model']>) => Promise<InstanceType<Z3Context['Model']>> = (model) => Promise.resolve(model), scoped = true,
  ): Promise<QueryAnswer> {
    if (scoped) solver.push();
    try {
      add();
      const result = await solver.check();
      if (result === 'unknown') return { verdict: 'unknown', reason: solver.reasonUnknown(), smt2: '', elapsedMs: 0 };
      if (result === 'unsat') return { verdict: 'proved', smt2: '', elapsedMs: 0 };
      const model = await reduced(solver.model());
      const isDone = this.done.map((d) => this.z3.isTrue(model.eval(d, true)));
      return { verdict: 'counterexample', order: { sequence: breakingSequence(this.order, isDone), doneAtBarrier: isDone.filter(Boolean).length }, smt2: '', elapsedMs: 0 };
    } finally {
      if (scoped) solver.pop();
    }
  }
}

/** The SMT-LIB 2 sum of `terms` (0 for none). */
function sum(terms: readonly string[]): string {
  return terms.length === 0 ? '0' : terms.length === 1 ? terms[0]! : `(+ ${terms.join(' ')})`;
}

/** An integer literal in SMT-LIB 2 (negative ones are written `(- n)`). */
function integer(value: number): string {
  return value < 0 ? `(- ${-value})` : String(value);
}

function withLabel(label: string, smt2: string): string {
  return `; ${label}\n; done_eI: event I has happened when the barrier is evaluated (whatever precedes it has too); cut: how many have\n; sat = an allowed order breaks the immediate; unsat = proved safe\n${smt2}`;
}
