import { checkLoaded, type CheckReport } from './checkLoaded.js';
import { checkSettings, type CheckOptions } from './checkOptions.js';
import { toProgram, type ProgramInput } from './program.js';
import { stopPredicate } from './stop.js';
import { runOnWorker } from './worker/runOnWorker.js';

/**
 * Checks a program on the calling thread: explores its latency schedules (and warp
 * interleavings) and states a verdict, `proved-safe`, `no-hazard-found`, `hazard` or `unknown`,
 * with the evidence. The report is the object `hazardproof check --json` prints.
 *
 * The thread is busy until it returns, so an `AbortSignal` is seen only if something aborts it
 * from `onProgress`; use `timeoutMs`, or `check`, whose search runs on a worker thread.
 */
export function checkSync(program: ProgramInput, options: CheckOptions = {}): CheckReport {
  return checkLoaded(toProgram(program), { settings: checkSettings(options), shouldStop: stopPredicate(options), ...(options.onProgress ? { onProgress: options.onProgress } : {}) }).report();
}

/**
 * `checkSync` on a worker thread, so that the caller's thread stays free: an `AbortSignal`
 * (`AbortSignal.timeout(ms)` too) stops the search at its next step with verdict `unknown` and
 * the reason, progress arrives through `onProgress`, and several checks run in parallel.
 */
export function check(program: ProgramInput, options: CheckOptions = {}): Promise<CheckReport> {
  return runOnWorker('check', { program: toProgram(program), settings: checkSettings(options) }, options);
}
