import { defaultSeed } from '../format/defaultSeed.js';
import { parseArgs } from 'node:util';
import { enumerateRuleCases, judgeRules, type RuleCase } from '../impl/edgeLatency/judge.js';
import { renderRuleTable } from '../reports/edgeLatency/ruleTable.js';
import { crossCheckRules, DEFAULT_RULE_QUERY_TIMEOUT_MS, type CrossCheckResult } from '../solver/edgeLatencyRules.js';
import { releaseZ3 } from '../solver/z3.js';
import { fileBudget, integerOption, timeoutOption, type CliIo } from './io.js';
import { crossCheckWithinBudget } from './proveRulesBudget.js';

/** Number of cases `prove-rules` cross-checks with Z3 when `--z3-sample` is not given. */
export const DEFAULT_Z3_SAMPLE = 200;

/** Help text of `hazardproof prove-rules`. */
export const PROVE_RULES_USAGE = `usage: hazardproof prove-rules [--json] [--z3-sample N] [--seed N] [--timeout MS] [--query-timeout MS]

Judges the edge-latency rules of the instruction-latency-reduction patent (US 8,098,251:
component masks, component strings, component, mask and instruction distances, edge latency 1
for false dependences) against per-component timing: every component mask over XYZW (start
component, 1-4 executions, incrementing or keeping its index) for both operands, every latency
1..8. A rule is sound in a case when no component is read before it is written and no write
lands out of order at the rule's edge latency, tight when one cycle less would not be. Prints
the table and, for an unsound rule, its smallest counterexample as a timeline.

Then cross-checks the enumeration with Z3 on a seeded sample of its cases (every rule, including
unsound cases of the patent's output rule): an independent Z3 encoding of the timing decides for
each case whether the rule's edge latency is sound, whether one cycle less is unsafe, and the
smallest safe edge latency, and each is compared with the enumeration's. Prints the counts and
the command that replays the same sample.

options:
  --z3-sample N   number of cases to cross-check with Z3 (default ${DEFAULT_Z3_SAMPLE}; 0 skips the cross-check)
  --seed N        seed of the sample (default: a fresh one, printed)
  --timeout MS    wall-clock budget of the cross-check: the sampled cases not decided when it
                  runs out count as unknown (exit 3), with the reason
  --query-timeout MS  solver timeout of each query (default ${DEFAULT_RULE_QUERY_TIMEOUT_MS})
  --json          the verdicts and the cross-check as one JSON object

exit codes: 0 the rules the passes use (the flow rule, anti dependences and the corrected output
rule) are all sound and Z3 agrees with the enumeration on every sampled case (or --z3-sample 0),
1 one of those rules is unsound or Z3 disagrees with the enumeration, 2 usage error, 3 Z3
answered unknown on some sampled case`;

/** The options `hazardproof prove-rules` takes (`parseArgs` form); its help lists each. */
export const PROVE_RULES_OPTIONS = {
  json: { type: 'boolean' }, 'z3-sample': { type: 'string' }, seed: { type: 'string' }, timeout: { type: 'string' }, 'query-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `hazardproof prove-rules`: returns the exit code. */
export async function proveRulesCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: PROVE_RULES_OPTIONS,
  });
  if (values.help) {
    io.stdout(`${PROVE_RULES_USAGE}\n`);
    return 0;
  }
  const sample = integerOption('z3-sample', values['z3-sample'], DEFAULT_Z3_SAMPLE, 0, 1_000_000);
  const seed = integerOption('seed', values.seed, defaultSeed(), 0, 2 ** 32 - 1);
  const queryTimeoutMs = integerOption('query-timeout', values['query-timeout'], DEFAULT_RULE_QUERY_TIMEOUT_MS, 1);
  const timeoutMs = timeoutOption(values.timeout);
  const budget = fileBudget(timeoutMs);
  const sets = enumerateRuleCases();
  const verdicts = judgeRules(sets);
  let crossCheck: CrossCheckResult | null = null;
  if (sample > 0) {
    try {
      crossCheck = timeoutMs === null
        ? await crossCheckRules({ sample, seed, timeoutMs: queryTimeoutMs, sets })
        : await crossCheckWithinBudget({ sets, sample, seed, queryTimeoutMs, budget });
    } finally {
      await releaseZ3();
    }
  }
  const replay = `hazardproof prove-rules --z3-sample ${sample} --seed ${seed}${values['query-timeout'] === undefined ? '' : ` --query-timeout ${queryTimeoutMs}`}`;
  if (values.json) {
    const rules = verdicts.map(({ counterexample, ...rest }) => ({ ...rest, counterexample: counterexample && { ...counterexample.case, hazard: counterexample.hazard } }));
    const z3CrossCheck = crossCheck && { ...crossCheck, elapsedMs: Math.round(crossCheck.elapsedMs), replay };
    io.stdout(`${JSON.stringify({ rules, z3CrossCheck }, null, 2)}\n`);
  } else {
    io.stdout(`${[renderRuleTable(verdicts), '', ...crossCheckLines(crossCheck, replay)].join('\n')}\n`);
  }
  const used = verdicts.filter((verdict) => verdict.usedByPasses);
  if (!used.every((verdict) => verdict.sound === verdict.cases) || (crossCheck !== null && crossCheck.disagreed > 0)) return 1;
  return crossCheck !== null && crossCheck.unknown > 0 ? 3 : 0;
}

/** The cross-check summary line, then the first disagreement and the first unknown case in full. */
function crossCheckLines(result: CrossCheckResult | null, replay: string): string[] {
  if (result === null) return ['Z3 cross-check: skipped (--z3-sample 0)'];
  const lines = [`Z3 cross-check: ${result.sampled} sampled cases (seed ${result.seed}), ${result.agreed} agree with enumeration, ${result.disagreed} disagree, ${result.unknown} unknown (${(result.elapsedMs / 1000).toFixed(1)} s); replay: ${replay}`];
  const facts = (f: { sound: boolean; oneCycleLessUnsafe: boolean; tight: boolean; needed: number }) =>
    `sound ${f.sound}, one cycle less unsafe ${f.oneCycleLessUnsafe}, tight ${f.tight}, needed ${f.needed}`;
  if (result.firstDisagreement) {
    const { rule, case: ruleCase, enumeration, z3 } = result.firstDisagreement;
    lines.push(`  first disagreement, rule '${rule}', rule edge ${ruleCase.edge}:`, `    enumeration: ${facts(enumeration)}`, `    Z3:          ${facts(z3)}`, `    case: ${describeCase(ruleCase)}`);
  }
  if (result.firstUnknown) {
    const { rule, case: ruleCase, reason } = result.firstUnknown;
    lines.push(`  first unknown, rule '${rule}', rule edge ${ruleCase.edge}: ${reason}`, `    case: ${describeCase(ruleCase)}`);
  }
  return lines;
}

function describeCase(ruleCase: RuleCase): string {
  return JSON.stringify({ predecessor: ruleCase.predecessor, successor: ruleCase.successor });
}
