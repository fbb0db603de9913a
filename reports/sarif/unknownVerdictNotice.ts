import type { SarifNotice } from './buildLog.js';

/**
 * The notification for a verdict that is `unknown`: not a finding, not a success. Its message is
 * the one the text report prints (`FILE[: UNIT]: unknown: REASON`), at the file (and line) it is about.
 */
export function unknownVerdictNotice(file: string | null, unit: string | null, reason: string, line: number | null = null): SarifNotice {
  const subject = [file, unit].filter((part) => part !== null).join(': ');
  return { kind: 'unknown-verdict', file, line, message: `${subject}: unknown: ${reason}` };
}
