import { defaultSeed } from '../../format/defaultSeed.js';
import type { StopOptions } from '../stop.js';
import { checkStopOptions } from '../stopOptionsCheck.js';
import { wholeNumberOption } from '../optionRange.js';
import type { StreamoutRunProgress } from './runProgress.js';
import type { StreamoutScenario } from './scenario.js';

/** Options of `runStreamout`; each has the default of `hazardproof streamout run`. */
export interface StreamoutRunOptions extends StopOptions {
  /** Explore every interleaving (a proof when it completes) instead of random timings. Default false. */
  readonly exhaustive?: boolean;
  /** Seed of the first random timing; timing k uses `seed + k` (default: the scenario's `timingSeed`, else a fresh one, given in the report). */
  readonly seed?: number;
  /** Random timings to run (default 200). */
  readonly runs?: number;
  /** Worker threads running the random timings (default 1); the verdict and the failing timing reported do not depend on it. */
  readonly jobs?: number;
  /** State budget of the exhaustive search (default 2,000,000). */
  readonly maxStates?: number;
  /** Called as the run goes (see `StreamoutRunProgress` for how often). */
  readonly onProgress?: (progress: StreamoutRunProgress) => void;
}

/** How a scenario is run: every option resolved to a value (plain data: it is sent to a worker thread). */
export interface StreamoutRunSettings {
  readonly exhaustive: boolean;
  readonly seed: number;
  readonly runs: number;
  readonly jobs: number;
  readonly maxStates: number;
  /** The wall-clock budget in milliseconds, from when the run starts, or null for none. */
  readonly timeoutMs: number | null;
}

/** The defaults of the run options, the same for the library and `hazardproof streamout run`. */
export const STREAMOUT_RUN_DEFAULTS = { runs: 200, jobs: 1, maxStates: 2_000_000 } as const;

/** The accepted range of each whole-number run option, the same for the library and the CLI's flags. */
export const STREAMOUT_RUN_OPTION_RANGES = {
  seed: [0, 2 ** 32 - 1], runs: [1, Number.MAX_SAFE_INTEGER], jobs: [1, 256], maxStates: [1, Number.MAX_SAFE_INTEGER],
} as const satisfies Record<string, readonly [number, number]>;

/** Resolves the options for a scenario, checking their ranges (a `RangeError` names the option). */
export function streamoutRunSettings(scenario: StreamoutScenario, options: StreamoutRunOptions): StreamoutRunSettings {
  checkStopOptions(options);
  const ranges = STREAMOUT_RUN_OPTION_RANGES;
  return {
    exhaustive: options.exhaustive ?? false,
    seed: wholeNumberOption('seed', options.seed, scenario.timingSeed ?? defaultSeed(), ranges.seed),
    runs: wholeNumberOption('runs', options.runs, STREAMOUT_RUN_DEFAULTS.runs, ranges.runs),
    jobs: wholeNumberOption('jobs', options.jobs, STREAMOUT_RUN_DEFAULTS.jobs, ranges.jobs),
    maxStates: wholeNumberOption('maxStates', options.maxStates, STREAMOUT_RUN_DEFAULTS.maxStates, ranges.maxStates),
    timeoutMs: options.timeoutMs ?? null,
  };
}
