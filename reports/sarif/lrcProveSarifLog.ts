import type { LrcFlagProofJson } from '../lrc/flagProofJson.js';
import { buildSarifLog, type SarifFinding, type SarifNotice, type SarifReportContent, type SarifVerdictRecord } from './buildLog.js';
import { lrcFinding } from './lrcFinding.js';
import { mergeSarifContent } from './mergeContent.js';
import type { SarifRuleId } from './rules.js';
import type { SarifLog } from './sarifTypes.js';
import { unknownVerdictNotice } from './unknownVerdictNotice.js';
import { findingFingerprint } from './fingerprint.js';

/** The rules `prove` can report on LRC programs, listed in every log it writes. */
const LRC_PROVE_RULES: readonly SarifRuleId[] = ['unsafe-program', 'unnecessary-flag'];

/**
 * The SARIF log of `hazardproof prove` on LRC programs, from the objects `prove --json` prints
 * (`lrcFlagProofJson`): an `unsafe-program` error per schedule with a finding when the flags are
 * not sufficient (located like the same finding of `check`), an `unnecessary-flag` note per flag
 * the program does not need (at its instruction); unknown verdicts as notifications; every
 * verdict (the program's and each flag's) in the run's properties.
 */
export function lrcProveSarifLog(files: readonly LrcFlagProofJson[], args: readonly string[]): SarifLog {
  return buildSarifLog({ command: 'prove', arguments: args, rules: LRC_PROVE_RULES }, mergeSarifContent(files.map(lrcProveFileSarif)));
}

function lrcProveFileSarif(report: LrcFlagProofJson): SarifReportContent {
  const { program } = report;
  const findings: SarifFinding[] = program.findings.map((finding) => {
    const located = lrcFinding(report.file, finding);
    return {
      ...located, ruleId: 'unsafe-program', level: 'error',
      message: `program: ${program.verdict}: the flags are not sufficient: ${located.message}`,
      fingerprint: findingFingerprint(null, 'unsafe-program', located.fingerprint),
    };
  });
  const notices: SarifNotice[] = program.unknownReason === null ? [] : [unknownVerdictNotice(report.file, 'program', program.unknownReason)];
  const verdicts: SarifVerdictRecord[] = [{ file: report.file, unit: 'program', verdict: program.verdict, reason: program.unknownReason ?? `exhaustive search of ${program.states} states`, properties: { states: program.states } }];
  for (const flag of report.flags) {
    const unit = `flag (${flag.counter}) of #${flag.instruction} (line ${flag.line ?? '?'})`;
    verdicts.push({ file: report.file, unit, verdict: flag.verdict, reason: flag.unknownReason ?? `exhaustive search of ${flag.states} states without it`, properties: { states: flag.states, withoutIt: flag.withoutIt } });
    if (flag.unknownReason !== null) notices.push(unknownVerdictNotice(report.file, unit, flag.unknownReason, flag.line ?? null));
    if (flag.verdict === 'unnecessary') {
      findings.push({
        ruleId: 'unnecessary-flag', file: report.file, line: flag.line ?? null, related: [],
        message: `${unit} is unnecessary: without it all ${flag.states} reachable states are still free of findings`,
        fingerprint: findingFingerprint(null, 'unnecessary-flag', flag.counter, flag.line),
        properties: { counter: flag.counter, instruction: flag.instruction, states: flag.states },
      });
    }
  }
  return { findings, verdicts, notices };
}
