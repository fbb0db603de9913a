import { InputError, type InputProblem } from '../../format/error.js';
import type { JobContext } from '../worker/jobContext.js';
import type { StreamoutScenario } from './scenario.js';
import { streamTraceCheck, type TraceCheckHooks } from './traceCheckHere.js';
import type { StreamTraceProgress } from './traceCheckOptions.js';
import { streamTraceReport, type StreamTraceReport } from './traceReport.js';
import { numberedTrace, type StreamTraceSource } from './traceSource.js';

/** A trace check's report, on the calling thread: the source read line by line, checked, reported. */
export function streamTraceReportHere(source: StreamTraceSource, scenario: StreamoutScenario | null, hooks: TraceCheckHooks = {}): StreamTraceReport {
  const trace = numberedTrace(source);
  return streamTraceReport(trace.file, streamTraceCheck(trace, scenario, hooks));
}

/** What the trace-check job sends back: the report, or the problems of an `InputError`, which crosses threads only as plain data. */
export type TraceCheckJobOutput = { readonly report: StreamTraceReport } | { readonly inputProblems: readonly InputProblem[] };

/** The worker job of `checkStreamTrace` (the lines of a source are an array here: they crossed threads). */
export function streamTraceCheckJob(input: { readonly source: StreamTraceSource; readonly scenario: StreamoutScenario | null }, context: JobContext<StreamTraceProgress>): TraceCheckJobOutput {
  try {
    return { report: streamTraceReportHere(input.source, input.scenario, { shouldStop: context.shouldStop, ...(context.onProgress ? { onProgress: context.onProgress } : {}) }) };
  } catch (error) {
    if (error instanceof InputError) return { inputProblems: error.problems };
    throw error;
  }
}
