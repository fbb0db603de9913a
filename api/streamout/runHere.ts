import { streamContext, type StreamContext } from '../../spec/streamout/step.js';
import { exhaustiveStreamRun } from './exhaustiveRun.js';
import type { StreamRunHooks, StreamRunOutcome } from './outcome.js';
import { randomTimingsOutcome } from './randomRun.js';
import type { StreamoutRunSettings } from './runOptions.js';
import { streamoutRunReport, type StreamoutRunReport } from './runReport.js';
import type { StreamoutScenario } from './scenario.js';

/**
 * Runs a scenario as the settings say, on the calling thread (random timings use worker threads
 * when `jobs` > 1): the exhaustive search or random timings, with the time budget counted from
 * now. `context` may carry another SSYNC policy (tests plant bugs that way). The CLI calls this;
 * `runStreamout` calls `runStreamoutHere` on a worker thread.
 */
export async function streamoutOutcome(loaded: StreamoutScenario, settings: StreamoutRunSettings, hooks: StreamRunHooks = {}, context: StreamContext = streamContext(loaded.scenario)): Promise<StreamRunOutcome> {
  const { timeoutMs } = settings;
  const budget = { timeoutMs, deadline: timeoutMs === null ? null : Date.now() + timeoutMs };
  if (settings.exhaustive) return exhaustiveStreamRun(context, settings.maxStates, budget, hooks);
  return randomTimingsOutcome({ file: loaded.file, context, seed: settings.seed, runs: settings.runs, jobs: settings.jobs, ...budget }, hooks);
}

/** `streamoutOutcome` as its report: the job `runStreamout` runs on a worker thread. */
export async function runStreamoutHere(loaded: StreamoutScenario, settings: StreamoutRunSettings, hooks: StreamRunHooks = {}): Promise<StreamoutRunReport> {
  return streamoutRunReport(loaded, await streamoutOutcome(loaded, settings, hooks));
}
