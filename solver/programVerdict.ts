import { checkProgram, DEFAULT_CHECK_OPTIONS } from '../impl/check.js';
import { replay, type Trace } from '../spec/scoreboard/trace.js';
import type { Verdict } from '../explore/verdict.js';
import type { Hazard } from '../spec/oracle/hazard.js';
import type { Program } from '../spec/scoreboard/program.js';
import type { StopPredicate } from '../impl/budget.js';
import { proveWholeProgram, WHOLE_PROGRAM_LIMIT } from './wholeProgram.js';

/** The whole-program verdict of `prove`, with how it was reached. */
export interface ProgramVerdict {
  readonly verdict: Verdict;
  readonly reason: string;
  readonly method: 'z3' | 'exhaustive state exploration' | 'random schedules';
  /** A replayed counterexample when the verdict is `hazard`. */
  readonly counterexample: { readonly trace: Trace; readonly hazard: Hazard } | null;
  readonly smt2: string | null;
  readonly elapsedMs: number;
}

/**
 * Decides whether a program is hazard-free under every schedule: with Z3 when it has at most
 * WHOLE_PROGRAM_LIMIT instruction instances, replaying any counterexample through the reference
 * model before calling it a hazard; otherwise with the state-space search of `check`, which
 * `shouldStop` (a time budget) may end early with `unknown`.
 */
export async function programVerdict(program: Program, options: { timeoutMs: number; seed: number; maxStates: number; shouldStop?: StopPredicate }): Promise<ProgramVerdict> {
  const started = performance.now();
  const instances = program.instructions.length * program.warps;
  if (instances > WHOLE_PROGRAM_LIMIT) {
    const result = checkProgram(program, { ...DEFAULT_CHECK_OPTIONS, seed: options.seed, maxStates: options.maxStates, mode: 'auto', ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}) });
    const first = result.hazards[0];
    return {
      verdict: result.verdict,
      reason: `${instances} instruction instances are more than the solver encoding takes (${WHOLE_PROGRAM_LIMIT}); ${result.reason}`,
      method: result.exhaustiveComplete ? 'exhaustive state exploration' : 'random schedules',
      counterexample: first ? { trace: replay(program, first.schedule), hazard: first.hazard } : null,
      smt2: null, elapsedMs: performance.now() - started,
    };
  }
  const answer = await proveWholeProgram(program, options.timeoutMs);
  const elapsedMs = performance.now() - started;
  const base = { method: 'z3' as const, smt2: answer.smt2, elapsedMs };
  switch (answer.verdict) {
    case 'proved':
      return { ...base, verdict: 'proved-safe', reason: 'Z3 proved that no schedule (any latencies, any warp interleaving, any order of same-cycle writes) has a hazard', counterexample: null };
    case 'unknown':
      return { ...base, verdict: 'unknown', reason: `Z3 could not decide: ${answer.reason}`, counterexample: null };
    case 'counterexample': {
      const trace = replay(program, answer.actions);
      const hazard = trace.hazards[0];
      if (!hazard) {
        return { ...base, verdict: 'unknown', reason: 'Z3 found a schedule, but it shows no hazard on the reference model (the encoding and the model disagree: please report it)', counterexample: null };
      }
      return { ...base, verdict: 'hazard', reason: 'Z3 found a schedule with a hazard (reduced to the earliest cycles), confirmed on the reference model', counterexample: { trace, hazard } };
    }
  }
}
