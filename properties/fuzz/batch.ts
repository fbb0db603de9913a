import { compileProgram } from '../../impl/compiled.js';
import { Simulator } from '../../impl/simulator.js';
import { runSeed } from '../../explore/search.js';
import { hazardKey, type Hazard } from '../../spec/oracle/hazard.js';
import { randomSchedule } from '../../spec/scoreboard/schedule/latencySchedule.js';
import { findViolation, type Violation } from '../law.js';
import { GENERATORS, LAWS, type FuzzTarget } from './targets.js';

/** Campaign settings every batch needs. */
export interface BatchConfig {
  readonly seed: number;
  readonly batchSize: number;
  readonly maxLatency: number;
  readonly scoreboardMax: number;
}

/** What one batch found. Plain data: it crosses worker-thread boundaries. */
export interface BatchResult {
  readonly target: number;
  readonly batch: number;
  readonly runs: number;
  /** Program targets: the first schedule seed of each distinct hazard. */
  readonly hazards: readonly { readonly hazard: Hazard; readonly seed: number }[];
  /** Law targets: the shrunk, simplified violation. */
  readonly violation: Violation | null;
  /** fast-check seed of a law batch (replays it). */
  readonly batchSeed: number;
  /** Time the batch took, in milliseconds. */
  readonly elapsedMs: number;
}

/** Seed of batch `batch` of a law target: the run of `fuzz --seed <it> --runs <batchSize>` replays it. */
export function batchSeed(config: BatchConfig, batch: number): number {
  return (config.seed + batch) >>> 0;
}

/**
 * Runs batch `batch` of a target (`count` runs, at most batchSize): for a program, schedules `batch * batchSize ...` (each with
 * seed `seed + run index`, the same as `check --mode random --seed <it> --runs 1`); for a law,
 * `batchSize` generated inputs under fast-check seed `batchSeed`. A program's batch stops early
 * once it has taken `timeLeftMs` (what is left of the target's `--timeout`).
 */
export function runBatch(
  targets: readonly FuzzTarget[], targetIndex: number, batch: number, count: number, config: BatchConfig,
  simulators = new Map<number, Simulator>(), timeLeftMs = Infinity,
): BatchResult {
  const started = performance.now();
  const target = targets[targetIndex]!;
  const seed = batchSeed(config, batch);
  if (target.type === 'law') {
    const violation = findViolation(GENERATORS[target.generator].inputs(), LAWS[target.law].check, count, { seed });
    return { target: targetIndex, batch, runs: count, hazards: [], violation, batchSeed: seed, elapsedMs: performance.now() - started };
  }
  let simulator = simulators.get(targetIndex);
  if (!simulator) {
    simulator = new Simulator(compileProgram(target.program), config.scoreboardMax);
    simulators.set(targetIndex, simulator);
  }
  const seen = new Set<string>();
  const hazards: { hazard: Hazard; seed: number }[] = [];
  let runs = 0;
  // A program's time budget (`fuzz --timeout`) may end a batch early: its result counts the runs done.
  for (let run = 0; run < count && performance.now() - started < timeLeftMs; run++) {
    runs++;
    const scheduleSeed = runSeed(config.seed, batch * config.batchSize + run);
    for (const hazard of simulator.run(randomSchedule(target.program, scheduleSeed, config.maxLatency)).hazards) {
      const key = hazardKey(hazard);
      if (!seen.has(key)) {
        seen.add(key);
        hazards.push({ hazard, seed: scheduleSeed });
      }
    }
  }
  return { target: targetIndex, batch, runs, hazards, violation: null, batchSeed: seed, elapsedMs: performance.now() - started };
}
