/** The worker thread of `check`: runs one check and posts progress and the report. */
import { parentPort, workerData } from 'node:worker_threads';
import { Deadline } from '../explore/deadline.js';
import { ABORTED_IN_WORKER, type CheckJob, type CheckWorkerMessage } from './check.js';
import { checkLoaded } from './checkLoaded.js';

const job = workerData as CheckJob;
const flag = new Int32Array(job.abortFlag);
const deadline = new Deadline(job.timeoutMs, 1);
const post = (message: CheckWorkerMessage) => parentPort!.postMessage(message);
try {
  const report = checkLoaded(job.program, {
    settings: job.settings,
    shouldStop: () => (Atomics.load(flag, 0) === 1 ? ABORTED_IN_WORKER : deadline.check()),
    ...(job.wantsProgress ? { onProgress: (progress) => post({ type: 'progress', progress }) } : {}),
  }).report();
  post({ type: 'done', report });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack ?? null : null });
}
