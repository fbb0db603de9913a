/**
 * `prove-rules --timeout MS`: the Z3 cross-check of the sampled rule cases under a wall-clock
 * budget. `crossCheckRules` decides the whole sample in one call, so with a budget the same
 * sample is decided here case by case (`decideRuleCase`), each query limited to what is left;
 * the cases reached after the budget is spent count as `unknown`, with the budget's reason.
 */
import type { RuleCaseSet } from '../impl/edgeLatency/judge.js';
import type { TimeBudget } from '../impl/budget.js';
import { decideRuleCase, sampleRuleCases, tallyCrossCheck, type CrossCheckResult, type Z3RuleAnswer } from '../solver/edgeLatencyRules.js';
import { queryTimeout } from '../solver/proveBudget.js';

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
  const answers: Z3RuleAnswer[] = [];
  for (const { set, case: ruleCase } of sampled) {
    const stop = options.budget.shouldStop();
    answers.push(stop !== null
      ? { verdict: 'unknown', reason: `not asked: ${stop}`, elapsedMs: 0 }
      : await decideRuleCase(ruleCase.predecessor, ruleCase.successor, set.kind, ruleCase.edge, queryTimeout(options.budget, options.queryTimeoutMs)));
  }
  return tallyCrossCheck(options.sets, sampled, answers, options.seed, started);
}
