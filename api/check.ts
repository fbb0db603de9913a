import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../format/packageRoot.js';
import { checkLoaded, type CheckReport } from './checkLoaded.js';
import { checkSettings, type CheckOptions, type CheckProgress, type CheckSettings } from './checkOptions.js';
import { toProgram, type HazardproofProgram, type ProgramInput } from './program.js';
import { abortReason, stopPredicate } from './stop.js';

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

/** What the main thread sends the check worker. */
export interface CheckJob {
  readonly program: HazardproofProgram;
  readonly settings: CheckSettings;
  readonly timeoutMs: number | null;
  /** Int32 flag the main thread sets to 1 when the caller's signal aborts, with the reason's text. */
  readonly abortFlag: SharedArrayBuffer;
  readonly wantsProgress: boolean;
}

/** What the check worker sends back. */
export type CheckWorkerMessage =
  | { readonly type: 'progress'; readonly progress: CheckProgress }
  | { readonly type: 'done'; readonly report: CheckReport }
  | { readonly type: 'error'; readonly message: string; readonly stack: string | null };

/**
 * `checkSync` on a worker thread, so that the caller's thread stays free: an `AbortSignal`
 * (`AbortSignal.timeout(ms)` too) stops the search at its next step with verdict `unknown` and
 * the reason, progress arrives through `onProgress`, and several checks run in parallel.
 */
export function check(program: ProgramInput, options: CheckOptions = {}): Promise<CheckReport> {
  const settings = checkSettings(options);
  const job: CheckJob = {
    program: toProgram(program), settings, timeoutMs: options.timeoutMs ?? null,
    abortFlag: new SharedArrayBuffer(4), wantsProgress: options.onProgress !== undefined,
  };
  const flag = new Int32Array(job.abortFlag);
  const { signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    const worker = new Worker(checkWorkerUrl(), { workerData: job });
    let abortedWith: string | null = null;
    const onAbort = () => {
      abortedWith = abortReason(signal!);
      Atomics.store(flag, 0, 1);
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    const finish = () => signal?.removeEventListener('abort', onAbort);
    worker.on('message', (message: CheckWorkerMessage) => {
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'done') {
        finish();
        // The worker only knows the flag was set; the reason's words are the signal's.
        const report = abortedWith !== null && message.report.verdict === 'unknown' ? { ...message.report, reason: message.report.reason.replace(ABORTED_IN_WORKER, abortedWith) } : message.report;
        resolve(report);
      } else {
        finish();
        reject(Object.assign(new Error(message.message), message.stack ? { stack: message.stack } : {}));
      }
    });
    worker.on('error', (error) => { finish(); reject(error); });
    worker.on('exit', (code) => { finish(); if (code !== 0) reject(new Error(`the check worker exited with code ${code}`)); });
  });
}

/** The worker's stand-in for the signal's reason, replaced by the real words when the report arrives. */
export const ABORTED_IN_WORKER = 'aborted by the caller\'s AbortSignal';

/**
 * The compiled worker script. Run from the TypeScript sources (the test suite), `./checkWorker.js`
 * is not beside this file: the build's copy is used (`npm test` builds first).
 */
function checkWorkerUrl(): URL {
  const sibling = new URL('./checkWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return sibling;
  const built = join(packageRoot(), 'dist', 'api', 'checkWorker.js');
  if (!existsSync(built)) throw new Error(`the check worker is not built (${built}): run 'npm run build'`);
  return pathToFileURL(built);
}
