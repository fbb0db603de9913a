import type { StreamedTraceCheck } from './traceCheckHere.js';

/** The first line a trace gets wrong, as a report gives it. */
export interface StreamTraceFailure {
  /** The file line of the failing trace line; null when the failure is at the end of the trace (it stops with work unfinished). */
  readonly line: number | null;
  /** What the protocol does not allow there, in protocol terms, and what it gives instead. */
  readonly message: string;
  /** The protocol's state at that point, in words. */
  readonly state: string;
  readonly atEnd: boolean;
}

/** What every trace report holds. */
export interface StreamTraceReportBody {
  /** The trace file (or the name given to a text or lines). */
  readonly file: string;
  /** Step lines checked (the scenario line and blank lines not counted). */
  readonly lines: number;
  readonly failure: StreamTraceFailure | null;
  /** True when the trace brings the protocol to its end. */
  readonly complete: boolean;
  /** Problems of the final state (wrong buffers, deadlock) when every step was allowed. */
  readonly problems: readonly string[];
}

/**
 * The report of `checkStreamTrace`: the object `hazardproof streamout check TRACE --json` prints.
 * `passes` when every line is allowed and the protocol completes with the buffers in driver
 * order; `fails` at the first line not allowed (or a trace that stops early, or wrong buffers);
 * `unknown` when the time budget or the signal stopped the check, with the reason and the last
 * line read.
 */
export type StreamTraceReport =
  | (StreamTraceReportBody & { readonly verdict: 'passes' | 'fails' })
  | (StreamTraceReportBody & { readonly verdict: 'unknown'; readonly reason: string; readonly lastLine: number });

/** The verdict of a trace check. */
export type StreamTraceVerdict = StreamTraceReport['verdict'];

/** The report of a streamed check of the trace `file`. */
export function streamTraceReport(file: string, checked: StreamedTraceCheck): StreamTraceReport {
  const { result, failureFileLine, lastFileLine, stoppedBy } = checked;
  const failure = result.failure && { ...result.failure, line: failureFileLine, atEnd: failureFileLine === null };
  // Key order is the JSON's: the reason comes before the check's own fields.
  if (stoppedBy) return { file, verdict: 'unknown', reason: stoppedBy, lastLine: lastFileLine, ...result, failure };
  const passes = result.failure === null && result.complete && result.problems.length === 0;
  return { file, verdict: passes ? 'passes' : 'fails', ...result, failure };
}
