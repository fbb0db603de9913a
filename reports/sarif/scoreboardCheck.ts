import type { SarifFinding, SarifReportContent } from './buildLog.js';
import { scoreboardOverflowFinding, type ScoreboardOverflowJson } from './scoreboardOverflowFinding.js';
import { registerHazardFinding, type RegisterHazardJson } from './registerHazardFinding.js';
import { unknownVerdictNotice } from './unknownVerdictNotice.js';

/** The fields of `checkJson` (reports/checkReport.ts) this converter reads. */
interface ScoreboardCheckJson {
  readonly file: string;
  readonly verdict: string;
  readonly reason: string;
  readonly hazards: readonly (RegisterHazardJson | ScoreboardOverflowJson)[];
  readonly hazardsNotListed?: number;
  readonly schedulesExplored: number | 'all';
  readonly statesExplored: number | null;
  readonly exhaustiveComplete: boolean;
  readonly seed: number;
}

/**
 * The SARIF content of one scoreboard program's `check --json` object (`checkJson`): a result per
 * hazard, the verdict with its reason and coverage, and a notification when it is unknown.
 */
export function scoreboardCheckSarif(json: Readonly<Record<string, unknown>>): SarifReportContent {
  const report = json as unknown as ScoreboardCheckJson;
  const findings = report.hazards.map((hazard): SarifFinding => (hazard.kind === 'overflow' ? scoreboardOverflowFinding(report.file, null, hazard) : registerHazardFinding(report.file, null, hazard)));
  return {
    findings,
    verdicts: [{
      file: report.file, unit: null, verdict: report.verdict, reason: report.reason,
      properties: { schedulesExplored: report.schedulesExplored, statesExplored: report.statesExplored, exhaustiveComplete: report.exhaustiveComplete, seed: report.seed, hazards: findings.length + (report.hazardsNotListed ?? 0) },
    }],
    notices: [
      ...(report.verdict === 'unknown' ? [unknownVerdictNotice(report.file, null, report.reason)] : []),
      ...(report.hazardsNotListed ? [{ kind: 'findings-not-listed' as const, file: report.file, line: null, message: `${report.file}: ${report.hazardsNotListed} more distinct hazard(s) not listed` }] : []),
    ],
  };
}
