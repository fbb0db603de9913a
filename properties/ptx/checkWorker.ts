import { parentPort } from 'node:worker_threads';
import { checkOutput, type OutputCheckOptions } from './checkOutput.js';

/** Worker thread of `fuzz --ptxas --jobs N`: checks the listings it is sent and posts each result back, tagged. */
parentPort!.on('message', (job: { id: number; listing: string; file: string; options: OutputCheckOptions } | null) => {
  if (job === null) {
    parentPort!.close();
    return;
  }
  parentPort!.postMessage({ id: job.id, result: checkOutput(job.listing, job.file, job.options) });
});
