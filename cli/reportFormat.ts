import { UsageError } from './io.js';

/** How a command prints its report on stdout: words, its JSON objects, or one SARIF 2.1.0 log. */
export type ReportFormat = 'text' | 'json' | 'sarif';

/** The formats `--format` takes, in the order the help and the errors list them. */
export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'sarif'];

/**
 * `--format text|json|sarif`, with `--json` kept as the same as `--format json`. A usage error
 * names the accepted values, and refuses `--json` with another format.
 */
export function reportFormatOption(format: string | undefined, json: boolean | undefined): ReportFormat {
  if (format !== undefined && !(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format expects ${REPORT_FORMATS.join(', ')}, got '${format}'`);
  }
  if (json === true && format !== undefined && format !== 'json') throw new UsageError(`--json is --format json; it cannot go with --format ${format}`);
  return json === true ? 'json' : (format as ReportFormat | undefined) ?? 'text';
}
