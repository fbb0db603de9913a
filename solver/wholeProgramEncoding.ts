import { destinationRegisters, effectiveStall, sourceRegisters } from '../spec/scoreboard/operands.js';
import { sequentialSemantics } from '../spec/oracle/sequential.js';
import type { Program } from '../spec/scoreboard/program.js';
import { InstanceOrder, type InstanceEvent } from './instanceOrder.js';
import type { Z3Context } from './z3.js';

type Arith = ReturnType<Z3Context['Int']['const']>;
type Formula = ReturnType<Z3Context['Bool']['val']>;

/** The cycle variables of every instruction instance (instance k = warp * n + i) and the constraints over them. */
export interface WholeProgramEncoding {
  readonly issue: readonly Arith[];
  readonly read: readonly Arith[];
  readonly write: readonly Arith[];
  /** Rank of each write among the writes it must be ordered with (orders writes landing in one cycle). */
  readonly landing: readonly Arith[];
  /** The machine: every constraint a schedule satisfies. */
  readonly machine: readonly Formula[];
  /** The oracle's hazard: true in a schedule exactly when it has one. */
  readonly hazard: Formula;
}

/**
 * Every schedule of the reference machine as constraints over cycle variables, and the oracle's
 * hazard (see `proveWholeProgram`). Constraints that others imply are left out, by the order a
 * warp fixes (`InstanceOrder`): within a warp, the ordering of two instances on one pipe is stated
 * for neighbours only, a wait needs only the latest events of each pipe, a DEPBAR counts only
 * events of the instructions from the warp's last wait on its scoreboard on, a queue's capacity
 * is one comparison when one warp uses the pipe, and a hazard names only the writers not already
 * ordered with the expected one. The solutions are the same as with every pair stated (the tests
 * ask Z3 so); the benchmark program's encoding grows linearly with its length, not quadratically.
 */
export function encodeWholeProgram(z3: Z3Context, program: Program): WholeProgramEncoding {
  const { Int, Distinct, If, Sum, And, Or, Not, Implies, Bool } = z3;
  const n = program.instructions.length;
  const instances = n * program.warps;
  const name = (kind: string, k: number) => `${kind}_w${Math.floor(k / n)}_i${k % n}`;
  const issue = Array.from({ length: instances }, (_, k) => Int.const(name('issue', k)));
  const read = Array.from({ length: instances }, (_, k) => Int.const(name('read', k)));
  const write = Array.from({ length: instances }, (_, k) => Int.const(name('write', k)));
  const landing = Array.from({ length: instances }, (_, k) => Int.const(name('landing', k)));
  const order = new InstanceOrder(program);
  const time = (event: InstanceEvent) => (event.kind === 'read' ? read : write)[event.instance]!;
  const count = (conditions: readonly Formula[]): Arith => {
    const terms = conditions.map((c) => If(c, Int.val(1), Int.val(0)));
    return terms.length === 0 ? Int.val(0) : terms.length === 1 ? terms[0]! : Sum(terms[0]!, ...terms.slice(1));
  };
  const instance = (warp: number, i: number) => warp * n + i;
  const machine: Formula[] = [];
  // Within a warp the stalls (at least one cycle) keep issues apart.
  if (program.warps > 1) machine.push(Distinct(...issue));
  for (let warp = 0; warp < program.warps; warp++) {
    let lastWait = new Map<number, number>(); // scoreboard -> last instruction so far waiting for it
    for (let i = 0; i < n; i++) {
      const k = instance(warp, i);
      const instruction = program.instructions[i]!;
      const pipe = program.pipes[order.pipeOf[i]!];
      machine.push(issue[k]!.ge(0), landing[k]!.ge(0));
      if (i > 0) machine.push(issue[k]!.ge(issue[k - 1]!.add(effectiveStall(program.instructions[i - 1]!.control))));
      if (!pipe) machine.push(read[k]!.eq(issue[k]!), write[k]!.eq(issue[k]!));
      else if (pipe.kind === 'fixed') machine.push(read[k]!.eq(issue[k]!), write[k]!.eq(issue[k]!.add(pipe.latency)));
      else machine.push(read[k]!.ge(issue[k]!.add(1)), write[k]!.ge(read[k]!.add(1)));
      // Counted events of the warp's instructions from `from` to i - 1, on one scoreboard.
      const eventsOn = (scoreboard: number, from = 0): InstanceEvent[] => program.instructions.slice(from, i).flatMap((earlier, offset) => [
        ...(earlier.control.readScoreboard === scoreboard ? [{ instance: instance(warp, from + offset), kind: 'read' as const }] : []),
        ...(earlier.control.writeScoreboard === scoreboard ? [{ instance: instance(warp, from + offset), kind: 'write' as const }] : []),
      ]);
      for (const scoreboard of instruction.control.wait) for (const event of order.latest(eventsOn(scoreboard))) machine.push(time(event).le(issue[k]!));
      // Events before the last wait on the scoreboard are done by then, so by this (later) issue.
      if (instruction.kind === 'depbar') machine.push(count(eventsOn(instruction.scoreboard, lastWait.get(instruction.scoreboard) ?? 0).map((event) => time(event).gt(issue[k]!))).le(instruction.limit));
      if (program.interlock) {
        const sources = sourceRegisters(instruction);
        const destinations = destinationRegisters(instruction);
        program.instructions.slice(0, i).forEach((earlier, j) => {
          if (order.pipeOf[j]! < 0) return;
          if (sourceRegisters(earlier).some((r) => destinations.includes(r))) machine.push(read[instance(warp, j)]!.le(issue[k]!));
          if (destinationRegisters(earlier).some((r) => sources.includes(r) || destinations.includes(r))) machine.push(write[instance(warp, j)]!.le(issue[k]!));
        });
      }
      lastWait = new Map([...lastWait, ...instruction.control.wait.map((scoreboard) => [scoreboard, i] as const)]);
    }
  }
  // Pipes are shared: order and capacity. Within a warp, neighbours on the pipe; across warps, by issue order.
  for (let b = 0; b < instances; b++) {
    const previous = order.predecessorOnPipe(b);
    if (previous !== null) machine.push(read[previous]!.le(read[b]!), write[previous]!.le(write[b]!), landing[previous]!.lt(landing[b]!));
    for (let a = 0; a < instances; a++) {
      if (a === b || order.pipe(a) < 0 || order.pipe(a) !== order.pipe(b) || order.warp(a) === order.warp(b)) continue;
      machine.push(Implies(issue[a]!.lt(issue[b]!), And(read[a]!.le(read[b]!), write[a]!.le(write[b]!), landing[a]!.lt(landing[b]!))));
    }
  }
  for (let a = 0; a < instances; a++) {
    const pipe = program.pipes[order.pipe(a)];
    if (pipe?.kind !== 'queue') continue;
    // At most depth - 1 earlier instructions not yet read when one issues. The warp's own are read in
    // order, so they count only if the depth-th one before is unread (then all depth of them are).
    const depthBefore = order.predecessorOnPipe(a, pipe.depth);
    const others = Array.from({ length: instances }, (_, b) => b).filter((b) => order.pipe(b) === order.pipe(a) && order.warp(b) !== order.warp(a));
    if (others.length === 0) {
      if (depthBefore !== null) machine.push(read[depthBefore]!.le(issue[a]!));
      continue;
    }
    const own = Array.from({ length: pipe.depth }, (_, d) => order.predecessorOnPipe(a, d + 1)).filter((b) => b !== null);
    machine.push(count([...own.map((b) => read[b]!.gt(issue[a]!)), ...others.map((b) => And(issue[b]!.lt(issue[a]!), read[b]!.gt(issue[a]!)))]).lt(pipe.depth));
  }
  // Landing ranks order the writes of one register in one warp (which value stays) consistently with their cycles; one pipe's are ordered above.
  const writersOf = (warp: number, register: string) => program.instructions.flatMap((instruction, i) => (destinationRegisters(instruction).includes(register) ? [instance(warp, i)] : []));
  for (let warp = 0; warp < program.warps; warp++) {
    const registers = new Set(program.instructions.flatMap((instruction) => destinationRegisters(instruction)));
    for (const register of registers) {
      const group = writersOf(warp, register);
      for (const a of group) {
        for (const b of group) {
          if (a >= b || order.chained(a, b)) continue;
          machine.push(Not(landing[a]!.eq(landing[b]!)), Implies(write[a]!.lt(write[b]!), landing[a]!.lt(landing[b]!)), Implies(write[b]!.lt(write[a]!), landing[b]!.lt(landing[a]!)));
        }
      }
    }
  }
  return { issue, read, write, landing, machine, hazard: hazardFormula() };

  /** The oracle: a read sees another value than in sequential execution, or a register ends with another. */
  function hazardFormula(): Formula {
    const semantics = sequentialSemantics(program);
    const hazards: Formula[] = [];
    for (let warp = 0; warp < program.warps; warp++) {
      program.instructions.forEach((instruction, i) => {
        const c = instance(warp, i);
        for (const register of sourceRegisters(instruction)) {
          const expected = semantics.expectedReads[i]!.get(register) ?? null;
          const landed = (w: number) => write[w]!.le(read[c]!);
          const writers = writersOf(warp, register).filter((w) => w !== c);
          if (expected === null) {
            // Any writer landed; a chain's first one lands before the rest.
            if (writers.length > 0) hazards.push(Or(...order.earliest(writers).map(landed)));
            continue;
          }
          const e = instance(warp, expected);
          // Another landed writer ranking after the expected one. On e's chain, earlier ones rank
          // before it and later ones after it, so of those only the first to land matters.
          const others = writers.filter((w) => w !== e && !(order.chained(w, e) && w < e));
          const forcedAfter = order.earliest(others.filter((w) => order.chained(w, e)));
          const free = others.filter((w) => !order.chained(w, e));
          hazards.push(Or(Not(landed(e)), ...forcedAfter.map(landed), ...free.map((w) => And(landed(w), landing[w]!.gt(landing[e]!)))));
        }
      });
      for (const [register, last] of semantics.finalWriters) {
        const f = instance(warp, last);
        // Writers on f's chain before f rank before it.
        const others = writersOf(warp, register).filter((w) => w !== f && !(order.chained(w, f) && w < f));
        if (others.length > 0) hazards.push(Or(...others.map((w) => landing[w]!.gt(landing[f]!))));
      }
    }
    return hazards.length === 0 ? Bool.val(false) : hazards.length === 1 ? hazards[0]! : Or(...hazards);
  }
}
