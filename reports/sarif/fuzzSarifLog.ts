import { timeBudgetReason } from '../../explore/deadline.js';
import { buildSarifLog, type SarifFinding, type SarifNotice, type SarifVerdictRecord } from './buildLog.js';
import { registerHazardFinding, type RegisterHazardJson } from './registerHazardFinding.js';
import type { SarifRuleId } from './rules.js';
import type { SarifLog } from './sarifTypes.js';
import { scoreboardOverflowFinding, type ScoreboardOverflowJson } from './scoreboardOverflowFinding.js';
import { unknownVerdictNotice } from './unknownVerdictNotice.js';
import { findingFingerprint } from './fingerprint.js';

/** A law violation as `fuzz --report-json` writes it. */
interface LawViolationJson {
  readonly law: string;
  readonly generator: string;
  readonly message: string;
  readonly counterexample: string;
  readonly fastCheckSeed: number;
  readonly path: string;
  readonly replay: string;
}

/** The fields of the `fuzz --report-json` object (`fuzzReport`, with `robustness` from `fuzz --robustness`) this converter reads. */
interface FuzzReportJson {
  readonly seed?: number;
  readonly targets?: readonly {
    readonly name: string;
    readonly kind: 'program' | 'law';
    readonly verdict: string;
    readonly summary: string;
    readonly runs: number;
    readonly timedOut?: boolean;
    readonly findings: readonly (RegisterHazardJson | ScoreboardOverflowJson | LawViolationJson)[];
  }[];
  readonly robustness?: {
    readonly runs: number;
    readonly failure: { readonly path: string; readonly message: string; readonly counterexample: unknown } | null;
    readonly replay: string;
  };
}

/** The rules `fuzz` can report, listed in every log it writes. */
const FUZZ_RULES: readonly SarifRuleId[] = ['RAW', 'WAR', 'WAW', 'scoreboard-overflow', 'law-violation', 'robustness-failure'];

/**
 * The SARIF log of `hazardproof fuzz`, from the object `--report-json` writes: a result per
 * distinct hazard of a program (located like `check`'s, with the schedule seed that found it),
 * a `law-violation` per violated law and a `robustness-failure` for an input without a proper
 * answer (both about hazardproof itself, so without a source location); a program whose
 * `--timeout` (`targetTimeoutMs`) ran out with nothing found as an unknown-verdict notification;
 * every target's verdict and summary in the run's properties.
 */
export function fuzzSarifLog(json: Readonly<Record<string, unknown>>, invocation: { readonly arguments: readonly string[]; readonly targetTimeoutMs: number | null }): SarifLog {
  const report = json as FuzzReportJson;
  const findings: SarifFinding[] = [];
  const notices: SarifNotice[] = [];
  const verdicts: SarifVerdictRecord[] = [];
  for (const target of report.targets ?? []) {
    const file = target.kind === 'program' ? target.name : null;
    verdicts.push({ file, unit: file === null ? target.name : null, verdict: target.verdict, reason: target.summary, properties: { runs: target.runs, timedOut: target.timedOut ?? false } });
    if (target.timedOut && target.findings.length === 0) {
      notices.push(unknownVerdictNotice(file, file === null ? target.name : null, `${timeBudgetReason(invocation.targetTimeoutMs ?? 0)} after ${target.runs} runs, nothing found`));
    }
    for (const finding of target.findings) {
      if ('law' in finding) findings.push(lawFinding(target.name, target.summary, finding));
      else if (finding.kind === 'overflow') findings.push(scoreboardOverflowFinding(target.name, null, finding));
      else findings.push(registerHazardFinding(target.name, null, finding));
    }
  }
  const robustness = report.robustness;
  if (robustness) {
    verdicts.push({ file: null, unit: 'robustness', verdict: robustness.failure ? 'failed' : 'passed', reason: `${robustness.runs} mutated inputs run`, properties: { replay: robustness.replay } });
    if (robustness.failure) {
      findings.push({
        ruleId: 'robustness-failure', file: null, line: null, related: [],
        message: `an input got no proper answer (path "${robustness.failure.path}"; shrunk case ${JSON.stringify(robustness.failure.counterexample)})\n${robustness.failure.message}\nreplay: ${robustness.replay}`,
        fingerprint: findingFingerprint(null, 'robustness-failure', robustness.failure.message.split('\n')[0]),
        properties: { path: robustness.failure.path, replay: robustness.replay },
      });
    }
  }
  return buildSarifLog({ command: 'fuzz', arguments: invocation.arguments, rules: FUZZ_RULES }, { findings, verdicts, notices });
}

/** A violated law: about hazardproof, not a source file, so no location; the counterexample program and the replay command in the message. */
function lawFinding(target: string, summary: string, violation: LawViolationJson): SarifFinding {
  return {
    ruleId: 'law-violation', file: null, line: null, related: [],
    message: [`${target}: ${summary}`, violation.message, 'counterexample:', violation.counterexample.trimEnd(), `replay: ${violation.replay}`].join('\n'),
    fingerprint: findingFingerprint(null, 'law-violation', violation.law, violation.generator),
    properties: { law: violation.law, generator: violation.generator, fastCheckSeed: violation.fastCheckSeed, path: violation.path, replay: violation.replay },
  };
}
