import { Worker } from 'node:worker_threads';
import { checkOutput, type OutputCheck, type OutputCheckOptions } from './checkOutput.js';

/** Checks ptxas outputs (`checkOutput`) on this thread or on worker threads; results do not depend on which. */
export interface OutputChecker {
  check(listing: string, file: string, options: OutputCheckOptions): Promise<OutputCheck>;
  /** Ends the worker threads. */
  close(): Promise<void>;
}

/**
 * An output checker with `jobs` worker threads (this thread for one job: checking then blocks it,
 * while the ptxas and cuobjdump processes already started go on). Work goes to the idle worker
 * with the fewest jobs queued.
 */
export function outputChecker(jobs: number): OutputChecker {
  if (jobs <= 1) {
    return { check: async (listing, file, options) => checkOutput(listing, file, options), close: async () => {} };
  }
  const workers = Array.from({ length: jobs }, () => ({ worker: new Worker(new URL('./checkWorker.js', import.meta.url)), queued: 0 }));
  const waiting = new Map<number, { resolve: (result: OutputCheck) => void; reject: (error: Error) => void; slot: (typeof workers)[number] }>();
  let next = 0;
  for (const slot of workers) {
    slot.worker.on('message', ({ id, result }: { id: number; result: OutputCheck }) => {
      const entry = waiting.get(id)!;
      waiting.delete(id);
      entry.slot.queued--;
      entry.resolve(result);
    });
    slot.worker.on('error', (error) => {
      for (const [id, entry] of waiting) if (entry.slot === slot) { waiting.delete(id); entry.reject(error); }
    });
  }
  return {
    check(listing, file, options) {
      const slot = workers.reduce((best, candidate) => (candidate.queued < best.queued ? candidate : best));
      const id = next++;
      slot.queued++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject, slot });
        slot.worker.postMessage({ id, listing, file, options });
      });
    },
    async close() {
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}
