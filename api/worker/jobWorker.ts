/** The worker thread of the library's long operations: runs the jobs it is sent, one at a time. */
import { parentPort } from 'node:worker_threads';
import { Deadline } from '../../explore/deadline.js';
import { abortFlagReader } from './abortFlag.js';
import type { WorkerJob, WorkerMessage } from './jobMessages.js';
import { JOBS } from './jobTable.js';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

parentPort!.on('message', async (job: WorkerJob) => {
  const aborted = abortFlagReader(job.abortFlag);
  const deadline = new Deadline(job.timeoutMs, 1);
  const run = JOBS[job.kind] as (input: unknown, context: { shouldStop: () => string | null; onProgress: ((progress: unknown) => void) | null }) => unknown;
  try {
    // Jobs are asynchronous: they load their machine first, and some wait for threads of their own.
    const output = await run(job.input, {
      shouldStop: () => aborted() ?? deadline.check(),
      onProgress: job.wantsProgress ? (progress) => post({ type: 'progress', progress }) : null,
    });
    post({ type: 'done', output });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack ?? null : null });
  }
});
