/**
 * `prove` under a file's time budget (`--timeout`) with a per-query solver timeout
 * (`--query-timeout`). The solver functions take only a per-query timeout, so the budget is
 * kept here: every query gets at most what is left, nothing starts once it is spent, and what
 * was not decided in time is `unknown` with the budget's reason.
 */
import type { TimeBudget } from '../impl/budget.js';
import type { Program } from '../spec/scoreboard/program.js';
import { programVerdict, type ProgramVerdict } from './programVerdict.js';
import { proveDepbar, type DepbarProof } from './proveDepbar.js';

/** The solver timeout of the next query: the per-query limit, or what is left of the budget if less (at least 1 ms: 0 means none to Z3). */
export function queryTimeout(budget: TimeBudget, queryTimeoutMs: number): number {
  return Math.max(1, Math.min(queryTimeoutMs, Math.ceil(budget.remainingMs())));
}

/** Proves every DEPBAR of a program in order; those reached after the budget is spent are `unknown`, unproved. */
export async function proveDepbarsWithinBudget(program: Program, budget: TimeBudget, queryTimeoutMs: number, onProgress?: (done: number, total: number) => void): Promise<DepbarProof[]> {
  const proofs: DepbarProof[] = [];
  const total = program.instructions.filter((instruction) => instruction.kind === 'depbar').length;
  for (const [index, instruction] of program.instructions.entries()) {
    if (instruction.kind !== 'depbar') continue;
    onProgress?.(proofs.length + 1, total);
    const stop = budget.shouldStop();
    proofs.push(stop === null ? await proveDepbar(program, index, queryTimeout(budget, queryTimeoutMs)) : notProved(index, instruction.scoreboard, instruction.limit, stop));
  }
  return proofs;
}

/** A DEPBAR the budget left no time for. */
function notProved(index: number, scoreboard: number, immediate: number, reason: string): DepbarProof {
  return {
    index, scoreboard, immediate, verdict: 'unknown', largestSafe: null, reason: `not proved: ${reason} before this DEPBAR`,
    dependencies: [], order: { events: [], before: [] }, breaking: null, obligations: [], elapsedMs: 0,
  };
}

/**
 * The whole-program verdict of `programVerdict`, each Z3 query limited to what is left of the
 * budget and the state-space search (programs the encoding does not take) stopped by it.
 */
export async function programVerdictWithinBudget(program: Program, budget: TimeBudget, options: { queryTimeoutMs: number; seed: number; maxStates: number }): Promise<ProgramVerdict> {
  const stop = budget.shouldStop();
  if (stop !== null) {
    return { verdict: 'unknown', reason: `not decided: ${stop} before the whole-program proof`, method: 'z3', counterexample: null, smt2: null, elapsedMs: 0 };
  }
  return programVerdict(program, { timeoutMs: queryTimeout(budget, options.queryTimeoutMs), seed: options.seed, maxStates: options.maxStates, shouldStop: budget.shouldStop });
}
