import type { SarifReportContent } from './buildLog.js';

/** The content of several reports (files, kernels) as one, in order. */
export function mergeSarifContent(parts: readonly SarifReportContent[]): SarifReportContent {
  return {
    findings: parts.flatMap((part) => part.findings),
    verdicts: parts.flatMap((part) => part.verdicts),
    notices: parts.flatMap((part) => part.notices),
  };
}
