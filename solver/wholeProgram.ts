import type { Action } from '../spec/scoreboard/machine/action.js';
import { pipeIndexOf } from '../spec/scoreboard/operands.js';
import type { Program } from '../spec/scoreboard/program.js';
import { intValue } from './intValue.js';
import { reduceModel } from './reduceModel.js';
import { encodeWholeProgram } from './wholeProgramEncoding.js';
import { withZ3 } from './z3.js';

/** Largest program (instructions x warps) the whole-program encoding takes. */
export const WHOLE_PROGRAM_LIMIT = 64;

/** A schedule found by the solver: the cycle of every event of every instruction instance. */
export interface SolverSchedule {
  readonly issue: readonly number[];
  readonly read: readonly number[];
  readonly write: readonly number[];
  /** Rank of each write among all writes (orders writes landing in the same cycle). */
  readonly landing: readonly number[];
}

/** The solver's answer for a whole program. */
export type WholeProgramAnswer =
  | { readonly verdict: 'proved'; readonly smt2: string; readonly elapsedMs: number }
  | { readonly verdict: 'counterexample'; readonly schedule: SolverSchedule; readonly actions: Action[]; readonly smt2: string; readonly elapsedMs: number }
  | { readonly verdict: 'unknown'; readonly reason: string; readonly smt2: string; readonly elapsedMs: number };

/**
 * Encodes every schedule of the reference machine symbolically and asks for one with a hazard.
 * Instance k = warp * n + i has cycles issue_k, read_k, write_k:
 * - issues follow program order with stalls, and at most one instruction issues per cycle;
 * - fixed pipes read at issue and write `latency` later; decoupled pipes read at least a cycle
 *   after issue and write at least a cycle after the read, reads and writes in issue order
 *   across all warps, and a queue holds at most `depth` instructions not yet read at an issue;
 * - wait masks need every counted event of the warp's earlier instructions done by the issue
 *   cycle, `DEPBAR.LE SBn, k` at most k not done, `.interlock registers` the register counters;
 * - a landing rank orders the writes of each register (consistent with their cycles) and of each
 *   pipe (issue order), so writes in one cycle may land in any order.
 * The hazard is the oracle's, encoded exactly: a read is wrong unless the expected writer has
 * landed and no other landed writer of the register ranks after it; the final value likewise.
 * unsat = hazard-free under every schedule. Scoreboard overflow is not encoded: programs within
 * the size limit cannot reach a counter of 64. The constraints are those of `encodeWholeProgram`,
 * which leaves out the ones a warp's program order already implies.
 */
export function proveWholeProgram(program: Program, timeoutMs: number, reduce = true): Promise<WholeProgramAnswer> {
  return withZ3(async (z3) => {
    const started = performance.now();
    const n = program.instructions.length;
    const solver = new z3.Solver();
    solver.set('timeout', timeoutMs);
    const { issue, read, write, landing, machine, hazard } = encodeWholeProgram(z3, program);
    for (const constraint of machine) solver.add(constraint);
    solver.add(hazard);
    const smt2 = `; whole program: every schedule of ${n} instruction(s) x ${program.warps} warp(s)\n; sat = a schedule with a hazard; unsat = hazard-free under every schedule\n${solver.toString()}\n(check-sat)\n(get-model)\n`;
    const result = await solver.check();
    if (result === 'unknown') return { verdict: 'unknown', reason: solver.reasonUnknown(), smt2, elapsedMs: performance.now() - started };
    if (result === 'unsat') return { verdict: 'proved', smt2, elapsedMs: performance.now() - started };
    // Reduce to the earliest cycles: lower the last event's cycle while a hazard remains.
    const lastCycle = (m: ReturnType<typeof solver.model>) => Math.max(...[...write, ...issue].map((term) => intValue(m.eval(term, true))));
    const model = await reduceModel(solver, solver.model(), (m) => {
      const last = lastCycle(m);
      return [...write, ...issue].map((time) => time.lt(last));
    }, reduce ? 32 : 0);
    const value = (term: (typeof issue)[number]) => intValue(model.eval(term, true));
    const schedule: SolverSchedule = { issue: issue.map(value), read: read.map(value), write: write.map(value), landing: landing.map(value) };
    return { verdict: 'counterexample', schedule, actions: scheduleActions(program, schedule), smt2, elapsedMs: performance.now() - started };
  });
}

/** Turns the solver's cycles into the spec machine's actions, for replay through the reference model. */
export function scheduleActions(program: Program, schedule: SolverSchedule): Action[] {
  const n = program.instructions.length;
  const pipeOf = (k: number) => pipeIndexOf(program, program.instructions[k % n]!);
  const instances = schedule.issue.map((_, k) => k).filter((k) => pipeOf(k) >= 0);
  const end = Math.max(...schedule.issue, ...instances.map((k) => schedule.write[k]!));
  const actions: Action[] = [];
  for (let cycle = 0; ; cycle++) {
    const writes = instances.filter((k) => schedule.write[k] === cycle).sort((a, b) => schedule.landing[a]! - schedule.landing[b]!);
    for (const k of writes) actions.push({ type: 'write', pipe: pipeOf(k) });
    // Finished once everything issued in an earlier cycle and every result has landed.
    if (cycle > end || (schedule.issue.every((t) => t < cycle) && instances.every((k) => schedule.write[k]! <= cycle))) break;
    actions.push({ type: 'endWrites' });
    const reads = instances.filter((k) => program.pipes[pipeOf(k)]!.kind === 'queue' && schedule.read[k] === cycle).sort((a, b) => schedule.issue[a]! - schedule.issue[b]!);
    for (const k of reads) actions.push({ type: 'read', pipe: pipeOf(k) });
    actions.push({ type: 'endReads' });
    const issuing = schedule.issue.findIndex((t) => t === cycle);
    actions.push(issuing >= 0 ? { type: 'issue', warp: Math.floor(issuing / n) } : { type: 'tick' });
  }
  return actions;
}
