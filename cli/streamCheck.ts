import { parseArgs } from 'node:util';
import { Deadline } from '../explore/deadline.js';
import { InputError } from '../format/error.js';
import { loadScenario } from '../format/streamout/load.js';
import { streamTraceCheck, type StreamedTraceCheck } from '../api/streamout/traceCheckHere.js';
import { streamTraceReport } from '../api/streamout/traceReport.js';
import { numberedTrace } from '../api/streamout/traceSource.js';
import { integerOption, progressLine, UsageError, type CliIo } from './io.js';
import { commandLine, htmlOption, writeHtmlReport } from './html.js';
import { streamCheckSection } from '../reports/html/streamCheckSection.js';
import type { RecordedTraceLine } from '../reports/html/streamTraceSteps.js';

/** Trace lines an `--html` report keeps (the last ones read before the verdict). */
const HTML_TRACE_LINES = 2000;

/** The options `hazardproof streamout check` takes (`parseArgs` form); `streamout`'s help lists each. */
export const STREAMOUT_CHECK_OPTIONS = { scenario: { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' }, html: { type: 'string' } } as const;

/**
 * `hazardproof streamout check TRACE [--scenario FILE] [--timeout MS] [--json]`: validates a
 * recorded message trace (JSON lines; before the first step, `{"scenario": {...}}` unless
 * `--scenario` is given) against the protocol, streaming it through the optimized checker (the
 * library's `streamTraceCheck`, on this thread): the file is read in chunks and memory stays
 * bounded by the work in flight, not the trace length. Exit 0 when every line is allowed and the
 * trace brings the protocol to its end with the buffers in driver order, 1 at the first line not
 * allowed (or a trace that stops early), 2 for unreadable input, 3 when `--timeout` runs out
 * first (verdict unknown).
 */
export function streamCheckCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: STREAMOUT_CHECK_OPTIONS });
  if (positionals.length !== 1) throw new UsageError('streamout check needs exactly one trace file');
  const file = positionals[0]!;
  const timeoutMs = values.timeout === undefined ? null : integerOption('timeout', values.timeout, 0, 0);
  const html = htmlOption(values.html);
  // The last lines read, for the report's chart (a trace may have millions).
  const kept: RecordedTraceLine[] | null = html === null ? null : [];
  const keep = kept === null ? null : (recorded: RecordedTraceLine) => {
    kept.push(recorded);
    if (kept.length > 2 * HTML_TRACE_LINES) kept.splice(0, kept.length - HTML_TRACE_LINES);
  };
  let checked: StreamedTraceCheck;
  const deadline = new Deadline(timeoutMs);
  const progress = progressLine(io);
  try {
    checked = streamTraceCheck(numberedTrace(file), values.scenario ? loadScenario(values.scenario) : null, {
      shouldStop: () => deadline.check(),
      onProgress: ({ lines, elapsedMs }) => progress.update(`streamout check: ${lines.toLocaleString('en-US')} lines checked (${Math.round(lines / (elapsedMs / 1000)).toLocaleString('en-US')} lines/s)`),
      ...(keep ? { onLine: keep } : {}),
    });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`${error.message}\n`);
    return 2;
  } finally {
    progress.done();
  }
  const { result, failureFileLine, lastFileLine, stoppedBy } = checked;
  const report = streamTraceReport(file, checked);
  const where = failureFileLine === null ? `${file}: at the end of the trace (after line ${lastFileLine})` : `${file}:${failureFileLine}`;
  const textReport = stoppedBy ? `${file}: unknown: ${stoppedBy} at line ${lastFileLine}; the ${result.lines} steps up to there are allowed\n`
    : result.failure ? `${where}: ${result.failure.message}\n  state there: ${result.failure.state}\n`
      : !result.complete ? `${file}: all ${result.lines} steps are allowed, but the trace ends before the protocol is done\n`
        : result.problems.length > 0 ? `${file}: every step is allowed, but the result is wrong:\n${result.problems.map((p) => `  ${p}`).join('\n')}\n`
          : `${file}: passes: ${result.lines} steps, each allowed with the contents the protocol gives; the protocol completes with the buffers in driver order\n`;
  if (values.json) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    io.stdout(textReport);
  }
  if (html !== null && checked.scenario !== null) {
    const withoutHtml = args.filter((arg, index) => arg !== '--html' && args[index - 1] !== '--html' && !arg.startsWith('--html='));
    writeHtmlReport(html, {
      title: 'hazardproof streamout check', command: commandLine(['streamout', 'check'], args), facts: [], summary: [], legend: 'stream',
      sections: [streamCheckSection({
        file, scenario: checked.scenario.scenario, verdict: report.verdict,
        // The text report's first line, without the file (the section's title).
        reason: textReport.split('\n')[0]!.replace(`${where}: `, '').replace(`${file}: `, ''),
        failureLine: failureFileLine,
        failure: result.failure === null ? null : { message: result.failure.message, state: result.failure.state },
        problems: result.problems.length > 0 ? result.problems : !result.complete && !stoppedBy && result.failure === null ? ['the trace ends before the protocol is done'] : [],
        lines: kept!.slice(-HTML_TRACE_LINES), linesRead: lastFileLine, command: commandLine(['streamout', 'check'], withoutHtml),
      }, 'f1')],
    });
  }
  return report.verdict === 'unknown' ? 3 : report.verdict === 'passes' ? 0 : 1;
}
