import type { ProveFileJson } from '../proveReport.js';
import type { LrcFlagProofJson } from '../lrc/flagProofJson.js';
import { checkSarifLog } from '../sarif/checkSarifLog.js';
import { fuzzSarifLog } from '../sarif/fuzzSarifLog.js';
import { lrcProveSarifLog } from '../sarif/lrcProveSarifLog.js';
import { proveSarifLog } from '../sarif/proveSarifLog.js';
import type { SarifLog } from '../sarif/sarifTypes.js';
import { campaignArguments } from './campaignArguments.js';

/**
 * The SARIF 2.1.0 log of a merged report (`mergeShardReports`'s JSON), written by the same
 * converters as the commands' own `--format sarif` from the merged JSON, with the unsharded
 * run's command line as the invocation.
 */
export function mergedSarif(merged: Readonly<Record<string, unknown>>): SarifLog {
  const args = campaignArguments(merged);
  if (merged.command === 'fuzz') {
    const timeout = (merged.options as { timeout?: unknown } | undefined)?.timeout;
    return fuzzSarifLog(merged, { arguments: args, targetTimeoutMs: typeof timeout === 'number' ? timeout : null });
  }
  const results = (Array.isArray(merged.results) ? merged.results : []) as Readonly<Record<string, unknown>>[];
  if (merged.command === 'prove') {
    // An LRC program's proof lists its flags; a scoreboard program's, its DEPBARs (prove takes one machine per run).
    return results.some((result) => Array.isArray(result.flags))
      ? lrcProveSarifLog(results as unknown as LrcFlagProofJson[], args)
      : proveSarifLog(results as unknown as ProveFileJson[], args);
  }
  return checkSarifLog(results, args);
}
