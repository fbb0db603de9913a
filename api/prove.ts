import { DEFAULT_CHECK_OPTIONS } from '../impl/check.js';
import { releaseZ3 } from '../solver/z3.js';
import { toProgram, type ProgramInput } from './program.js';
import { proveFileJson } from '../reports/proveReport.js';
import { lrcFlagProofJson } from '../reports/lrc/flagProofJson.js';
import type { ProvedFile } from '../reports/proveReport.js';
import { proveLrc, proveScoreboard, type ProvedLrcProgram, type ProveProgress } from './proveLoaded.js';
import { timeBudget, type StopOptions } from './stop.js';
import { checkStopOptions } from './stopOptionsCheck.js';
import { wholeNumberOption } from './optionRange.js';
import { CHECK_OPTION_RANGES } from './checkOptions.js';

/** Default solver timeout of one Z3 query. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

/** Options of `prove`. */
export interface ProveOptions extends StopOptions {
  /** Solver timeout of each query in ms (default 10,000): a query that runs out is `unknown`, with Z3's reason. */
  readonly queryTimeoutMs?: number;
  /** State budget of the whole-program search for programs too large for the encoding (default 200,000). */
  readonly maxStates?: number;
  /** Seed of the random schedules of that search (default: a fresh one). */
  readonly seed?: number;
  /** Called before each DEPBAR's proof and before the whole-program proof. */
  readonly onProgress?: (progress: ProveProgress) => void;
}

/** The report of `prove` on a scoreboard program: the object `hazardproof prove --json` prints (it has `depbars`). */
export type ScoreboardProveReport = ReturnType<typeof proveFileJson>;

/** The report of `prove` on an LRC program: the object `hazardproof prove --json` prints (it has `flags`). */
export type LrcProveReport = ReturnType<typeof lrcFlagProofJson>;

/** The report of `prove`, per machine: tell them apart with `'depbars' in report`. */
export type ProveReport = ScoreboardProveReport | LrcProveReport;

/**
 * Proves a program with Z3: every `DEPBAR.LE SBn, k` sound (safe under every order of the events
 * counted on SBn that the machine allows) and tight (k + 1 is not), then the whole program
 * hazard-free under every latency schedule. An LRC program's flags are proved sufficient and each
 * necessary by exhaustive search. A query Z3 cannot decide in time is `unknown` with its reason.
 * The signal is seen between solver queries.
 */
export async function prove(program: ProgramInput, options: ProveOptions = {}): Promise<ProveReport> {
  const result = await proveProgram(program, options);
  return result.machine === 'lrc'
    ? lrcFlagProofJson(result.proved.parsed, result.proved.proof, result.proved.elapsedMs)
    : proveFileJson(result.proved);
}

/** What `prove` decided, before it becomes a report: the proofs themselves, for text reports and matchers. */
export type ProgramProof = { readonly machine: 'scoreboard'; readonly proved: ProvedFile } | { readonly machine: 'lrc'; readonly proved: ProvedLrcProgram };

/** `prove` with its options resolved (the CLI's defaults; a `RangeError` names an option out of range), giving the proofs rather than the report. */
export async function proveProgram(program: ProgramInput, options: ProveOptions = {}): Promise<ProgramProof> {
  checkStopOptions(options);
  const maxStates = wholeNumberOption('maxStates', options.maxStates, DEFAULT_CHECK_OPTIONS.maxStates, CHECK_OPTION_RANGES.maxStates);
  const queryTimeoutMs = wholeNumberOption('queryTimeoutMs', options.queryTimeoutMs, DEFAULT_QUERY_TIMEOUT_MS, [1, 2 ** 31 - 1]);
  const seed = options.seed === undefined ? {} : { seed: wholeNumberOption('seed', options.seed, 0, CHECK_OPTION_RANGES.seed) };
  const loaded = toProgram(program);
  const budget = timeBudget(options);
  if (loaded.machine === 'lrc') return { machine: 'lrc', proved: proveLrc(loaded.parsed, budget, maxStates) };
  return { machine: 'scoreboard', proved: await proveScoreboard(loaded.parsed, budget, {
    queryTimeoutMs, maxStates, ...seed, ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  }) };
}

/**
 * Stops Z3's worker threads so that the process can exit. Call it once when done proving
 * (a test suite's teardown); the next `prove` starts Z3 again.
 */
export async function stopSolver(): Promise<void> {
  await releaseZ3();
}
