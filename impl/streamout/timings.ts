import { Worker } from 'node:worker_threads';
import { compiledWorkerUrl } from '../../format/compiledWorker.js';
import type { StreamScenario } from '../../spec/streamout/scenario.js';
import type { PlantedSsyncBug } from './plantedBugs.js';
import { simulateStream } from './simulator.js';

/** What every timing of a search shares; sent to each worker thread once. */
export interface TimingSetup {
  readonly scenario: StreamScenario;
  /** Timing k runs with seed `seed + k`, whichever thread runs it. */
  readonly seed: number;
  /** Wall-clock end of the budget (`Date.now()` milliseconds), or null for none. */
  readonly deadline: number | null;
  readonly plantedBug?: PlantedSsyncBug | null;
}

/** A random-timing search on the optimized simulation (`streamout run` without `--exhaustive`). */
export interface TimingSearch extends TimingSetup {
  readonly runs: number;
  /** Worker threads (1 = this thread). The outcome does not depend on it unless the budget ends the search. */
  readonly jobs: number;
  /** Called after each timing with the number done. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * The caller's stop predicate (an abort flag, say): asked between timings, inside timings run on
   * this thread, and every few milliseconds while worker threads run (whose timings are then
   * ended by terminating the threads). A reason ends the search like the deadline, with the reason.
   */
  readonly shouldStop?: () => string | null;
}

/** One timing's outcome. */
export interface TimingOutcome {
  readonly index: number;
  /** The simulation's problems (empty when the timing is fine). */
  readonly problems: readonly string[];
  /** The first misplaced write the simulation saw, in words, if any. */
  readonly misplacement: string | null;
  /** True when the budget ended the timing before it finished: no verdict. */
  readonly stopped: boolean;
}

/** What a search found. */
export interface TimingSearchResult {
  /** Timings run to the end: 0..k for a failure at k, else every timing finished. */
  readonly timingsRun: number;
  /** The lowest failing timing, or null. */
  readonly failure: (TimingOutcome & { readonly seed: number }) | null;
  /** True when the budget ended the search before it was decided (some timing below the failure, or any without one, did not finish). */
  readonly timedOut: boolean;
  /** The reason `shouldStop` gave if it ended the search; null when it did not (the deadline, or no stop). */
  readonly stoppedBy: string | null;
  readonly elapsedMs: number;
}

/** Runs timing `index` of a search on the optimized simulation; `stop` (true to stop) may end it early besides the deadline. */
export function runTiming(setup: TimingSetup, index: number, stop?: () => boolean): TimingOutcome {
  const { deadline } = setup;
  const pastDeadline = deadline === null ? null : () => Date.now() >= deadline;
  const shouldStop = stop && pastDeadline ? () => pastDeadline() || stop() : stop ?? pastDeadline;
  const run = simulateStream(setup.scenario, setup.seed + index, {
    plantedBug: setup.plantedBug ?? null,
    ...(shouldStop === null ? {} : { shouldStop }),
  });
  return { index, problems: run.problems, misplacement: run.misplacement, stopped: run.stopped };
}

/**
 * Runs random timings 0..runs-1 on the optimized simulation, on `jobs` worker threads, and
 * reports the lowest failing one, so the answer is the same for every job count: timings are
 * handed out in order, none above a known failure is started, and the search ends once every
 * timing below the lowest failure has finished. The budget (`deadline`) or `shouldStop` stops it early.
 */
export async function searchStreamTimings(search: TimingSearch): Promise<TimingSearchResult> {
  const started = performance.now();
  const finished = new Map<number, TimingOutcome>();
  /** Timings 0..finishedBelow-1 have all finished. */
  let finishedBelow = 0;
  let next = 0;
  let lowestFailure = Infinity;
  let budgetSpent = false;
  let stoppedBy: string | null = null;
  /** True once the budget is spent: the deadline passed, a timing was cut short, or `shouldStop` gave a reason (kept). */
  const outOfBudget = (): boolean => {
    if (!budgetSpent && search.deadline !== null && Date.now() >= search.deadline) budgetSpent = true;
    if (!budgetSpent && search.shouldStop) {
      stoppedBy = search.shouldStop();
      budgetSpent = stoppedBy !== null;
    }
    return budgetSpent;
  };
  const limit = () => Math.min(search.runs, lowestFailure);
  const nextIndex = (): number | null => {
    if (outOfBudget() || next >= limit()) return null;
    return next++;
  };
  const record = (outcome: TimingOutcome) => {
    if (outcome.stopped) {
      budgetSpent = true;
      return;
    }
    finished.set(outcome.index, outcome);
    while (finished.has(finishedBelow)) finishedBelow++;
    if (outcome.problems.length > 0) lowestFailure = Math.min(lowestFailure, outcome.index);
    search.onProgress?.(finished.size, search.runs);
  };
  // Every timing below the limit has finished: the search is decided.
  const decided = () => finishedBelow >= limit();
  const setup: TimingSetup = { scenario: search.scenario, seed: search.seed, deadline: search.deadline, plantedBug: search.plantedBug ?? null };
  if (search.jobs <= 1) {
    const stop = search.shouldStop ? outOfBudget : undefined;
    for (let index = nextIndex(); index !== null; index = nextIndex()) record(runTiming(setup, index, stop));
  } else {
    const pollStop = search.shouldStop !== undefined;
    await onWorkers(setup, Math.min(search.jobs, search.runs), nextIndex, record, () => outOfBudget() || (next >= limit() && decided()), pollStop);
  }
  const failure = lowestFailure === Infinity ? null : { ...finished.get(lowestFailure)!, seed: search.seed + lowestFailure };
  return {
    timingsRun: failure && decided() ? failure.index + 1 : finished.size,
    failure,
    timedOut: !decided(),
    stoppedBy,
    elapsedMs: performance.now() - started,
  };
}

/** How often `done` is asked while worker threads run, when the caller's `shouldStop` may end the search between their messages. */
const STOP_POLL_MS = 20;

/**
 * Deals timings to worker threads, each taking the next index when it is free, until `done`;
 * then stops them all (a worker still busy above a found failure is not waited for). With
 * `pollStop`, `done` is also asked every `STOP_POLL_MS`: a timing can run for seconds, and a
 * stop request should not wait for it.
 */
async function onWorkers(
  setup: TimingSetup, jobs: number, nextIndex: () => number | null, record: (outcome: TimingOutcome) => void, done: () => boolean, pollStop: boolean,
): Promise<void> {
  const workers: Worker[] = [];
  let poll: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      if (pollStop) poll = setInterval(() => { if (done()) resolve(); }, STOP_POLL_MS);
      let busy = 0;
      const dispatch = (worker: Worker) => {
        const index = done() ? null : nextIndex();
        if (index !== null) {
          busy++;
          worker.postMessage(index);
        } else if (busy === 0 || done()) resolve();
      };
      for (let k = 0; k < jobs; k++) {
        const worker = new Worker(compiledWorkerUrl(new URL('./timingWorker.js', import.meta.url)), { workerData: setup });
        workers.push(worker);
        worker.on('message', (outcome: TimingOutcome) => {
          busy--;
          record(outcome);
          dispatch(worker);
        });
        worker.on('error', reject);
        dispatch(worker);
      }
    });
  } finally {
    clearInterval(poll);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
