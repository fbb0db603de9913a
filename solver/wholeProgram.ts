import type { Action } from '../spec/scoreboard/machine/action.js';
import { destinationRegisters, effectiveStall, pipeIndexOf, sourceRegisters } from '../spec/scoreboard/operands.js';
import { sequentialSemantics } from '../spec/oracle/sequential.js';
import type { Program } from '../spec/scoreboard/program.js';
import { intValue } from './intValue.js';
import { reduceModel } from './reduceModel.js';
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
 * the size limit cannot reach a counter of 64.
 */
export function proveWholeProgram(program: Program, timeoutMs: number, reduce = true): Promise<WholeProgramAnswer> {
  return withZ3(async (z3) => {
    const started = performance.now();
    const { Solver, Int, Distinct, If, Sum, And, Or, Not, Implies, Bool } = z3;
    const n = program.instructions.length;
    const instances = n * program.warps;
    const solver = new Solver();
    solver.set('timeout', timeoutMs);
    const issue = Array.from({ length: instances }, (_, k) => Int.const(`issue_w${Math.floor(k / n)}_i${k % n}`));
    const read = Array.from({ length: instances }, (_, k) => Int.const(`read_w${Math.floor(k / n)}_i${k % n}`));
    const write = Array.from({ length: instances }, (_, k) => Int.const(`write_w${Math.floor(k / n)}_i${k % n}`));
    const landing = Array.from({ length: instances }, (_, k) => Int.const(`landing_w${Math.floor(k / n)}_i${k % n}`));
    const pipeOf = program.instructions.map((instruction) => pipeIndexOf(program, instruction));
    const one = Int.val(1);
    const zero = Int.val(0);
    type Term = ReturnType<typeof Int.const>;
    const count = (conditions: ReturnType<typeof Bool.val>[]): Term =>
      (conditions.length === 0 ? zero : conditions.length === 1 ? If(conditions[0]!, one, zero) : Sum(If(conditions[0]!, one, zero), ...conditions.slice(1).map((c) => If(c, one, zero))));
    const instance = (warp: number, i: number) => warp * n + i;
    if (instances > 1) solver.add(Distinct(...issue));
    for (let warp = 0; warp < program.warps; warp++) {
      for (let i = 0; i < n; i++) {
        const k = instance(warp, i);
        const instruction = program.instructions[i]!;
        const pipe = program.pipes[pipeOf[i]!];
        solver.add(issue[k]!.ge(0), landing[k]!.ge(0));
        if (i > 0) solver.add(issue[k]!.ge(issue[k - 1]!.add(effectiveStall(program.instructions[i - 1]!.control))));
        if (!pipe) solver.add(read[k]!.eq(issue[k]!), write[k]!.eq(issue[k]!));
        else if (pipe.kind === 'fixed') solver.add(read[k]!.eq(issue[k]!), write[k]!.eq(issue[k]!.add(pipe.latency)));
        else solver.add(read[k]!.ge(issue[k]!.add(1)), write[k]!.ge(read[k]!.add(1)));
        // Counted events of the warp's earlier instructions, per scoreboard.
        const eventsOn = (scoreboard: number) => program.instructions.slice(0, i).flatMap((earlier, j) => [
          ...(earlier.control.readScoreboard === scoreboard ? [read[instance(warp, j)]!] : []),
          ...(earlier.control.writeScoreboard === scoreboard ? [write[instance(warp, j)]!] : []),
        ]);
        for (const scoreboard of instruction.control.wait) for (const time of eventsOn(scoreboard)) solver.add(time.le(issue[k]!));
        if (instruction.kind === 'depbar') solver.add(count(eventsOn(instruction.scoreboard).map((time) => time.gt(issue[k]!))).le(instruction.limit));
        if (program.interlock) {
          const sources = sourceRegisters(instruction);
          const destinations = destinationRegisters(instruction);
          program.instructions.slice(0, i).forEach((earlier, j) => {
            if (pipeOf[j]! < 0) return;
            if (sourceRegisters(earlier).some((r) => destinations.includes(r))) solver.add(read[instance(warp, j)]!.le(issue[k]!));
            if (destinationRegisters(earlier).some((r) => sources.includes(r) || destinations.includes(r))) solver.add(write[instance(warp, j)]!.le(issue[k]!));
          });
        }
      }
    }
    // Pipes are shared: order and capacity across every pair of instances on the same pipe.
    for (let a = 0; a < instances; a++) {
      for (let b = 0; b < instances; b++) {
        if (a === b || pipeOf[a % n]! < 0 || pipeOf[a % n] !== pipeOf[b % n]) continue;
        const earlier = issue[a]!.lt(issue[b]!);
        solver.add(Implies(earlier, And(read[a]!.le(read[b]!), write[a]!.le(write[b]!), landing[a]!.lt(landing[b]!))));
      }
    }
    for (let a = 0; a < instances; a++) {
      const pipe = program.pipes[pipeOf[a % n]!];
      if (pipe?.kind !== 'queue') continue;
      const waiting: ReturnType<typeof Bool.val>[] = [];
      for (let b = 0; b < instances; b++) {
        if (b !== a && pipeOf[b % n] === pipeOf[a % n]) waiting.push(And(issue[b]!.lt(issue[a]!), read[b]!.gt(issue[a]!)));
      }
      solver.add(count(waiting).lt(pipe.depth));
    }
    // Landing ranks only need to order writes that can matter to each other: writes of the same
    // register in one warp (which value stays) and writes of one pipe (already ordered above).
    for (let warp = 0; warp < program.warps; warp++) {
      const writers = new Map<string, number[]>();
      program.instructions.forEach((instruction, i) => {
        for (const register of destinationRegisters(instruction)) writers.set(register, [...(writers.get(register) ?? []), instance(warp, i)]);
      });
      for (const group of writers.values()) {
        if (group.length > 1) solver.add(Distinct(...group.map((k) => landing[k]!)));
        for (const a of group) for (const b of group) if (a !== b) solver.add(Implies(write[a]!.lt(write[b]!), landing[a]!.lt(landing[b]!)));
      }
    }
    // The oracle.
    const semantics = sequentialSemantics(program);
    const hazards: ReturnType<typeof Bool.val>[] = [];
    for (let warp = 0; warp < program.warps; warp++) {
      const writersOf = (register: string) => program.instructions.flatMap((instruction, i) => (destinationRegisters(instruction).includes(register) ? [instance(warp, i)] : []));
      program.instructions.forEach((instruction, i) => {
        const c = instance(warp, i);
        for (const register of sourceRegisters(instruction)) {
          const expected = semantics.expectedReads[i]!.get(register) ?? null;
          const landed = (w: number) => write[w]!.le(read[c]!);
          const writers = writersOf(register).filter((w) => w !== c);
          if (expected === null) {
            if (writers.length > 0) hazards.push(Or(...writers.map(landed)));
          } else {
            const e = instance(warp, expected);
            hazards.push(Or(Not(landed(e)), ...writers.filter((w) => w !== e).map((w) => And(landed(w), landing[w]!.gt(landing[e]!)))));
          }
        }
      });
      for (const [register, last] of semantics.finalWriters) {
        const f = instance(warp, last);
        const others = writersOf(register).filter((w) => w !== f);
        if (others.length > 0) hazards.push(Or(...others.map((w) => landing[w]!.gt(landing[f]!))));
      }
    }
    solver.add(hazards.length === 0 ? Bool.val(false) : hazards.length === 1 ? hazards[0]! : Or(...hazards));
    const smt2 = `; whole program: every schedule of ${n} instruction(s) x ${program.warps} warp(s)\n; sat = a schedule with a hazard; unsat = hazard-free under every schedule\n${solver.toString()}\n(check-sat)\n(get-model)\n`;
    const result = await solver.check();
    if (result === 'unknown') return { verdict: 'unknown', reason: solver.reasonUnknown(), smt2, elapsedMs: performance.now() - started };
    if (result === 'unsat') return { verdict: 'proved', smt2, elapsedMs: performance.now() - started };
    // Reduce to the earliest cycles: lower the last event's cycle while a hazard remains.
    const lastCycle = (m: ReturnType<typeof solver.model>) => Math.max(...[...write, ...issue].map((term) => intValue(m.eval(term, true))));
    const model = await reduceModel(solver, solver.model(), (m) => [...write, ...issue].map((time) => time.lt(lastCycle(m))), reduce ? 32 : 0);
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
