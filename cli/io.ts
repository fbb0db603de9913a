import { renameSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { timeBudget } from '../api/stop.js';
import { CHECK_OPTION_RANGES } from '../api/checkOptions.js';
import { InputError } from '../format/error.js';
import type { TimeBudget } from '../impl/budget.js';
import { countCodes } from '../explore/scheduleText.js';

/** Where a command writes; the CLI passes the process streams, tests pass buffers. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** True when progress may be drawn (stderr is a terminal and not in CI). */
  readonly progress: boolean;
}

/** An error in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** Writes a file all at once (temporary file + rename), so a failed run never leaves half a file. */
export function writeFileAtomic(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Parses a whole number option value within bounds, or throws a UsageError naming the option. */
export function integerOption(name: string, value: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const number = /^(0|[1-9][0-9]*)$/.test(value) ? Number(value) : /^0x[0-9a-f]+$/i.test(value) ? parseInt(value, 16) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(`--${name} expects a whole number from ${min} to ${max}, got '${value}'`);
  }
  return number;
}

/**
 * Progress on stderr: a line redrawn in place on a terminal (`io.progress`), otherwise (CI, pipes)
 * a plain line every 5 seconds once a run has taken 5 seconds, so short runs stay quiet.
 */
export function progressLine(io: CliIo): { update: (text: string) => void; done: () => void } {
  const started = Date.now();
  let last = 0;
  let shown = false;
  return {
    update(text) {
      const now = Date.now();
      if (!io.progress) {
        if (now - started < 5000 || now - last < 5000) return;
        last = now;
        io.stderr(`${text}\n`);
        return;
      }
      if (now - last < 150) return;
      last = now;
      shown = true;
      io.stderr(`\r\x1b[2K${text}`);
    },
    done() {
      if (shown) io.stderr('\r\x1b[2K');
      shown = false;
    },
  };
}

/**
 * Runs an input loader. On a mistake in the input it prints every problem (`file:line:col:
 * message`) and returns null: the command then exits 2 without printing any result.
 */
export function readInput<T>(io: CliIo, load: () => T): T | null {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`${error.message}\n`);
    return null;
  }
}

/** `--scoreboard-bits N` (1..16, default 6) as the largest counter value, 2^N - 1. */
export function scoreboardMaxOption(value: string | undefined): number {
  return 2 ** integerOption('scoreboard-bits', value, 6, ...CHECK_OPTION_RANGES.scoreboardBits) - 1;
}

/** Help text of `--timeout MS`, the same in every command (aligned with the other options of the help texts). */
export const TIMEOUT_HELP = `  --timeout MS                   wall-clock budget per input file: when it runs out, the file's verdict
                                 is unknown (exit 3) with the reason, or hazard if one was found by then`;

/** `--timeout MS`: the wall-clock budget of each input file in milliseconds, or null (no limit) without the option. */
export function timeoutOption(value: string | undefined): number | null {
  return value === undefined ? null : integerOption('timeout', value, 0, 1, 2 ** 31 - 1);
}

/**
 * A fresh budget for one input file (`--timeout`), started now. The clock is read at every
 * question: the loops that ask are coarse (a search expansion, a random schedule, a solver
 * query), so a reading costs nothing beside them.
 */
export function fileBudget(timeoutMs: number | null): TimeBudget {
  return timeBudget(timeoutMs === null ? {} : { timeoutMs });
}

/**
 * Longest schedule `--replay` takes, in actions. A run is written `code*n` and a repeated block
 * `(codes)*n`, so a few characters can ask for billions of actions; the machines' own schedules
 * are far shorter.
 */
export const MAX_REPLAY_ACTIONS = 10_000_000;

/** Refuses a `--replay` schedule that expands past `MAX_REPLAY_ACTIONS` actions, before any of it is expanded (a malformed one is left to its machine's parser, which names the bad part). */
export function checkReplayLength(text: string): void {
  const total = countCodes(text);
  if (typeof total === 'number' && total > MAX_REPLAY_ACTIONS) throw new UsageError(`--replay: the schedule asks for more than ${MAX_REPLAY_ACTIONS} actions`);
}
