import { parseArgs } from 'node:util';
import { Deadline } from '../explore/deadline.js';
import { InputError } from '../format/error.js';
import { loadScenario, parseScenario, type LoadedScenario } from '../format/streamout/load.js';
import type { TraceCheck } from '../format/streamout/trace.js';
import { parseTraceRecord, readLines } from '../format/streamout/traceRead.js';
import { StreamTraceChecker } from '../impl/streamout/traceChecker.js';
import { integerOption, progressLine, UsageError, type CliIo } from './io.js';
import { commandLine, htmlOption, writeHtmlReport } from './html.js';
import { streamCheckSection } from '../reports/html/streamCheckSection.js';
import type { RecordedTraceLine } from '../reports/html/streamTraceSteps.js';

/** Trace lines an `--html` report keeps (the last ones read before the verdict). */
const HTML_TRACE_LINES = 2000;

/** How often (in trace lines) the progress line is offered an update; `progressLine` throttles it further. */
const PROGRESS_EVERY_LINES = 250_000;

/** Where a streamed check stopped: the verdict so far and the file line of its failure, if any. */
interface StreamedCheck {
  readonly result: TraceCheck;
  /** File line of the failing trace line; null for a failure at the end of the trace. */
  readonly failureFileLine: number | null;
  /** File line of the last trace line read. */
  readonly lastFileLine: number;
  /** Set when the time budget ran out before the end: the reason. */
  readonly stoppedBy: string | null;
  /** The scenario the trace was checked against (null when the trace had no step and no scenario). */
  readonly scenario: LoadedScenario | null;
}

/** The options `hazardproof streamout check` takes (`parseArgs` form); `streamout`'s help lists each. */
export const STREAMOUT_CHECK_OPTIONS = { scenario: { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' }, html: { type: 'string' } } as const;

/**
 * `hazardproof streamout check TRACE [--scenario FILE] [--timeout MS] [--json]`: validates a
 * recorded message trace (JSON lines; before the first step, `{"scenario": {...}}` unless
 * `--scenario` is given) against the protocol, streaming it through the optimized checker: the
 * file is read in chunks and memory stays bounded by the work in flight, not the trace length.
 * Exit 0 when every line is allowed and the trace brings the protocol to its end with the buffers
 * in driver order, 1 at the first line not allowed (or a trace that stops early), 2 for
 * unreadable input, 3 when `--timeout` runs out first (verdict unknown).
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
  let checked: StreamedCheck;
  try {
    checked = streamTrace(file, values.scenario ? loadScenario(values.scenario) : null, new Deadline(timeoutMs), io, keep);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`${error.message}\n`);
    return 2;
  }
  const { result, failureFileLine, lastFileLine, stoppedBy } = checked;
  const where = failureFileLine === null ? `${file}: at the end of the trace (after line ${lastFileLine})` : `${file}:${failureFileLine}`;
  const verdict = stoppedBy ? 'unknown' : result.failure === null && result.complete && result.problems.length === 0 ? 'passes' : 'fails';
  const textReport = stoppedBy ? `${file}: unknown: ${stoppedBy} at line ${lastFileLine}; the ${result.lines} steps up to there are allowed\n`
    : result.failure ? `${where}: ${result.failure.message}\n  state there: ${result.failure.state}\n`
      : !result.complete ? `${file}: all ${result.lines} steps are allowed, but the trace ends before the protocol is done\n`
        : result.problems.length > 0 ? `${file}: every step is allowed, but the result is wrong:\n${result.problems.map((p) => `  ${p}`).join('\n')}\n`
          : `${file}: passes: ${result.lines} steps, each allowed with the contents the protocol gives; the protocol completes with the buffers in driver order\n`;
  if (values.json) {
    const failure = result.failure && { ...result.failure, line: failureFileLine, atEnd: failureFileLine === null };
    io.stdout(`${JSON.stringify({ file, verdict, ...(stoppedBy ? { reason: stoppedBy, lastLine: lastFileLine } : {}), ...result, failure }, null, 2)}\n`);
  } else {
    io.stdout(textReport);
  }
  if (html !== null && checked.scenario !== null) {
    const withoutHtml = args.filter((arg, index) => arg !== '--html' && args[index - 1] !== '--html' && !arg.startsWith('--html='));
    writeHtmlReport(html, {
      title: 'hazardproof streamout check', command: commandLine(['streamout', 'check'], args), facts: [], summary: [], legend: 'stream',
      sections: [streamCheckSection({
        file, scenario: checked.scenario.scenario, verdict,
        // The text report's first line, without the file (the section's title).
        reason: textReport.split('\n')[0]!.replace(`${where}: `, '').replace(`${file}: `, ''),
        failureLine: failureFileLine,
        failure: result.failure === null ? null : { message: result.failure.message, state: result.failure.state },
        problems: result.problems.length > 0 ? result.problems : !result.complete && !stoppedBy && result.failure === null ? ['the trace ends before the protocol is done'] : [],
        lines: kept!.slice(-HTML_TRACE_LINES), linesRead: lastFileLine, command: commandLine(['streamout', 'check'], withoutHtml),
      }, 'f1')],
    });
  }
  if (stoppedBy) return 3;
  return result.failure === null && result.complete && result.problems.length === 0 ? 0 : 1;
}

/**
 * Reads the trace line by line and feeds the streaming checker, stopping at the first failing
 * line or when the deadline passes. Input mistakes are thrown as `InputError`s.
 */
function streamTrace(file: string, given: LoadedScenario | null, deadline: Deadline, io: CliIo, keep: ((recorded: RecordedTraceLine) => void) | null): StreamedCheck {
  let loaded = given;
  let checker: StreamTraceChecker | null = null;
  let lastFileLine = 0;
  const progress = progressLine(io);
  const started = performance.now();
  try {
    for (const { text, line } of readLines(file, 'trace')) {
      if (text.trim() === '') continue;
      const record = parseTraceRecord(text, file, line, loaded?.scenario ?? null);
      if (record.kind === 'scenario') {
        if (checker !== null) throw new InputError([{ file, line, column: 1, message: 'the scenario line must come before the first step' }]);
        // --scenario wins over the trace's own scenario line.
        loaded ??= scenarioOfLine(record.scenario, text, file, line);
        keep?.({ line, text, record: null });
        continue;
      }
      checker ??= new StreamTraceChecker(loaded!.scenario);
      lastFileLine = line;
      keep?.({ line, text, record: record.line });
      if (checker.check(record.line)) return { result: checker.finish(), failureFileLine: line, lastFileLine, stoppedBy: null, scenario: loaded };
      if (checker.lines % PROGRESS_EVERY_LINES === 0) {
        const seconds = (performance.now() - started) / 1000;
        progress.update(`streamout check: ${checker.lines.toLocaleString('en-US')} lines checked (${Math.round(checker.lines / seconds).toLocaleString('en-US')} lines/s)`);
      }
      const stoppedBy = deadline.check();
      if (stoppedBy) return { result: { lines: checker.lines, failure: null, complete: false, problems: [] }, failureFileLine: null, lastFileLine, stoppedBy, scenario: loaded };
    }
  } finally {
    progress.done();
  }
  if (!loaded) throw new InputError([{ file, line: 1, column: 1, message: 'no scenario: give --scenario FILE or start the trace with {"scenario": {...}}' }]);
  checker ??= new StreamTraceChecker(loaded.scenario);
  return { result: checker.finish(), failureFileLine: null, lastFileLine, stoppedBy: null, scenario: loaded };
}

/**
 * The scenario a trace's first line carries. Its problems are located at that line, at the
 * scenario object's column: the JSON paths in the messages say where inside it.
 */
function scenarioOfLine(scenario: unknown, text: string, file: string, line: number): LoadedScenario {
  try {
    return parseScenario(JSON.stringify(scenario), file);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const key = text.indexOf('"scenario"');
    const column = Math.max(text.indexOf('{', key < 0 ? 0 : key + 10), 0) + 1;
    throw new InputError(error.problems.map((problem) => ({ ...problem, line, column, message: `in the scenario: ${problem.message}` })));
  }
}
