import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledWorkerUrl } from '../../format/compiledWorker.js';
import { abortReason, type StopOptions } from '../stop.js';
import { createAbortFlag, raiseAbortFlag } from './abortFlag.js';
import type { WorkerJob, WorkerMessage } from './jobMessages.js';
import type { JobInput, JobKind, JobOutput, JobProgress } from './jobTable.js';

/** How a job is run: its budget, its signal, and where its progress goes. */
export interface WorkerRunOptions<Progress> extends StopOptions {
  readonly onProgress?: (progress: Progress) => void;
}

/**
 * Idle workers kept for the next job: starting a thread and loading the model takes 100-200 ms,
 * more than a small check. They are `unref`'d, so they never keep the process alive.
 */
const idle: Worker[] = [];
const MAX_IDLE = availableParallelism();

/**
 * Runs job `kind` on a worker thread, so that the calling thread stays free: the signal (also
 * `AbortSignal.timeout(ms)`) raises a flag the job's stop predicate reads at its next step, and the
 * job then ends with its `unknown` verdict, whose reason carries the signal's reason. Several jobs
 * run in parallel, each on its own thread. An error thrown by the job rejects the promise.
 */
export function runOnWorker<K extends JobKind>(kind: K, input: JobInput<K>, options: WorkerRunOptions<JobProgress<K>> = {}): Promise<JobOutput<K>> {
  const { signal, onProgress } = options;
  const job: WorkerJob = { kind, input, timeoutMs: options.timeoutMs ?? null, abortFlag: createAbortFlag(), wantsProgress: onProgress !== undefined };
  const onAbort = () => raiseAbortFlag(job.abortFlag, abortReason(signal!));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const worker = idle.pop() ?? new Worker(compiledWorkerUrl(new URL('./jobWorker.js', import.meta.url)));
  worker.ref();
  return new Promise<JobOutput<K>>((resolve, reject) => {
    const settle = (kept: boolean) => {
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (kept && idle.length < MAX_IDLE) {
        worker.unref();
        idle.push(worker);
      } else if (kept) void worker.terminate();
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress?.(message.progress as JobProgress<K>);
      else if (message.type === 'done') {
        settle(true);
        resolve(message.output as JobOutput<K>);
      } else {
        settle(true);
        reject(Object.assign(new Error(message.message), message.stack ? { stack: message.stack } : {}));
      }
    };
    const onError = (error: Error) => { settle(false); reject(error); };
    const onExit = (code: number) => { settle(false); reject(new Error(`the worker thread exited with code ${code}`)); };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job);
  });
}
