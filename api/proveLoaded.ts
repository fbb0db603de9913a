import { defaultSeed } from '../format/defaultSeed.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import type { ParsedLrcProgram } from '../format/lrc/parse.js';
import type { TimeBudget } from '../impl/budget.js';
import { proveLrcFlags, type FlagProof } from '../impl/lrc/proveFlags.js';
import type { ProvedFile } from '../reports/proveReport.js';
import { programVerdictWithinBudget, proveDepbarsWithinBudget } from '../solver/proveBudget.js';


/** Settings of a scoreboard proof. */
export interface ProveSettings {
  readonly queryTimeoutMs: number;
  readonly maxStates: number;
  /** Seed of the random schedules of the state-space fallback (large programs). */
  readonly seed?: number;
  /** Called before each DEPBAR's proof and before the whole-program proof. */
  readonly onProgress?: (progress: ProveProgress) => void;
}

/** Progress of `prove`: the DEPBAR being proved (1-based, of `total`), then the whole program. */
export type ProveProgress = { readonly phase: 'depbar'; readonly done: number; readonly total: number } | { readonly phase: 'program' };

/** Proves every DEPBAR of a scoreboard program sound and tight, then the whole program hazard-free, within a budget. */
export async function proveScoreboard(parsed: ParsedProgram, budget: TimeBudget, settings: ProveSettings): Promise<ProvedFile> {
  const started = performance.now();
  const depbars = await proveDepbarsWithinBudget(parsed.program, budget, settings.queryTimeoutMs, settings.onProgress && ((done, total) => settings.onProgress!({ phase: 'depbar', done, total })));
  settings.onProgress?.({ phase: 'program' });
  const whole = await programVerdictWithinBudget(parsed.program, budget, { queryTimeoutMs: settings.queryTimeoutMs, seed: settings.seed ?? defaultSeed(), maxStates: settings.maxStates });
  return { program: parsed, depbars, whole, elapsedMs: performance.now() - started };
}

/** The exit code of a scoreboard proof: 1 for an unsound DEPBAR or a hazard, 3 for anything unknown, else 0. */
export function scoreboardProofExitCode(proved: ProvedFile): number {
  const verdicts = proved.depbars.map((d) => d.verdict);
  if (verdicts.includes('unsound') || proved.whole.verdict === 'hazard') return 1;
  return verdicts.includes('unknown') || proved.whole.verdict === 'unknown' ? 3 : 0;
}

/** What `prove` decided for one LRC program: its flags sufficient, and each one necessary. */
export interface ProvedLrcProgram {
  readonly parsed: ParsedLrcProgram;
  readonly proof: FlagProof;
  readonly elapsedMs: number;
}

/** Proves an LRC program's dependency flags by exhaustive search, within a budget. */
export function proveLrc(parsed: ParsedLrcProgram, budget: TimeBudget, maxStates: number): ProvedLrcProgram {
  const started = performance.now();
  const proof = proveLrcFlags(parsed.program, maxStates, budget.shouldStop);
  return { parsed, proof, elapsedMs: performance.now() - started };
}

/** The exit code of an LRC proof: 1 when a schedule has a finding, 3 when a search ran out of states or time, else 0. */
export function lrcProofExitCode({ proof }: ProvedLrcProgram): number {
  const verdicts = [proof.program.verdict, ...proof.flags.map((flag) => flag.verdict)];
  if (verdicts.includes('hazard')) return 1;
  return verdicts.includes('unknown') ? 3 : 0;
}
