import type { StopPredicate } from '../../explore/search.js';
import { InputError } from '../../format/error.js';
import { parseScenario } from '../../format/streamout/load.js';
import type { TraceCheck } from '../../format/streamout/trace.js';
import { parseTraceRecord } from '../../format/streamout/traceRead.js';
import { StreamTraceChecker } from '../../impl/streamout/traceChecker.js';
import type { RecordedTraceLine } from '../../reports/html/streamTraceSteps.js';
import type { NumberedTrace } from './traceSource.js';
import type { StreamoutScenario } from './scenario.js';
import type { StreamTraceProgress } from './traceCheckOptions.js';

/** How often (in trace lines) progress is reported: often enough to watch, rarely enough to cost nothing beside the check. */
const PROGRESS_EVERY_LINES = 250_000;

/** Where a streamed check stopped: the verdict so far and the file line of its failure, if any. */
export interface StreamedTraceCheck {
  readonly result: TraceCheck;
  /** File line of the failing trace line; null for a failure at the end of the trace. */
  readonly failureFileLine: number | null;
  /** File line of the last trace line read. */
  readonly lastFileLine: number;
  /** Set when the check stopped before the end (time budget, signal): the reason. */
  readonly stoppedBy: string | null;
  /** The scenario the trace was checked against (null when the trace had no step and no scenario). */
  readonly scenario: StreamoutScenario | null;
}

/** How a trace check is watched: what stops it, where progress goes, and who sees each line read. */
export interface TraceCheckHooks {
  /** Asked after each step line: a reason stops the check (verdict unknown). */
  readonly shouldStop?: StopPredicate;
  readonly onProgress?: (progress: StreamTraceProgress) => void;
  /** Called with every non-blank line read: its file line, text and step (null for the scenario line); the HTML report keeps the last ones. */
  readonly onLine?: (read: RecordedTraceLine) => void;
}

/**
 * Reads a trace line by line and feeds the streaming checker, on the calling thread, stopping at
 * the first failing line or when `shouldStop` gives a reason. Memory stays bounded by the work in
 * flight, not the trace length. `given` (the caller's scenario) wins over the trace's own scenario
 * line. Input mistakes are thrown as `InputError`s naming file, line and column.
 */
export function streamTraceCheck(trace: NumberedTrace, given: StreamoutScenario | null, hooks: TraceCheckHooks = {}): StreamedTraceCheck {
  const { file } = trace;
  let loaded = given;
  let checker: StreamTraceChecker | null = null;
  let lastFileLine = 0;
  const started = performance.now();
  for (const { text, line } of trace.lines) {
    if (text.trim() === '') continue;
    const record = parseTraceRecord(text, file, line, loaded?.scenario ?? null);
    if (record.kind === 'scenario') {
      if (checker !== null) throw new InputError([{ file, line, column: 1, message: 'the scenario line must come before the first step' }]);
      loaded ??= scenarioOfLine(record.scenario, text, file, line);
      hooks.onLine?.({ line, text, record: null });
      continue;
    }
    checker ??= new StreamTraceChecker(loaded!.scenario);
    lastFileLine = line;
    hooks.onLine?.({ line, text, record: record.line });
    if (checker.check(record.line)) return { result: checker.finish(), failureFileLine: line, lastFileLine, stoppedBy: null, scenario: loaded };
    if (checker.lines % PROGRESS_EVERY_LINES === 0) hooks.onProgress?.({ lines: checker.lines, elapsedMs: performance.now() - started });
    const stoppedBy = hooks.shouldStop?.() ?? null;
    if (stoppedBy) return { result: { lines: checker.lines, failure: null, complete: false, problems: [] }, failureFileLine: null, lastFileLine, stoppedBy, scenario: loaded };
  }
  if (!loaded) throw new InputError([{ file, line: 1, column: 1, message: 'no scenario: give --scenario FILE or start the trace with {"scenario": {...}}' }]);
  checker ??= new StreamTraceChecker(loaded.scenario);
  return { result: checker.finish(), failureFileLine: null, lastFileLine, stoppedBy: null, scenario: loaded };
}

/**
 * The scenario a trace's first line carries. Its problems are located at that line, at the
 * scenario object's column: the JSON paths in the messages say where inside it.
 */
function scenarioOfLine(scenario: unknown, text: string, file: string, line: number): StreamoutScenario {
  try {
    return parseScenario(JSON.stringify(scenario), file);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const key = text.indexOf('"scenario"');
    const column = Math.max(text.indexOf('{', key < 0 ? 0 : key + 10), 0) + 1;
    throw new InputError(error.problems.map((problem) => ({ ...problem, line, column, message: `in the scenario: ${problem.message}` })));
  }
}
