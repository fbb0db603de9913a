import { buildSarifLog, type SarifReportContent } from './buildLog.js';
import { componentCheckSarif } from './componentCheck.js';
import { listingCheckSarif } from './listingCheck.js';
import { lrcCheckSarif } from './lrcCheck.js';
import type { SarifRuleId } from './rules.js';
import type { SarifLog } from './sarifTypes.js';
import { scoreboardCheckSarif } from './scoreboardCheck.js';
import { mergeSarifContent } from './mergeContent.js';

/** The rules `check` can report, listed in every log it writes (whether or not a result uses them). */
const CHECK_RULES: readonly SarifRuleId[] = ['RAW', 'WAR', 'WAW', 'scoreboard-overflow', 'counter-overflow', 'deadlock'];

/**
 * The SARIF log of `hazardproof check`, from the very objects `check --json` prints (one per
 * file, kernel or shader), whatever their machine: a scoreboard program (`checkJson`), an LRC
 * program (`machine: 'lrc'`), a `.comp` program or ir3 shader (`machine: 'components'`), or a
 * kernel of an NVIDIA listing (`kernel`). `args` are the command's arguments, recorded in the
 * log's invocation.
 */
export function checkSarifLog(reports: readonly Readonly<Record<string, unknown>>[], args: readonly string[]): SarifLog {
  return buildSarifLog({ command: 'check', arguments: args, rules: CHECK_RULES }, mergeSarifContent(reports.map(checkReportSarif)));
}

function checkReportSarif(report: Readonly<Record<string, unknown>>): SarifReportContent {
  if (report['machine'] === 'lrc') return lrcCheckSarif(report);
  if (report['machine'] === 'components') return componentCheckSarif(report);
  if (typeof report['kernel'] === 'string') return listingCheckSarif(report);
  return scoreboardCheckSarif(report);
}
