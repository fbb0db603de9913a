import { landingLatency, readLatency } from '../spec/sass/latency.js';
import { readsAfter, type SassProgram } from '../spec/sass/program.js';
import { withZ3 } from './z3.js';

/** Z3's answer for a straight-line kernel: `hazard` names the pair the model shows. */
export type SassSolverAnswer =
  | { readonly verdict: 'proved'; readonly elapsedMs: number }
  | { readonly verdict: 'hazard'; readonly kind: 'RAW' | 'WAR' | 'WAW'; readonly register: string; readonly elapsedMs: number }
  | { readonly verdict: 'unknown'; readonly reason: string; readonly elapsedMs: number };

/** True when the solver encoding covers the kernel: no branches, calls or guards (one path, every instruction executes). */
export function isStraightLine(program: SassProgram): boolean {
  return program.instructions.every((instruction, index) =>
    instruction.guard === null && (instruction.flow.kind === 'next' || (instruction.flow.kind === 'exit' && index === program.instructions.length - 1)));
}

/**
 * Proves a straight-line kernel hazard-free on the SASS machine, or finds a schedule with a
 * hazard, independently of both the explicit-state machine and the abstract interpretation.
 * Every event gets a cycle and a phase, coded 3 x cycle + phase (writes 0, queue reads 1,
 * issue 2), so that same-cycle order is that of the machine:
 * - issues follow stalls; queued reads come at least a cycle after issue, writes at least a
 *   cycle after the read, reads in issue order within a queue that reads in order, writes too within an ordered one; fixed results land at their
 *   landing latency;
 * - a wait on SBn needs every earlier instruction counted on n whose increment is visible
 *   (issued `visibilityDelay` cycles before) released by the issue; `DEPBAR.LE SBn, k` at most
 *   k such not released (with `depbarVisibilityDelay`); a draining instruction waits for every
 *   read of its queues;
 * - a read is wrong when its expected writer has not landed, lands too early for this reader's
 *   read-after-write latency, is overtaken by an older write (or tied with one whose order the
 *   machine leaves free), or a later writer landed first; the final registers likewise.
 * sat = a schedule with a hazard; unsat = hazard-free under every schedule.
 */
export function proveSassStraightLine(program: SassProgram, timeoutMs: number): Promise<SassSolverAnswer> {
  if (!isStraightLine(program)) throw new Error('proveSassStraightLine takes straight-line kernels without guards');
  return withZ3(async (z3) => {
    const started = performance.now();
    const { Solver, Int, If, Sum, And, Or, Bool } = z3;
    type Arith = ReturnType<typeof Int.const>;
    type Boolean = ReturnType<typeof Bool.val>;
    const solver = new Solver();
    solver.set('timeout', timeoutMs);
    const instructions = program.instructions;
    const n = instructions.length;
    const issue = instructions.map((_, i) => Int.const(`issue_${i}`));
    const read = instructions.map((_, i) => Int.const(`read_${i}`));
    const write = instructions.map((_, i) => Int.const(`write_${i}`));
    const variable = (i: number) => instructions[i]!.unit.kind === 'variable';
    const queueOf = (i: number) => { const unit = instructions[i]!.unit; return unit.kind === 'variable' ? unit.queue : -1; };
    const code = (cycle: Arith, phase: number) => cycle.mul(3).add(phase);
    solver.add(issue[0]!.ge(0));
    for (let i = 0; i < n; i++) {
      const instruction = instructions[i]!;
      if (i > 0) solver.add(issue[i]!.ge(issue[i - 1]!.add(Math.max(1, instructions[i - 1]!.control.stall))));
      // A queued instruction reads the next cycle at the earliest, or `readDelay` cycles after issue (machine: `writeIn`).
      const unit = instruction.unit;
      if (unit.kind === 'variable') solver.add(read[i]!.ge(issue[i]!.add(Math.max(1, unit.readDelay ?? 0))), write[i]!.ge(read[i]!.add(1)));
      else solver.add(read[i]!.eq(issue[i]!), write[i]!.eq(issue[i]!.add(instruction.unit.kind === 'fixed' ? instruction.unit.latency : 0)));
      for (let j = 0; j < i; j++) {
        if (!variable(i) || !variable(j)) continue;
        // Reads in one issue order: the same queue reading in order, or two queues of one read group.
        if (readsAfter(program, queueOf(j), queueOf(i))) solver.add(read[j]!.le(read[i]!));
        if (queueOf(j) === queueOf(i) && program.queues[queueOf(i)]!.ordered) solver.add(write[j]!.le(write[i]!));
      }
    }
    // Releases of the counters each instruction increments, as cycles.
    const releases = (i: number, scoreboard: number): Arith[] => {
      const { readScoreboard, writeScoreboard } = instructions[i]!.control;
      const unit = instructions[i]!.unit;
      if (unit.kind === 'none') return [];
      return [...(unit.kind === 'variable' && readScoreboard === scoreboard ? [read[i]!] : []), ...(writeScoreboard === scoreboard ? [write[i]!] : [])];
    };
    for (let c = 0; c < n; c++) {
      const instruction = instructions[c]!;
      for (const scoreboard of instruction.control.wait) {
        for (let p = 0; p < c; p++) {
          for (const release of releases(p, scoreboard)) solver.add(z3.Implies(issue[c]!.ge(issue[p]!.add(program.visibilityDelay)), release.le(issue[c]!)));
        }
      }
      if (instruction.depbar) {
        const outstanding: Boolean[] = [];
        for (let p = 0; p < c; p++) {
          for (const release of releases(p, instruction.depbar.scoreboard)) outstanding.push(And(issue[c]!.ge(issue[p]!.add(program.depbarVisibilityDelay)), release.gt(issue[c]!)));
        }
        const counted = outstanding.map((o) => If(o, Int.val(1), Int.val(0)));
        if (counted.length > 0) solver.add((counted.length === 1 ? counted[0]! : Sum(counted[0]!, ...counted.slice(1))).le(instruction.depbar.limit));
      }
      for (const queue of instruction.drains) {
        for (let p = 0; p < c; p++) if (queueOf(p) === queue) solver.add(read[p]!.le(issue[c]!));
      }
    }
    // When each writer's value of a register lands (event code), and whether two writers' same-cycle order is fixed.
    const lands = (i: number, register: string): Arith =>
      variable(i) ? code(write[i]!, 0) : code(issue[i]!.add(landingLatency(program, instructions[i]!, register)), 0);
    const fifo = (older: number, newer: number) => variable(older) && queueOf(older) === queueOf(newer) && program.queues[queueOf(older)]!.ordered;
    // `older` ends up after `newer` in the register: later cycle, or same cycle in an order the machine leaves free.
    const overtakes = (older: number, newer: number, register: string): Boolean =>
      fifo(older, newer) ? lands(older, register).gt(lands(newer, register)) : lands(older, register).ge(lands(newer, register));
    const hazards: { condition: Boolean; kind: 'RAW' | 'WAR' | 'WAW'; register: string }[] = [];
    const writersBefore = (c: number, register: string) => instructions.slice(0, c).flatMap((w, i) => (w.destinations.includes(register) && w.unit.kind !== 'none' ? [i] : []));
    for (let c = 0; c < n; c++) {
      const consumer = instructions[c]!;
      for (const register of consumer.sources) {
        const queued = variable(c) && !consumer.readAtIssue.includes(register);
        const at = queued ? code(read[c]!, 1) : code(issue[c]!, 2);
        const earlier = writersBefore(c, register);
        const expected = earlier[earlier.length - 1];
        if (expected !== undefined) {
          const producer = instructions[expected]!;
          const early = producer.unit.kind === 'fixed' ? issue[c]!.lt(issue[expected]!.add(readLatency(program, producer, register, consumer, false))) : Bool.val(false);
          hazards.push({ kind: 'RAW', register, condition: Or(lands(expected, register).gt(at), early) });
          for (const older of earlier.slice(0, -1)) hazards.push({ kind: 'WAW', register, condition: And(overtakes(older, expected, register), lands(older, register).le(at)) });
        }
        for (let later = c + 1; later < n; later++) {
          if (instructions[later]!.destinations.includes(register) && instructions[later]!.unit.kind !== 'none') hazards.push({ kind: 'WAR', register, condition: lands(later, register).le(at) });
        }
      }
    }
    for (const register of new Set(instructions.flatMap((instruction) => (instruction.unit.kind === 'none' ? [] : instruction.destinations)))) {
      const writers = writersBefore(n, register);
      const last = writers[writers.length - 1]!;
      for (const older of writers.slice(0, -1)) hazards.push({ kind: 'WAW', register, condition: overtakes(older, last, register) });
    }
    if (hazards.length === 0) return { verdict: 'proved', elapsedMs: performance.now() - started };
    solver.add(Or(...hazards.map((hazard) => hazard.condition)));
    const result = await solver.check();
    const elapsedMs = performance.now() - started;
    if (result === 'unknown') return { verdict: 'unknown', reason: solver.reasonUnknown(), elapsedMs };
    if (result === 'unsat') return { verdict: 'proved', elapsedMs };
    const model = solver.model();
    const shown = hazards.find((hazard) => model.eval(hazard.condition, true).toString() === 'true')!;
    return { verdict: 'hazard', kind: shown.kind, register: shown.register, elapsedMs };
  });
}
