import { destinationRegisters, effectiveStall, pipeIndexOf, sourceRegisters } from '../../spec/scoreboard/operands.js';
import { sequentialSemantics } from '../../spec/oracle/sequential.js';
import type { Program } from '../../spec/scoreboard/program.js';
import type { Z3Context } from '../../solver/z3.js';

type Formula = ReturnType<Z3Context['Bool']['val']>;

/**
 * The whole-program encoding as it was before pruning (test reference): every pair of instances
 * on a pipe, every counted event of a wait and a DEPBAR, every writer in a hazard. Same variable
 * names as `encodeWholeProgram`, so the two share their constants in one Z3 context.
 */
export function pairwiseEncoding(z3: Z3Context, program: Program): { machine: Formula[]; hazard: Formula } {
  const { Int, Distinct, If, Sum, And, Or, Not, Implies, Bool } = z3;
  const n = program.instructions.length;
  const instances = n * program.warps;
  const variables = (kind: string) => Array.from({ length: instances }, (_, k) => Int.const(`${kind}_w${Math.floor(k / n)}_i${k % n}`));
  const [issue, read, write, landing] = ['issue', 'read', 'write', 'landing'].map(variables) as [ReturnType<typeof variables>, ReturnType<typeof variables>, ReturnType<typeof variables>, ReturnType<typeof variables>];
  const pipeOf = program.instructions.map((instruction) => pipeIndexOf(program, instruction));
  const count = (conditions: Formula[]) => (conditions.length === 0 ? Int.val(0) : Sum(If(conditions[0]!, 1, 0), ...conditions.slice(1).map((c) => If(c, 1, 0))));
  const instance = (warp: number, i: number) => warp * n + i;
  const machine: Formula[] = [];
  if (instances > 1) machine.push(Distinct(...issue));
  for (let warp = 0; warp < program.warps; warp++) {
    for (let i = 0; i < n; i++) {
      const k = instance(warp, i);
      const instruction = program.instructions[i]!;
      const pipe = program.pipes[pipeOf[i]!];
      machine.push(issue[k]!.ge(0), landing[k]!.ge(0));
      if (i > 0) machine.push(issue[k]!.ge(issue[k - 1]!.add(effectiveStall(program.instructions[i - 1]!.control))));
      if (!pipe) machine.push(read[k]!.eq(issue[k]!), write[k]!.eq(issue[k]!));
      else if (pipe.kind === 'fixed') machine.push(read[k]!.eq(issue[k]!), write[k]!.eq(issue[k]!.add(pipe.latency)));
      else machine.push(read[k]!.ge(issue[k]!.add(1)), write[k]!.ge(read[k]!.add(1)));
      const eventsOn = (scoreboard: number) => program.instructions.slice(0, i).flatMap((earlier, j) => [
        ...(earlier.control.readScoreboard === scoreboard ? [read[instance(warp, j)]!] : []),
        ...(earlier.control.writeScoreboard === scoreboard ? [write[instance(warp, j)]!] : []),
      ]);
      for (const scoreboard of instruction.control.wait) for (const time of eventsOn(scoreboard)) machine.push(time.le(issue[k]!));
      if (instruction.kind === 'depbar') machine.push(count(eventsOn(instruction.scoreboard).map((time) => time.gt(issue[k]!))).le(instruction.limit));
      if (program.interlock) {
        program.instructions.slice(0, i).forEach((earlier, j) => {
          if (pipeOf[j]! < 0) return;
          if (sourceRegisters(earlier).some((r) => destinationRegisters(instruction).includes(r))) machine.push(read[instance(warp, j)]!.le(issue[k]!));
          if (destinationRegisters(earlier).some((r) => sourceRegisters(instruction).includes(r) || destinationRegisters(instruction).includes(r))) machine.push(write[instance(warp, j)]!.le(issue[k]!));
        });
      }
    }
  }
  for (let a = 0; a < instances; a++) {
    for (let b = 0; b < instances; b++) {
      if (a === b || pipeOf[a % n]! < 0 || pipeOf[a % n] !== pipeOf[b % n]) continue;
      machine.push(Implies(issue[a]!.lt(issue[b]!), And(read[a]!.le(read[b]!), write[a]!.le(write[b]!), landing[a]!.lt(landing[b]!))));
    }
    const pipe = program.pipes[pipeOf[a % n]!];
    if (pipe?.kind !== 'queue') continue;
    const waiting = Array.from({ length: instances }, (_, b) => b).filter((b) => b !== a && pipeOf[b % n] === pipeOf[a % n]).map((b) => And(issue[b]!.lt(issue[a]!), read[b]!.gt(issue[a]!)));
    machine.push(count(waiting).lt(pipe.depth));
  }
  const semantics = sequentialSemantics(program);
  const hazards: Formula[] = [];
  for (let warp = 0; warp < program.warps; warp++) {
    const writersOf = (register: string) => program.instructions.flatMap((instruction, i) => (destinationRegisters(instruction).includes(register) ? [instance(warp, i)] : []));
    for (const register of new Set(program.instructions.flatMap((instruction) => destinationRegisters(instruction)))) {
      const group = writersOf(register);
      if (group.length > 1) machine.push(Distinct(...group.map((k) => landing[k]!)));
      for (const a of group) for (const b of group) if (a !== b) machine.push(Implies(write[a]!.lt(write[b]!), landing[a]!.lt(landing[b]!)));
    }
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
  return { machine, hazard: hazards.length === 0 ? Bool.val(false) : Or(...hazards) };
}
