import { Worker } from 'node:worker_threads';
import type { Simulator } from '../../impl/simulator.js';
import { hazardKey, type Hazard } from '../../spec/oracle/hazard.js';
import type { Violation } from '../law.js';
import { runBatch, type BatchConfig, type BatchResult } from './batch.js';
import type { FuzzTarget } from './targets.js';

/** A whole campaign's settings. */
export interface CampaignConfig extends BatchConfig {
  /** Runs per target (schedules for a program, generated inputs for a law), or null for "until the time is up". */
  readonly runs: number | null;
  /** Time budget in milliseconds, or null. */
  readonly timeMs: number | null;
  /** Time budget of each target (`--timeout`: each program file, each law), in milliseconds of batch time, or null. */
  readonly targetTimeMs?: number | null;
  readonly jobs: number;
  /** This machine's slice of the batches: those with `batch % count === index`. */
  readonly shard: { readonly index: number; readonly count: number };
}

/** Everything found for one target, merged over its batches in batch order. */
export interface TargetOutcome {
  readonly target: FuzzTarget;
  readonly runs: number;
  /** Time spent on this target's batches (summed over threads), in milliseconds. */
  readonly elapsedMs: number;
  readonly batches: readonly number[];
  /** Runs done in each batch of `batches` (a batch of a program ends early when its `--timeout` runs out). */
  readonly batchRuns: readonly number[];
  /** Distinct hazards, each with the lowest schedule seed that shows it. */
  readonly hazards: readonly { readonly hazard: Hazard; readonly seed: number }[];
  /** The violation of the lowest batch that found one, with that batch's fast-check seed and run count. */
  readonly violation: { readonly violation: Violation; readonly batchSeed: number; readonly runs: number } | null;
  /** True when the target's own time budget (`targetTimeMs`) ran out before its runs were done. */
  readonly timedOut: boolean;
}

/** A campaign's outcome. */
export interface CampaignResult {
  readonly outcomes: readonly TargetOutcome[];
  readonly elapsedMs: number;
  /** True when the time budget ended the campaign before its runs were done. */
  readonly timedOut: boolean;
}

/** Progress of a running campaign. */
export interface CampaignProgress {
  readonly runs: number;
  readonly totalRuns: number | null;
  readonly findings: number;
  readonly elapsedMs: number;
}

interface Job { readonly target: number; readonly batch: number; readonly count: number; readonly timeLeftMs: number }

/**
 * Runs a campaign over its targets, on `jobs` worker threads (or in this thread for one job).
 * Batches are dealt round-robin across targets so a time budget covers every target; a law
 * target stops at its first violation. Results do not depend on `jobs` or on completion order.
 */
export async function runCampaign(targets: readonly FuzzTarget[], config: CampaignConfig, onProgress?: (progress: CampaignProgress) => void): Promise<CampaignResult> {
  const started = performance.now();
  const deadline = config.timeMs === null ? Infinity : started + config.timeMs;
  const results: BatchResult[] = [];
  const violated = new Set<number>();
  /** Batch time spent on each target, and the targets whose own budget ran out. */
  const spent = targets.map(() => 0);
  const outOfTime = new Set<number>();
  const targetTimeMs = config.targetTimeMs ?? Infinity;
  const batchesPerTarget = config.runs === null ? Infinity : Math.ceil(config.runs / config.batchSize);
  let timedOut = false;
  let nextBatch = config.shard.index;
  let nextTarget = 0;
  const totalRuns = config.runs === null ? null
    : targets.length * Array.from({ length: Math.ceil(config.runs / config.batchSize) }, (_, b) => b).filter((b) => b % config.shard.count === config.shard.index)
      .reduce((sum, b) => sum + Math.min(config.batchSize, config.runs! - b * config.batchSize), 0);
  let runsDone = 0;
  let findings = 0;
  const nextJob = (): Job | null => {
    for (;;) {
      if (performance.now() >= deadline) {
        timedOut = config.runs === null || nextBatch < batchesPerTarget;
        return null;
      }
      if (nextBatch >= batchesPerTarget || targets.every((_, target) => violated.has(target) || outOfTime.has(target))) return null;
      const target = nextTarget;
      const batch = nextBatch;
      nextTarget++;
      if (nextTarget === targets.length) {
        nextTarget = 0;
        nextBatch += config.shard.count;
      }
      if (violated.has(target) || outOfTime.has(target)) continue;
      const count = config.runs === null ? config.batchSize : Math.min(config.batchSize, config.runs - batch * config.batchSize);
      return { target, batch, count, timeLeftMs: targetTimeMs - spent[target]! };
    }
  };
  const record = (result: BatchResult) => {
    results.push(result);
    runsDone += result.runs;
    findings += result.hazards.length + (result.violation ? 1 : 0);
    if (result.violation) violated.add(result.target);
    spent[result.target]! += result.elapsedMs;
    if (spent[result.target]! >= targetTimeMs) outOfTime.add(result.target);
    onProgress?.({ runs: runsDone, totalRuns, findings, elapsedMs: performance.now() - started });
  };
  const { seed, batchSize, maxLatency, scoreboardMax } = config;
  const batchConfig: BatchConfig = { seed, batchSize, maxLatency, scoreboardMax };
  if (config.jobs <= 1) {
    const simulators = new Map<number, Simulator>();
    for (let job = nextJob(); job; job = nextJob()) {
      record(runBatch(targets, job.target, job.batch, job.count, batchConfig, simulators, job.timeLeftMs));
      await new Promise((resolve) => setImmediate(resolve)); // let progress output through
    }
  } else {
    await Promise.all(Array.from({ length: config.jobs }, () => new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { targets, config: batchConfig } });
      const dispatch = () => {
        const job = nextJob();
        worker.postMessage(job);
        if (job === null) resolve();
      };
      worker.on('message', (result: BatchResult) => { record(result); dispatch(); });
      worker.on('error', reject);
      dispatch();
    })));
  }
  const outcomes = merge(targets, results).map((outcome, index) => ({ ...outcome, timedOut: outOfTime.has(index) && outcome.violation === null }));
  return { outcomes, elapsedMs: performance.now() - started, timedOut };
}

/** Combines batch results per target in batch order (also used to merge shards' reports). */
export function merge(targets: readonly FuzzTarget[], results: readonly BatchResult[]): TargetOutcome[] {
  return targets.map((target, index) => {
    const own = results.filter((result) => result.target === index).sort((a, b) => a.batch - b.batch);
    const hazards = new Map<string, { hazard: Hazard; seed: number }>();
    for (const result of own) for (const found of result.hazards) if (!hazards.has(hazardKey(found.hazard))) hazards.set(hazardKey(found.hazard), found);
    const first = own.find((result) => result.violation !== null);
    return {
      target,
      runs: own.reduce((sum, result) => sum + result.runs, 0),
      elapsedMs: own.reduce((sum, result) => sum + result.elapsedMs, 0),
      batches: own.map((result) => result.batch),
      batchRuns: own.map((result) => result.runs),
      hazards: [...hazards.values()],
      violation: first ? { violation: first.violation!, batchSeed: first.batchSeed, runs: first.runs } : null,
      timedOut: false,
    };
  });
}
