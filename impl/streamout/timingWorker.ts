import { parentPort, workerData } from 'node:worker_threads';
import { runTiming, type TimingSetup } from './timings.js';

/** Worker thread of `streamout run --jobs N`: runs each timing index it is sent and posts the outcome back. */
const setup = workerData as TimingSetup;
parentPort!.on('message', (index: number) => {
  parentPort!.postMessage(runTiming(setup, index));
});
