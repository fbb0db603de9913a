import { parentPort, workerData } from 'node:worker_threads';
import type { Simulator } from '../../impl/simulator.js';
import { runBatch, type BatchConfig } from './batch.js';
import type { FuzzTarget } from './targets.js';

/** Worker thread of `fuzz --jobs N`: runs the batches it is sent and posts each result back. */
const { targets, config } = workerData as { targets: FuzzTarget[]; config: BatchConfig };
const simulators = new Map<number, Simulator>();
parentPort!.on('message', (job: { target: number; batch: number; count: number; timeLeftMs: number } | null) => {
  if (job === null) {
    parentPort!.close();
    return;
  }
  parentPort!.postMessage(runBatch(targets, job.target, job.batch, job.count, config, simulators, job.timeLeftMs));
});
