import { timeBudgetReason } from '../../explore/deadline.js';
import type { PlantedSsyncBug } from '../../impl/streamout/plantedBugs.js';
import { simulateStream } from '../../impl/streamout/simulator.js';
import { replayThroughSpec } from '../../impl/streamout/specReplay.js';
import { searchStreamTimings } from '../../impl/streamout/timings.js';
import { describeStreamStep } from '../../reports/streamSteps.js';
import type { StreamContext } from '../../spec/streamout/step.js';
import type { RandomStreamCoverage } from './coverage.js';
import type { StreamRunBudget, StreamRunHooks, StreamRunOutcome } from './outcome.js';

/** How to run random timings of one scenario. */
export interface RandomRunRequest extends StreamRunBudget {
  /** The scenario file, as the replay command names it. */
  readonly file: string;
  readonly context: StreamContext;
  readonly seed: number;
  readonly runs: number;
  readonly jobs: number;
  /** A planted SSYNC bug for the simulation (tests only; `context` then carries the same bug for the spec). */
  readonly plantedBug?: PlantedSsyncBug;
}

/** How long the spec may replay a failing timing when no time budget is given. */
export const DEFAULT_SPEC_REPLAY_MS = 120_000;

/** How often (in steps) the spec replay reports progress. */
const REPLAY_PROGRESS_EVERY_STEPS = 1024;

/**
 * Random timings on the optimized simulation (timing k with seed `seed + k`, on `jobs` worker
 * threads, 1 meaning this thread; the lowest failing timing is reported whatever the job count).
 * A failing timing is replayed through the spec, the reference model, which confirms it and gives
 * the steps shown; a replay the budget (or the hooks' stop) cuts short leaves the finding reported
 * as not yet confirmed.
 */
export async function randomTimingsOutcome(request: RandomRunRequest, hooks: StreamRunHooks = {}): Promise<StreamRunOutcome> {
  const { file, context, seed, runs, jobs, deadline } = request;
  const plantedBug = request.plantedBug ?? null;
  const { onProgress } = hooks;
  const search = await searchStreamTimings({
    scenario: context.scenario, seed, runs, jobs, deadline, plantedBug,
    ...(onProgress ? { onProgress: (done: number, total: number) => onProgress({ phase: 'random', done, total }) } : {}),
    ...(hooks.shouldStop ? { shouldStop: hooks.shouldStop } : {}),
  });
  const budget = timeBudgetReason(request.timeoutMs ?? 0);
  const seconds = `${(search.elapsedMs / 1000).toFixed(2)} s`;
  const coverage: RandomStreamCoverage = {
    mode: 'random', engine: 'optimized simulation', runs, timingsRun: search.timingsRun, seed, jobs, timedOut: search.timedOut, elapsedMs: Math.round(search.elapsedMs),
  };
  const quiet = { problems: [], steps: [], stepsInWords: [] };
  const { failure } = search;
  if (failure === null) {
    if (search.timedOut) {
      return { verdict: 'unknown', reason: `${search.stoppedBy ?? budget} after ${search.timingsRun} of ${runs} random timings (seed ${seed}), none with a violation; this is not a proof`, ...quiet, coverage };
    }
    return { verdict: 'no-violation-found', reason: `no violation in ${runs} random timings (seeds ${seed}..${seed + runs - 1}) on the optimized simulation, ${seconds}; this is not a proof`, ...quiet, coverage };
  }
  const replayCommand = `hazardproof streamout run ${file} --seed ${failure.seed} --runs 1`;
  const found = `found by the optimized simulation in random timing ${failure.index + 1} of ${runs} (seed ${failure.seed})`;
  // The failing timing again, recording its steps, for the spec to replay.
  const run = simulateStream(context.scenario, failure.seed, { steps: true, plantedBug });
  const stepsInWords: string[] = [];
  // Without a time budget the replay still gets one: the spec's immutable buffers make a replay of
  // a huge scenario grow with the square of the data written (hours at 100,000 batches).
  const replayEnd = deadline ?? Date.now() + DEFAULT_SPEC_REPLAY_MS;
  let stoppedBy: string | null = null;
  const replay = replayThroughSpec(context, run.actions!, {
    shouldStop: () => {
      if (Date.now() >= replayEnd) return true;
      stoppedBy = hooks.shouldStop?.() ?? null;
      return stoppedBy !== null;
    },
    onStep: (before, action, index) => {
      stepsInWords.push(`${String(index + 1).padStart(3)}. ${describeStreamStep(context, before, action)}`);
      if (index % REPLAY_PROGRESS_EVERY_STEPS === 0) onProgress?.({ phase: 'spec-replay', timing: failure.index + 1, step: index, steps: run.actions!.length });
    },
  });
  const replayBudget = stoppedBy ?? (deadline === null ? `the default spec replay budget of ${DEFAULT_SPEC_REPLAY_MS / 1000} s; --timeout MS sets another` : budget);
  const covered: RandomStreamCoverage = { ...coverage, specReplay: replay.outcome, specReplaySteps: replay.replayed, simulationSteps: run.steps };
  switch (replay.outcome) {
    case 'confirmed':
      return {
        verdict: 'violation', reason: `${found} and confirmed by the spec, whose replay of its steps shows it after ${replay.replayed} steps; replay: ${replayCommand}`,
        problems: replay.problems, steps: replay.steps, stepsInWords, coverage: covered,
      };
    case 'stopped':
      return {
        verdict: 'violation',
        reason: `${found}; not yet confirmed by the spec: its replay of the ${run.steps} steps stopped at step ${replay.replayed} (${replayBudget}); the problems below are the simulation's; replay: ${replayCommand} (add --trace-out FILE for its steps)`,
        problems: failure.problems, steps: [], stepsInWords: [], coverage: covered,
      };
    default: {
      const why = replay.outcome === 'step-refused' ? `the spec refuses ${replay.refused}` : 'the spec finds no problem after all its steps';
      return {
        verdict: 'unknown', reason: `the optimized simulation reports a violation in random timing ${failure.index + 1} (seed ${failure.seed}), but ${why}: the simulation is wrong here (please report it); replay: ${replayCommand}`,
        problems: failure.problems, steps: [], stepsInWords: [], coverage: covered,
      };
    }
  }
}
