import { defaultSeed } from '../format/defaultSeed.js';
import { DEFAULT_CHECK_OPTIONS, type CheckMode } from '../impl/check.js';
import type { StopOptions } from './stop.js';
import { checkStopOptions } from './stopOptionsCheck.js';
import { wholeNumberOption } from './optionRange.js';

/** Progress of a long check: states of the exhaustive search, or random schedules run. */
export interface CheckProgress {
  readonly phase: 'exhaustive' | 'random';
  readonly done: number;
  /** The total when known (random schedules), else null. */
  readonly total: number | null;
}

/** Options of `check` and `checkSync`; every one has the CLI's default. */
export interface CheckOptions extends StopOptions {
  /** `auto` (default): exhaustive when it fits in `maxStates`, random schedules otherwise. */
  readonly mode?: CheckMode;
  /** Seed of the random schedules (default: a fresh one, given in the report). */
  readonly seed?: number;
  /** Random schedules to run (default 1000). */
  readonly runs?: number;
  /** Largest random queue/execution delay in cycles (default 8). */
  readonly maxLatency?: number;
  /** State budget of the exhaustive search (default 200,000). */
  readonly maxStates?: number;
  /** Width of a scoreboard counter in bits (default 6: values up to 63). */
  readonly scoreboardBits?: number;
  /** Called as the search goes (at most every few hundred steps). */
  readonly onProgress?: (progress: CheckProgress) => void;
}

/** The settings a check runs with: every option resolved to a value. */
export interface CheckSettings {
  readonly mode: CheckMode;
  readonly seed: number;
  readonly runs: number;
  readonly maxLatency: number;
  readonly maxStates: number;
  readonly scoreboardMax: number;
}

/** The accepted range of each whole-number option, the same for the library and the CLI's flags. */
export const CHECK_OPTION_RANGES = {
  seed: [0, 2 ** 32 - 1], runs: [1, Number.MAX_SAFE_INTEGER], maxLatency: [1, 10_000], maxStates: [1, Number.MAX_SAFE_INTEGER], scoreboardBits: [1, 16],
} as const satisfies Record<string, readonly [number, number]>;

/** The search strategies, the same for the library's `mode` and the CLI's `--mode`. */
export const CHECK_MODES = ['auto', 'exhaustive', 'random'] as const satisfies readonly CheckMode[];

/** Whether a string names a search strategy. */
export function isCheckMode(mode: string): mode is CheckMode {
  return (CHECK_MODES as readonly string[]).includes(mode);
}

/** Resolves the options, checking their ranges and `timeoutMs` (a `RangeError` names the option). */
export function checkSettings(options: CheckOptions): CheckSettings {
  checkStopOptions(options);
  const whole = (name: keyof typeof CHECK_OPTION_RANGES, value: number | undefined, fallback: number): number => wholeNumberOption(name, value, fallback, CHECK_OPTION_RANGES[name]);
  const mode = options.mode ?? DEFAULT_CHECK_OPTIONS.mode;
  if (!isCheckMode(mode)) throw new RangeError(`mode must be one of ${CHECK_MODES.join(', ')}, got ${String(mode)}`);
  return {
    mode,
    seed: whole('seed', options.seed, defaultSeed()),
    runs: whole('runs', options.runs, DEFAULT_CHECK_OPTIONS.runs),
    maxLatency: whole('maxLatency', options.maxLatency, DEFAULT_CHECK_OPTIONS.maxLatency),
    maxStates: whole('maxStates', options.maxStates, DEFAULT_CHECK_OPTIONS.maxStates),
    scoreboardMax: 2 ** whole('scoreboardBits', options.scoreboardBits, 6) - 1,
  };
}
