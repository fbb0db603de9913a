import type { SarifReportContent } from './buildLog.js';
import { lrcFinding, type LrcFindingJson } from './lrcFinding.js';
import { unknownVerdictNotice } from './unknownVerdictNotice.js';

/** The fields of `lrcCheckJson` (reports/lrc/checkReport.ts) this converter reads. */
interface LrcCheckJson {
  readonly file: string;
  readonly verdict: string;
  readonly reason: string;
  readonly hazards: readonly LrcFindingJson[];
  readonly findingsNotListed?: number;
  readonly schedulesExplored: number | 'all';
  readonly statesExplored: number | null;
  readonly exhaustiveComplete: boolean;
  readonly seed: number;
}

/**
 * The SARIF content of one LRC program's `check --json` object (`lrcCheckJson`): a result per
 * finding (register hazards, counter overflows, deadlocks), the verdict, and a notification when
 * it is unknown.
 */
export function lrcCheckSarif(json: Readonly<Record<string, unknown>>): SarifReportContent {
  const report = json as unknown as LrcCheckJson;
  const findings = report.hazards.map((finding) => lrcFinding(report.file, finding));
  return {
    findings,
    verdicts: [{
      file: report.file, unit: null, verdict: report.verdict, reason: report.reason,
      properties: { machine: 'lrc', schedulesExplored: report.schedulesExplored, statesExplored: report.statesExplored, exhaustiveComplete: report.exhaustiveComplete, seed: report.seed, hazards: findings.length + (report.findingsNotListed ?? 0) },
    }],
    notices: [
      ...(report.verdict === 'unknown' ? [unknownVerdictNotice(report.file, null, report.reason)] : []),
      ...(report.findingsNotListed ? [{ kind: 'findings-not-listed' as const, file: report.file, line: null, message: `${report.file}: ${report.findingsNotListed} more distinct finding(s) not listed` }] : []),
    ],
  };
}
