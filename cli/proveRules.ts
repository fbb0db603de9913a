import { parseArgs } from 'node:util';
import { judgeRules } from '../impl/edgeLatency/judge.js';
import { renderRuleTable } from '../reports/edgeLatency/ruleTable.js';
import type { CliIo } from './io.js';

/** Help text of `hazardproof prove-rules`. */
export const PROVE_RULES_USAGE = `usage: hazardproof prove-rules [--json]

Judges the edge-latency rules of seed 004 (component masks, component strings, component, mask
and instruction distances, edge latency 1 for false dependences) against per-component timing:
every component mask over XYZW (start component, 1-4 executions, incrementing or keeping its
index) for both operands, every latency 1..8. A rule is sound in a case when no component is read
before it is written and no write lands out of order at the rule's edge latency, tight when one
cycle less would not be. Prints the table and, for an unsound rule, its smallest counterexample
as a timeline. Exit 0 when the rules the passes use (the flow rule, anti dependences, and the
corrected output rule) are all sound.`;

/** `hazardproof prove-rules`: returns the exit code. */
export function proveRulesCommand(args: string[], io: CliIo): number {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    io.stdout(`${PROVE_RULES_USAGE}\n`);
    return 0;
  }
  const verdicts = judgeRules();
  io.stdout(values.json ? `${JSON.stringify(verdicts.map(({ counterexample, ...rest }) => ({ ...rest, counterexample: counterexample && { ...counterexample.case, hazard: counterexample.hazard } })), null, 2)}\n` : `${renderRuleTable(verdicts)}\n`);
  const used = verdicts.filter((verdict) => !verdict.rule.startsWith('output (Eq. 6)'));
  return used.every((verdict) => verdict.sound === verdict.cases) ? 0 : 1;
}
