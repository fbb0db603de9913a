import { runOnWorker } from '../worker/runOnWorker.js';
import { streamoutRunSettings, type StreamoutRunOptions } from './runOptions.js';
import type { StreamoutRunReport } from './runReport.js';
import type { StreamoutScenario } from './scenario.js';

/**
 * Runs the distributed stream-output protocol on a scenario (from `loadScenario` or
 * `parseScenario`) and checks, for every timing explored, that the buffers hold the enabled
 * batches' data in driver order, that the API's counters are right, that batch IDs are unique in
 * flight and retired once, and that the run completes. Random timings by default (verdict
 * `no-violation-found`: not a proof), every interleaving with `exhaustive` (`proved`); a
 * `violation` comes with its steps. The report is the object `hazardproof streamout run FILE
 * --json` prints.
 *
 * The run happens on a worker thread, so the caller's thread stays free: an `AbortSignal`
 * (`AbortSignal.timeout(ms)` too) ends it at its next step, or at once while `jobs` threads run
 * timings, with verdict `unknown` and the signal's reason; `timeoutMs` ends it the same way with
 * the time budget's reason. A violation found by then is still reported. Bad option values reject
 * with a `RangeError` naming the option, before anything runs.
 */
export async function runStreamout(scenario: StreamoutScenario, options: StreamoutRunOptions = {}): Promise<StreamoutRunReport> {
  const settings = streamoutRunSettings(scenario, options);
  // The time budget travels in the settings (the run's own budget covers the timing threads too), so it is not given to the worker again.
  return runOnWorker('streamoutRun', { scenario, settings }, {
    ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
