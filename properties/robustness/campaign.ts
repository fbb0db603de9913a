/**
 * The robustness campaign: fast-check draws mutated inputs and commands, runs each through the
 * CLI in this process with a small `--timeout`, and the law is that every run answers (exit 0, 1
 * or 3, or 2 with a located error), never crashes and never hangs. Both `npm test` (briefly) and
 * `hazardproof fuzz --robustness` (for as long as asked) run it; both print the seed and path
 * that replay a failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { defaultSeed } from '../../format/defaultSeed.js';
import type { MutationScale } from './mutations.js';
import {
  concreteCase, describeFailure, judgeOutcome, outcomeClass, robustnessCaseArbitrary, runCase, skipped, STREAMOUT_COMMANDS_EXCLUDED,
  type CaseSettings, type OutcomeClass, type RobustnessCase,
} from './runCase.js';
import { robustnessSeeds, type CliRunner, type SeedInput } from './seeds.js';

/** How a campaign runs. */
export interface RobustnessOptions {
  readonly run: CliRunner;
  /** fast-check seed; a fresh one when absent (always reported). */
  readonly seed?: number;
  /** fast-check path: with the seed of a failed campaign, replays its (shrunk) counterexample. */
  readonly path?: string;
  /** Cases to run at most. */
  readonly numRuns: number;
  /** Stop starting cases after this long (null: no limit). */
  readonly timeLimitMs: number | null;
  /** `--timeout` given to every command that takes it. */
  readonly timeoutMs: number;
  readonly scale: MutationScale;
  /** The seeds to mutate (default: `robustnessSeeds`); tests pass a few. */
  readonly seeds?: readonly SeedInput[];
  /** The clock of the hang bound (default `performance.now`). */
  readonly now?: () => number;
  /** Called after each case with the figures so far. */
  readonly onProgress?: (figures: RobustnessFigures) => void;
}

/** What a campaign ran and how each run ended (before any failure; shrinking runs are not counted). */
export interface RobustnessFigures {
  readonly runs: number;
  readonly outcomes: Readonly<Record<OutcomeClass, number>>;
  /** Cases skipped by `STREAMOUT_COMMANDS_EXCLUDED`. */
  readonly skipped: number;
  readonly slowest: { readonly ms: number; readonly command: string; readonly input: string } | null;
}

/** A campaign's outcome: the figures, and the failure (shrunk by fast-check) if there was one. */
export interface RobustnessResult {
  readonly seed: number;
  readonly figures: RobustnessFigures;
  readonly elapsedMs: number;
  /** True when the time limit ended the campaign before `numRuns`. */
  readonly interrupted: boolean;
  readonly failure: { readonly path: string; readonly counterexample: RobustnessCase; readonly message: string } | null;
}

/** Runs the campaign; never throws for a failed case (the result carries it). */
export async function runRobustnessCampaign(options: RobustnessOptions): Promise<RobustnessResult> {
  const started = performance.now();
  const seeds = options.seeds ?? await robustnessSeeds(options.run);
  const folder = mkdtempSync(join(tmpdir(), 'hazardproof-robustness-'));
  const settings: CaseSettings = { run: options.run, timeoutMs: options.timeoutMs, folder, ...(options.now ? { now: options.now } : {}) };
  const outcomes: Record<OutcomeClass, number> = { 'exit 0': 0, 'exit 1': 0, 'exit 2 (located)': 0, 'exit 2 (usage)': 0, 'exit 3': 0 };
  let figures: RobustnessFigures = { runs: 0, outcomes, skipped: 0, slowest: null };
  let failed = false;
  let index = 0;
  const property = fc.asyncProperty(robustnessCaseArbitrary(options.scale), async (generated) => {
    const concrete = concreteCase(seeds, generated, options.scale);
    if (skipped(concrete)) {
      if (!failed) figures = { ...figures, skipped: figures.skipped + 1 };
      return;
    }
    const outcome = await runCase(concrete, settings, index++);
    const problem = judgeOutcome(outcome, options.timeoutMs);
    if (problem !== null) {
      failed = true;
      throw new Error(describeFailure(concrete, outcome, problem));
    }
    if (failed) return;
    outcomes[outcomeClass(outcome)]++;
    const slower = figures.slowest === null || outcome.elapsedMs > figures.slowest.ms;
    const slowest = slower ? { ms: outcome.elapsedMs, command: `hazardproof ${outcome.argv.join(' ')}`, input: `${concrete.seed.fileName} (${concrete.mutations.length} mutation(s))` } : figures.slowest;
    figures = { ...figures, runs: figures.runs + 1, slowest };
    options.onProgress?.(figures);
  });
  const seed = options.seed ?? defaultSeed();
  try {
    const details = await fc.check(property, {
      seed, numRuns: options.numRuns,
      // A replay runs the recorded case alone: shrinking it again would rerun a slow case many times.
      ...(options.path ? { path: options.path, endOnFailure: true } : {}),
      ...(options.timeLimitMs === null ? {} : { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }),
    });
    const failure = details.failed && details.counterexample
      ? { path: details.counterexamplePath ?? '', counterexample: details.counterexample[0], message: (details.errorInstance as Error | undefined)?.message ?? 'the property failed' }
      : null;
    return { seed, figures, elapsedMs: performance.now() - started, interrupted: details.interrupted, failure };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The figures as lines: runs, outcomes by exit code, skipped cases, the slowest run. */
export function describeFigures(result: RobustnessResult): string[] {
  const { figures } = result;
  const counts = Object.entries(figures.outcomes).map(([name, count]) => `${name}: ${count}`).join(', ');
  const lines = [`robustness: ${figures.runs} inputs run in ${(result.elapsedMs / 1000).toFixed(1)} s (seed ${result.seed}): ${counts}`];
  if (figures.skipped > 0) lines.push(`  ${figures.skipped} case(s) skipped: ${[...STREAMOUT_COMMANDS_EXCLUDED].join(', ')} (STREAMOUT_COMMANDS_EXCLUDED in properties/robustness/runCase.ts)`);
  if (figures.slowest) lines.push(`  slowest run: ${Math.round(figures.slowest.ms)} ms, ${figures.slowest.command} on ${figures.slowest.input}`);
  return lines;
}
