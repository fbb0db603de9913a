/**
 * Cross-checks the enumeration of `impl/edgeLatency/judge.ts` with Z3 on a sample of its cases.
 *
 * The per-component timing model (`spec/components/pairTiming.ts`) is encoded again here, from
 * its definitions, without calling `pairHazards`: the edge latency is a Z3 integer `edge >= 1`,
 * every read and write of both instructions is a cycle term in `edge`, and "a hazard of the
 * rule's kind exists" is a disjunction over the pairs of events on the same register component.
 * Z3 then decides, for the edge latency the rule gives:
 * - sound: unsat(hazard and edge = rule edge);
 * - one cycle less is unsafe: rule edge = 1, or sat(hazard and edge = rule edge - 1);
 * - the smallest safe edge (`needed`): a model of (edge >= 1 and no hazard), then of the same
 *   below the edge found, until unsat; the last edge found is the least.
 * An `unknown` answer of any query is reported as such, with Z3's reason, never as agreement.
 */
import { intValue } from './intValue.js';
import { enumerateRuleCases, type RuleCase, type RuleCaseSet } from '../impl/edgeLatency/judge.js';
import type { Component, DependenceKind } from '../impl/edgeLatency/rules.js';
import type { ComponentHazard, RepeatedInstruction } from '../spec/components/pairTiming.js';
import { Random } from '../explore/random.js';
import { withZ3, type Z3Context } from './z3.js';

/** Default per-query Z3 timeout (ms), as `hazardproof prove` uses. */
export const DEFAULT_RULE_QUERY_TIMEOUT_MS = 10_000;

/** The hazard kind each dependence kind is judged on: flow RAW, anti WAR, output WAW. */
export const HAZARD_OF_DEPENDENCE: Readonly<Record<DependenceKind, ComponentHazard['kind']>> = { flow: 'RAW', anti: 'WAR', output: 'WAW' };

/** Z3's decision for one case, each fact from its own query. */
export interface Z3RuleFacts {
  /** No hazard of the kind at the rule's edge latency (unsat). */
  readonly sound: boolean;
  /** The rule's edge is 1, or one cycle less shows a hazard of the kind (sat). */
  readonly oneCycleLessUnsafe: boolean;
  /** Sound and one cycle less is unsafe: the rule's edge is the smallest safe one. */
  readonly tight: boolean;
  /** Smallest edge latency from 1 with no hazard of the kind (Infinity if Z3 finds none safe). */
  readonly needed: number;
  /** For an unsound rule edge, the hazard in Z3's model at that edge; null when sound. */
  readonly witness: ComponentHazard | null;
}

/** Z3's answer for one case: its facts, or `unknown` with the query and Z3's reason. */
export type Z3RuleAnswer =
  | ({ readonly verdict: 'decided'; readonly elapsedMs: number } & Z3RuleFacts)
  | { readonly verdict: 'unknown'; readonly reason: string; readonly elapsedMs: number };

/** The same facts read off the enumeration's `edge` and `needed` (hazards only grow as the edge shrinks). */
export interface EnumeratedRuleFacts {
  readonly sound: boolean;
  readonly oneCycleLessUnsafe: boolean;
  readonly tight: boolean;
  readonly needed: number;
}

/** A sampled case on which Z3 and the enumeration differ, with both answers in full. */
export interface RuleCaseDisagreement {
  readonly rule: string;
  readonly kind: DependenceKind;
  readonly case: RuleCase;
  readonly enumeration: EnumeratedRuleFacts;
  readonly z3: Z3RuleFacts;
}

/** How many cases of one rule the sample holds, and how many of those the enumeration finds unsound. */
export interface SampledRule {
  readonly rule: string;
  readonly sampled: number;
  readonly unsound: number;
}

/** Outcome of `crossCheckRules`: every sampled case agrees, disagrees, or got `unknown` from Z3. */
export interface CrossCheckResult {
  readonly seed: number;
  readonly sampled: number;
  readonly agreed: number;
  readonly disagreed: number;
  readonly unknown: number;
  readonly rules: readonly SampledRule[];
  /** The first sampled case (in sample order) where Z3 and the enumeration differ. */
  readonly firstDisagreement: RuleCaseDisagreement | null;
  /** The first sampled case Z3 could not decide, with its reason. */
  readonly firstUnknown: { readonly rule: string; readonly case: RuleCase; readonly reason: string } | null;
  readonly elapsedMs: number;
}

/** Options of `crossCheckRules`. */
export interface CrossCheckOptions {
  /** Number of cases to sample (capped at the size of the case space). */
  readonly sample: number;
  /** Seed of the sample: the same seed draws the same cases. */
  readonly seed: number;
  /** Per-query Z3 timeout in ms (default `DEFAULT_RULE_QUERY_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
  /** The enumerated cases, when the caller has them already (default: `enumerateRuleCases()`). */
  readonly sets?: readonly RuleCaseSet[];
}

/** Cases decided on one solver within one `withZ3` turn. */
const CASES_PER_SOLVER = 50;

type Arith = ReturnType<Z3Context['Int']['const']>;
type Formula = ReturnType<Z3Context['Bool']['val']>;

/** One read or write of a register component at a cycle (a Z3 term in `edge` for the successor). */
interface TimedEvent {
  readonly register: string;
  readonly component: Component;
  readonly cycle: Arith;
}

/** One way a hazard can happen: the condition on `edge`, and what it is. */
interface HazardCondition {
  readonly condition: Formula;
  readonly register: string;
  readonly component: Component;
  readonly successorCycle: Arith;
  readonly predecessorCycle: Arith;
}

/**
 * The reads and writes of an instruction whose first execution issues at `start`, in the
 * model's words: "an instruction executed k times issues one execution per cycle; execution j
 * reads its source components at its issue cycle and writes its destination component
 * `latency` cycles later".
 */
function timedEvents(instruction: RepeatedInstruction, start: Arith): { reads: TimedEvent[]; writes: TimedEvent[] } {
  const reads: TimedEvent[] = [];
  const writes: TimedEvent[] = [];
  for (let execution = 0; execution < instruction.executions; execution++) {
    const issue = start.add(execution);
    for (const source of instruction.sources) reads.push({ register: source.register, component: source.components[execution]!, cycle: issue });
    const destination = instruction.destination;
    if (destination) writes.push({ register: destination.register, component: destination.components[execution]!, cycle: issue.add(instruction.latency) });
  }
  return { reads, writes };
}

/**
 * Every way a hazard of `kind` can happen between the pair, as conditions on `edge`. The
 * predecessor's first execution issues at cycle 0; "the successor's first execution issues
 * `edge` cycles after the predecessor's last one", at predecessor executions - 1 + edge. "A
 * write at cycle c is seen by reads at cycle c", hence the strict and non-strict comparisons:
 * - RAW: a successor read of a component before the predecessor's last write of it, that is
 *   before some predecessor write of it: read < write;
 * - WAR: a successor write of a component before or when the predecessor reads it: write <= read;
 * - WAW: a successor write that lands no later than a predecessor write of the same
 *   component: successor write <= predecessor write.
 */
function hazardConditions(z3: Z3Context, predecessor: RepeatedInstruction, successor: RepeatedInstruction, kind: ComponentHazard['kind'], edge: Arith): HazardCondition[] {
  const before = timedEvents(predecessor, z3.Int.val(0));
  const after = timedEvents(successor, edge.add(predecessor.executions - 1));
  const same = (a: TimedEvent, b: TimedEvent) => a.register === b.register && a.component === b.component;
  const conditions: HazardCondition[] = [];
  const pairs = (successorEvents: TimedEvent[], predecessorEvents: TimedEvent[], conflict: (successorCycle: Arith, predecessorCycle: Arith) => Formula) => {
    for (const late of successorEvents) {
      for (const early of predecessorEvents.filter((event) => same(event, late))) {
        conditions.push({ condition: conflict(late.cycle, early.cycle), register: late.register, component: late.component, successorCycle: late.cycle, predecessorCycle: early.cycle });
      }
    }
  };
  if (kind === 'RAW') pairs(after.reads, before.writes, (read, write) => read.lt(write));
  if (kind === 'WAR') pairs(after.writes, before.reads, (write, read) => write.le(read));
  if (kind === 'WAW') pairs(after.writes, before.writes, (write, earlier) => write.le(earlier));
  return conditions;
}

type RuleSolver = InstanceType<Z3Context['Solver']>;

/** A solver for rule queries: each query runs in its own scope, so one solver serves many cases. */
function ruleSolver(z3: Z3Context, timeoutMs: number): RuleSolver {
  const solver = new z3.Solver();
  solver.set('timeout', timeoutMs);
  return solver;
}

/**
 * Asks Z3 whether `ruleEdge` is sound and tight for the pair under dependence `kind`, and for
 * the smallest safe edge latency, each query with `timeoutMs`; any `unknown` makes the whole
 * answer `unknown`. Edge latencies below 1 are refused: the encoding assumes edge >= 1, so it
 * would call them sound vacuously.
 */
export function decideRuleCase(predecessor: RepeatedInstruction, successor: RepeatedInstruction, kind: DependenceKind, ruleEdge: number, timeoutMs = DEFAULT_RULE_QUERY_TIMEOUT_MS): Promise<Z3RuleAnswer> {
  checkRuleEdge(ruleEdge);
  return withZ3((z3) => decideWith(z3, ruleSolver(z3, timeoutMs), predecessor, successor, kind, ruleEdge));
}

function checkRuleEdge(ruleEdge: number): void {
  if (!Number.isInteger(ruleEdge) || ruleEdge < 1) throw new RangeError(`an edge latency is a whole number from 1, got ${ruleEdge}`);
}

/** `decideRuleCase` on a given solver, which it leaves as it found it (no assertions, no scopes). */
async function decideWith(z3: Z3Context, solver: RuleSolver, predecessor: RepeatedInstruction, successor: RepeatedInstruction, kind: DependenceKind, ruleEdge: number): Promise<Z3RuleAnswer> {
  const started = performance.now();
  const baseScopes = solver.numScopes();
  try {
    const hazardKind = HAZARD_OF_DEPENDENCE[kind];
    const edge = z3.Int.const('edge');
    const conditions = hazardConditions(z3, predecessor, successor, hazardKind, edge);
    const hazard = conditions.length === 0 ? z3.Bool.val(false) : z3.Or(...conditions.map((c) => c.condition));
    const unknown = (query: string, reason: string): Z3RuleAnswer => ({ verdict: 'unknown', reason: `${query}: ${reason}`, elapsedMs: performance.now() - started });
    solver.push();
    solver.add(edge.ge(1));

    // Sound: no hazard at the rule's edge (unsat).
    solver.push();
    solver.add(hazard, edge.eq(ruleEdge));
    const atRule = await solver.check();
    if (atRule === 'unknown') return unknown(`hazard at edge ${ruleEdge}`, solver.reasonUnknown());
    let witness: ComponentHazard | null = null;
    if (atRule === 'sat') {
      const model = solver.model();
      const shown = conditions.find((c) => model.eval(c.condition, true).toString() === 'true')!;
      const cycle = (term: Arith) => intValue(model.eval(term, true));
      witness = { kind: hazardKind, register: shown.register, component: shown.component, successorCycle: cycle(shown.successorCycle), predecessorCycle: cycle(shown.predecessorCycle) };
    }
    solver.pop();

    // Tight: one cycle less shows a hazard (sat); nothing to ask at edge 1, the least edge latency.
    let oneCycleLessUnsafe = true;
    if (ruleEdge > 1) {
      solver.push();
      solver.add(hazard, edge.eq(ruleEdge - 1));
      const oneLess = await solver.check();
      if (oneLess === 'unknown') return unknown(`hazard at edge ${ruleEdge - 1}`, solver.reasonUnknown());
      oneCycleLessUnsafe = oneLess === 'sat';
      solver.pop();
    }

    // Needed: the least edge >= 1 with no hazard. Take any safe edge Z3 finds, then ask for a
    // smaller safe one until there is none (unsat): the last one found is the least.
    solver.add(z3.Not(hazard));
    let needed: number | null = null;
    for (;;) {
      const safe = await solver.check();
      if (safe === 'unknown') return unknown(needed === null ? 'a safe edge' : `a safe edge below ${needed}`, solver.reasonUnknown());
      if (safe === 'unsat') break;
      needed = intValue(solver.model().eval(edge, true));
      solver.add(edge.lt(needed));
    }
    const sound = atRule === 'unsat';
    return { verdict: 'decided', sound, oneCycleLessUnsafe, tight: sound && oneCycleLessUnsafe, needed: needed ?? Infinity, witness, elapsedMs: performance.now() - started };
  } finally {
    solver.pop(solver.numScopes() - baseScopes);
  }
}

/** The facts the enumeration states for a case: its rule edge against the model's `needed`. */
export function enumeratedFacts(ruleCase: RuleCase): EnumeratedRuleFacts {
  const sound = ruleCase.edge >= ruleCase.needed;
  const oneCycleLessUnsafe = ruleCase.edge === 1 || ruleCase.edge - 1 < ruleCase.needed;
  return { sound, oneCycleLessUnsafe, tight: sound && oneCycleLessUnsafe, needed: ruleCase.needed };
}

/** How the enumeration classes a case, to spread the sample over every outcome of every rule. */
function outcomeClass(ruleCase: RuleCase): string {
  const facts = enumeratedFacts(ruleCase);
  return !facts.sound ? 'unsound' : facts.tight ? 'sound and tight' : 'sound, not tight';
}

/** `count` distinct indices below `size`, drawn with `random` (a partial Fisher-Yates shuffle). */
function drawIndices(random: Random, size: number, count: number): number[] {
  const indices = Array.from({ length: size }, (_, i) => i);
  const drawn = Math.min(count, size);
  for (let i = 0; i < drawn; i++) {
    const j = random.integer(i, size - 1);
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices.slice(0, drawn);
}

/** Splits `total` into `parts` shares differing by at most one, the larger shares first. */
function shares(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * A deterministic sample of `sample` cases: an even share for each rule, and within a rule an
 * even share for each outcome the enumeration gives (unsound, sound and tight, sound but not
 * tight), so the verbatim output rule contributes unsound cases. A share larger than its class
 * takes the whole class.
 */
/** One sampled case and the rule set it belongs to. */
export interface SampledRuleCase { readonly set: RuleCaseSet; readonly case: RuleCase }

export function sampleRuleCases(sets: readonly RuleCaseSet[], sample: number, seed: number): SampledRuleCase[] {
  const random = new Random(seed);
  const ruleShares = shares(sample, sets.length);
  return sets.flatMap((set, ruleIndex) => {
    const classes = new Map<string, RuleCase[]>();
    for (const ruleCase of set.cases) {
      const name = outcomeClass(ruleCase);
      const group = classes.get(name);
      if (group) group.push(ruleCase);
      else classes.set(name, [ruleCase]);
    }
    const groups = [...classes.keys()].sort().map((name) => classes.get(name)!);
    const groupShares = shares(ruleShares[ruleIndex]!, groups.length);
    return groups.flatMap((group, groupIndex) => drawIndices(random, group.length, groupShares[groupIndex]!).map((index) => ({ set, case: group[index]! })));
  });
}

function sameFacts(enumeration: EnumeratedRuleFacts, z3: Z3RuleFacts): boolean {
  return enumeration.sound === z3.sound && enumeration.oneCycleLessUnsafe === z3.oneCycleLessUnsafe && enumeration.tight === z3.tight && enumeration.needed === z3.needed;
}

/**
 * Draws a seeded sample of the enumeration's cases (every rule, including unsound cases of the
 * verbatim output rule), asks Z3 for each, and counts the cases where Z3's sound, tight and
 * needed equal the enumeration's, those where they differ, and those Z3 answered `unknown`.
 */
export async function crossCheckRules(options: CrossCheckOptions): Promise<CrossCheckResult> {
  const started = performance.now();
  const sets = options.sets ?? enumerateRuleCases();
  const sampled = sampleRuleCases(sets, options.sample, options.seed);
  const timeoutMs = options.timeoutMs ?? DEFAULT_RULE_QUERY_TIMEOUT_MS;
  for (const entry of sampled) checkRuleEdge(entry.case.edge);
  const answers: Z3RuleAnswer[] = [];
  // One solver per batch (a new solver costs more than a query); one `withZ3` turn per batch keeps the queue fair.
  for (let first = 0; first < sampled.length; first += CASES_PER_SOLVER) {
    const batch = sampled.slice(first, first + CASES_PER_SOLVER);
    answers.push(...await withZ3(async (z3) => {
      const solver = ruleSolver(z3, timeoutMs);
      const batchAnswers: Z3RuleAnswer[] = [];
      for (const { set, case: ruleCase } of batch) batchAnswers.push(await decideWith(z3, solver, ruleCase.predecessor, ruleCase.successor, set.kind, ruleCase.edge));
      return batchAnswers;
    }));
  }
  return tallyCrossCheck(sets, sampled, answers, options.seed, started);
}

/**
 * The cross-check's counts from Z3's answer to each sampled case (same order): agreements with
 * the enumeration, disagreements, unknowns, with the first of each kind, per rule.
 */
export function tallyCrossCheck(sets: readonly RuleCaseSet[], sampled: readonly SampledRuleCase[], answers: readonly Z3RuleAnswer[], seed: number, started: number): CrossCheckResult {
  let agreed = 0;
  let disagreed = 0;
  let unknown = 0;
  let firstDisagreement: RuleCaseDisagreement | null = null;
  let firstUnknown: CrossCheckResult['firstUnknown'] = null;
  for (const [index, { set, case: ruleCase }] of sampled.entries()) {
    const answer = answers[index]!;
    if (answer.verdict === 'unknown') {
      unknown++;
      firstUnknown ??= { rule: set.rule, case: ruleCase, reason: answer.reason };
      continue;
    }
    const enumeration = enumeratedFacts(ruleCase);
    const z3: Z3RuleFacts = { sound: answer.sound, oneCycleLessUnsafe: answer.oneCycleLessUnsafe, tight: answer.tight, needed: answer.needed, witness: answer.witness };
    if (sameFacts(enumeration, z3)) {
      agreed++;
    } else {
      disagreed++;
      firstDisagreement ??= { rule: set.rule, kind: set.kind, case: ruleCase, enumeration, z3 };
    }
  }
  const rules = sets.map((set) => {
    const ofRule = sampled.filter((entry) => entry.set === set);
    return { rule: set.rule, sampled: ofRule.length, unsound: ofRule.filter((entry) => !enumeratedFacts(entry.case).sound).length };
  });
  return { seed, sampled: sampled.length, agreed, disagreed, unknown, rules, firstDisagreement, firstUnknown, elapsedMs: performance.now() - started };
}
