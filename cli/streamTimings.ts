import { timeBudgetReason } from '../explore/deadline.js';
import { describeStreamStep } from '../reports/streamSteps.js';
import type { StreamVerdict } from '../format/streamout/load.js';
import type { StreamAction, StreamContext } from '../spec/streamout/step.js';
import type { PlantedSsyncBug } from '../impl/streamout/plantedBugs.js';
import { simulateStream } from '../impl/streamout/simulator.js';
import { replayThroughSpec } from '../impl/streamout/specReplay.js';
import { searchStreamTimings } from '../impl/streamout/timings.js';
import { progressLine, type CliIo } from './io.js';

/** The outcome of running one scenario, as `streamout run` prints it. */
export interface StreamRun {
  readonly verdict: StreamVerdict;
  readonly reason: string;
  readonly problems: readonly string[];
  readonly steps: readonly StreamAction[];
  /** The steps in words, numbered (from the spec's states). */
  readonly stepsInWords: readonly string[];
  /** What was covered, for `--json`. */
  readonly coverage: Record<string, unknown>;
}


/** How to run random timings of one scenario. */
export interface RandomRunRequest {
  readonly file: string;
  readonly context: StreamContext;
  readonly seed: number;
  readonly runs: number;
  readonly jobs: number;
  /** `--timeout`, and the wall-clock end of that budget (`Date.now()` milliseconds). */
  readonly timeoutMs: number | null;
  readonly deadline: number | null;
  /** A planted SSYNC bug for the simulation (tests only; `context` then carries the same bug for the spec). */
  readonly plantedBug?: PlantedSsyncBug;
}

/** How long the spec may replay a failing timing when no `--timeout` is given. */
export const DEFAULT_SPEC_REPLAY_MS = 120_000;

/**
 * Random timings on the optimized simulation (timing k with seed `seed + k`, on `jobs` worker
 * threads; the lowest failing timing is reported whatever the job count). A failing timing is
 * replayed through the spec, the reference model, which confirms it and gives the steps shown;
 * a replay the budget cuts short leaves the finding reported as not yet confirmed.
 */
export async function randomTimingsRun(request: RandomRunRequest, io: CliIo): Promise<StreamRun> {
  const { file, context, seed, runs, jobs, deadline } = request;
  const plantedBug = request.plantedBug ?? null;
  const progress = progressLine(io);
  const search = await searchStreamTimings({
    scenario: context.scenario, seed, runs, jobs, deadline, plantedBug,
    onProgress: (done, total) => progress.update(`${file}: ${done}/${total} random timings (seed ${seed}, ${jobs} job${jobs === 1 ? '' : 's'})`),
  });
  progress.done();
  const budget = timeBudgetReason(request.timeoutMs ?? 0);
  const seconds = `${(search.elapsedMs / 1000).toFixed(2)} s`;
  const coverage = { mode: 'random', engine: 'optimized simulation', runs, timingsRun: search.timingsRun, seed, jobs, timedOut: search.timedOut, elapsedMs: Math.round(search.elapsedMs) };
  const quiet = { problems: [], steps: [], stepsInWords: [] };
  const { failure } = search;
  if (failure === null) {
    if (search.timedOut) {
      return { verdict: 'unknown', reason: `${budget} after ${search.timingsRun} of ${runs} random timings (seed ${seed}), none with a violation; this is not a proof`, ...quiet, coverage };
    }
    return { verdict: 'no-violation-found', reason: `no violation in ${runs} random timings (seeds ${seed}..${seed + runs - 1}) on the optimized simulation, ${seconds}; this is not a proof`, ...quiet, coverage };
  }
  const replayCommand = `hazardproof streamout run ${file} --seed ${failure.seed} --runs 1`;
  const found = `found by the optimized simulation in random timing ${failure.index + 1} of ${runs} (seed ${failure.seed})`;
  // The failing timing again, recording its steps, for the spec to replay.
  const run = simulateStream(context.scenario, failure.seed, { steps: true, plantedBug });
  const stepsInWords: string[] = [];
  const replayProgress = progressLine(io);
  // Without --timeout the replay still gets a budget: the spec's immutable buffers make a replay of
  // a huge scenario grow with the square of the data written (hours at 100,000 batches).
  const replayEnd = deadline ?? Date.now() + DEFAULT_SPEC_REPLAY_MS;
  const replayBudget = deadline === null ? `the default spec replay budget of ${DEFAULT_SPEC_REPLAY_MS / 1000} s; --timeout MS sets another` : budget;
  const replay = replayThroughSpec(context, run.actions!, {
    shouldStop: () => Date.now() >= replayEnd,
    onStep: (before, action, index) => {
      stepsInWords.push(`${String(index + 1).padStart(3)}. ${describeStreamStep(context, before, action)}`);
      if (index % 1024 === 0) replayProgress.update(`${file}: spec replay of timing ${failure.index + 1}, step ${index}/${run.actions!.length}`);
    },
  });
  replayProgress.done();
  const covered = { ...coverage, specReplay: replay.outcome, specReplaySteps: replay.replayed, simulationSteps: run.steps };
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
