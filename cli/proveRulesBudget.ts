/**
 * `prove-rules --timeout MS`: the Z3 cross-check of the sampled rule cases under a wall-clock
 * budget. `crossCheckRules` decides the whole sample in one call, so with a budget the same
 * sample is decided here case by case (`decideRuleCase`), each query limited to what is left;
 * the cases reached after the budget is spent count as `unknown`, with the budget's reason.
 */
import type { RuleCaseSet } from '../impl/edgeLatency/judge.js';
import type { TimeBudget } from '../impl/budget.js';
import { decideRuleCase, enumeratedFacts, sampleRuleCases, type CrossCheckResult, type RuleCaseDisagreement, type Z3RuleFacts } from '../solver/edgeLatencyRules.js';
import { queryTimeout } from './proveBudget.js';

/** Options of `crossCheckWithinBudget`: the sample (as `crossCheckRules` draws it), the per-query timeout, the budget. */
export interface BudgetedCrossCheck {
  readonly sets: readonly RuleCaseSet[];
  readonly sample: number;
  readonly seed: number;
  readonly queryTimeoutMs: number;
  readonly budget: TimeBudget;
}

/** The cross-check of `crossCheckRules` on the same sample, stopping when the budget is spent. */
export async function crossCheckWithinBudget(options: BudgetedCrossCheck): Promise<CrossCheckResult> {
  const started = performance.now();
  const sampled = sampleRuleCases(options.sets, options.sample, options.seed);
  let agreed = 0;
  let disagreed = 0;
  let unknown = 0;
  let firstDisagreement: RuleCaseDisagreement | null = null;
  let firstUnknown: CrossCheckResult['firstUnknown'] = null;
  for (const { set, case: ruleCase } of sampled) {
    const stop = options.budget.shouldStop();
    const answer = stop !== null
      ? { verdict: 'unknown' as const, reason: `not asked: ${stop}` }
      : await decideRuleCase(ruleCase.predecessor, ruleCase.successor, set.kind, ruleCase.edge, queryTimeout(options.budget, options.queryTimeoutMs));
    if (answer.verdict === 'unknown') {
      unknown++;
      firstUnknown ??= { rule: set.rule, case: ruleCase, reason: answer.reason };
      continue;
    }
    const enumeration = enumeratedFacts(ruleCase);
    const z3: Z3RuleFacts = { sound: answer.sound, oneCycleLessUnsafe: answer.oneCycleLessUnsafe, tight: answer.tight, needed: answer.needed, witness: answer.witness };
    const same = enumeration.sound === z3.sound && enumeration.oneCycleLessUnsafe === z3.oneCycleLessUnsafe && enumeration.tight === z3.tight && enumeration.needed === z3.needed;
    if (same) {
      agreed++;
    } else {
      disagreed++;
      firstDisagreement ??= { rule: set.rule, kind: set.kind, case: ruleCase, enumeration, z3 };
    }
  }
  const rules = options.sets.map((set) => {
    const ofRule = sampled.filter((entry) => entry.set === set);
    return { rule: set.rule, sampled: ofRule.length, unsound: ofRule.filter((entry) => !enumeratedFacts(entry.case).sound).length };
  });
  return { seed: options.seed, sampled: sampled.length, agreed, disagreed, unknown, rules, firstDisagreement, firstUnknown, elapsedMs: performance.now() - started };
}
