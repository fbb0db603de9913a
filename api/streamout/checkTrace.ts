import { InputError } from '../../format/error.js';
import { stopPredicate } from '../stop.js';
import { checkStopOptions } from '../stopOptionsCheck.js';
import { runOnWorker } from '../worker/runOnWorker.js';
import type { StreamTraceCheckOptions } from './traceCheckOptions.js';
import { streamTraceReportHere } from './traceCheckJob.js';
import type { StreamTraceReport } from './traceReport.js';
import type { StreamTraceSource } from './traceSource.js';

/**
 * Validates a recorded message trace of the stream-output protocol (JSON lines, docs/streamout.md "Trace
 * format") against the protocol, streaming it in constant memory, and reports the first line the
 * protocol does not allow, with its file line, in protocol terms and with the state there. The
 * report is the object `hazardproof streamout check TRACE --json` prints.
 *
 * The check runs on a worker thread: an `AbortSignal` (or `timeoutMs`) stops it at its next line
 * with verdict `unknown`, the reason and the last line read. A trace file is read there in
 * chunks; a text is sent whole, and lines given as an iterable are collected first (give a path
 * for a trace too large for memory, or use `checkStreamTraceSync`). Input mistakes (unreadable
 * file, invalid JSON, a malformed line, no scenario) reject with an `InputError` naming file, line
 * and column; a `timeoutMs` that is not a positive number with a `RangeError`.
 */
export async function checkStreamTrace(source: StreamTraceSource, options: StreamTraceCheckOptions = {}): Promise<StreamTraceReport> {
  checkStopOptions(options);
  // Data crossing to a worker thread is copied: an iterable (a generator, say) is copied as its lines.
  const sendable = typeof source === 'string' || 'text' in source ? source : { lines: [...source.lines], ...(source.file === undefined ? {} : { file: source.file }) };
  const output = await runOnWorker('streamTraceCheck', { source: sendable, scenario: options.scenario ?? null }, options);
  if ('inputProblems' in output) throw new InputError(output.inputProblems);
  return output.report;
}

/**
 * `checkStreamTrace` on the calling thread, reading lines as it checks them (an iterable of lines
 * is read lazily, so a generator's trace need never be in memory). The thread is busy until it
 * returns, so an `AbortSignal` is seen only if something aborts it from `onProgress`; use
 * `timeoutMs`, or `checkStreamTrace`.
 */
export function checkStreamTraceSync(source: StreamTraceSource, options: StreamTraceCheckOptions = {}): StreamTraceReport {
  checkStopOptions(options);
  return streamTraceReportHere(source, options.scenario ?? null, { shouldStop: stopPredicate(options), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
}
