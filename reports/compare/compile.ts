/**
 * Compiles a machine-neutral workload (`workload.ts`) for the four issue mechanisms the
 * comparison measures. Each result is a valid program of its machine (the machine's validator
 * accepts it), made safe by that machine's own pass, so the comparison runs exactly what the
 * project's compiler passes produce:
 * - `lrc-one-class`: the LRC thread scheduler with the seed's single load reference counter:
 *   `.unit alu fixed 1`, `.unit mem request` for every variable-latency kind, the default class
 *   `lrc` (6 bits, any order); flags by `annotateLrcProgram`.
 * - `lrc-two-classes`: the same units with ir3's two classes, `.counter sy 6` (global loads,
 *   texture; any order) and `.counter ss 6 in-order` (SFU, local/shared memory; in request order,
 *   as in `examples/lrc/two-classes.hp`); flags by `annotateLrcProgram`.
 * - `scoreboard`: the scoreboard machine with 6 scoreboards: `.pipe alu fixed 1`, `.pipe lsu
 *   queue 8` (global and shared memory), `.pipe tex queue 8`, `.pipe sfu queue 8`; scoreboards,
 *   wait masks, stall counts, DEPBARs (and NOPs) by `annotateProgram`. Three decoupled pipes with
 *   a read and a write role each are exactly 6 roles, so no scoreboard is shared. With the ALU at
 *   latency 1 the default stall (1) already covers every fixed-latency dependency, so the pass
 *   adds no stall counts.
 * - `interlock`: the same pipes with `.interlock registers` and no control fields: the hardware's
 *   per-register read/write counters hold back every dependent instruction.
 * One thread (one warp). The LRC machine grants a context at most one unit per cycle, so with one
 * thread the unit layout does not change timing; only the counter classes differ between (a) and (b).
 */
import { annotateLrcProgram } from '../../impl/lrc/annotate.js';
import { annotateProgram } from '../../impl/annotate/annotate.js';
import type { StopPredicate } from '../../impl/budget.js';
import { validateLrcProgram } from '../../format/lrc/validate.js';
import { validateProgram } from '../../format/hp/validate.js';
import { DEFAULT_COUNTER_BITS, DEFAULT_COUNTER_NAME, type CounterClass, type LrcProgram } from '../../spec/lrc/program.js';
import type { Operand } from '../../spec/operand.js';
import { DEFAULT_CONTROL, type Instruction, type Pipe, type Program } from '../../spec/scoreboard/program.js';
import type { WorkInstruction, WorkKind, Workload } from './workload.js';

/** The four mechanisms, in the table's order. */
export type Mechanism = 'lrc-one-class' | 'lrc-two-classes' | 'scoreboard' | 'interlock';
export const MECHANISMS: readonly Mechanism[] = ['lrc-one-class', 'lrc-two-classes', 'scoreboard', 'interlock'];

/** How reports name each mechanism, and the pass (or hardware) that makes it safe. */
export const MECHANISM_INFO: Readonly<Record<Mechanism, { readonly title: string; readonly protectedBy: string }>> = {
  'lrc-one-class': { title: 'LRC, one class', protectedBy: 'annotateLrcProgram (impl/lrc/annotate.ts)' },
  'lrc-two-classes': { title: 'LRC, two classes (ir3 sy/ss)', protectedBy: 'annotateLrcProgram (impl/lrc/annotate.ts)' },
  scoreboard: { title: 'scoreboards (6) + DEPBAR', protectedBy: 'annotateProgram (impl/annotate/annotate.ts)' },
  interlock: { title: 'per-register interlocks', protectedBy: 'the per-register interlock hardware (impl/simulator.ts)' },
};

/** A workload compiled for one mechanism. `positions[i]` is where workload instruction i sits in the program. */
export type CompiledWorkload =
  | { readonly mechanism: 'lrc-one-class' | 'lrc-two-classes'; readonly machine: 'lrc'; readonly program: LrcProgram; readonly positions: readonly number[] }
  | { readonly mechanism: 'scoreboard' | 'interlock'; readonly machine: 'scoreboard'; readonly program: Program; readonly positions: readonly number[] };

/** Opcodes per kind on each machine: `[with destinations, without]` (a store has none). */
const LRC_OPCODES: Readonly<Record<WorkKind, readonly [string, string]>> = {
  alu: ['add', 'add'], load: ['ldg', 'stg'], texture: ['sam', 'sam'], sfu: ['rcp', 'rcp'], shared: ['ldl', 'stl'],
};
const SCOREBOARD_OPCODES: Readonly<Record<WorkKind, readonly [string, string]>> = {
  alu: ['ADD', 'ADD'], load: ['LDG', 'STG'], texture: ['TEX', 'TEX'], sfu: ['MUFU', 'MUFU'], shared: ['LDS', 'STS'],
};
const opcodeOf = (table: Readonly<Record<WorkKind, readonly [string, string]>>, instruction: WorkInstruction): string =>
  table[instruction.kind][instruction.destinations.length > 0 ? 0 : 1];
const opcodesOf = (table: Readonly<Record<WorkKind, readonly [string, string]>>, kinds: readonly WorkKind[]): string[] =>
  [...new Set(kinds.flatMap((kind) => table[kind]))];
const registers = (names: readonly string[]): Operand[] => names.map((name) => ({ kind: 'register', name }));

/** The pipes of the scoreboard and interlock machines. */
export const COMPARE_PIPES: readonly Pipe[] = [
  { kind: 'fixed', name: 'alu', latency: 1, opcodes: opcodesOf(SCOREBOARD_OPCODES, ['alu']) },
  { kind: 'queue', name: 'lsu', depth: 8, opcodes: opcodesOf(SCOREBOARD_OPCODES, ['load', 'shared']) },
  { kind: 'queue', name: 'tex', depth: 8, opcodes: opcodesOf(SCOREBOARD_OPCODES, ['texture']) },
  { kind: 'queue', name: 'sfu', depth: 8, opcodes: opcodesOf(SCOREBOARD_OPCODES, ['sfu']) },
];

/** The LRC program of a workload for (a) or (b), before its flags are set. */
function lrcProgram(workload: Workload, counters: readonly CounterClass[]): LrcProgram {
  return {
    contexts: 1, threads: 1, preloads: [], initialPc: 0, counters,
    units: [
      { kind: 'fixed', name: 'alu', latency: 1, opcodes: opcodesOf(LRC_OPCODES, ['alu']) },
      { kind: 'request', name: 'mem', opcodes: opcodesOf(LRC_OPCODES, ['load', 'texture', 'sfu', 'shared']) },
    ],
    instructions: workload.map((instruction) => ({
      opcode: opcodeOf(LRC_OPCODES, instruction), destinations: registers(instruction.destinations), sources: registers(instruction.sources), waitFor: [],
    })),
  };
}

/** The scoreboard-machine program of a workload for (c) or (d), without control fields. */
function scoreboardProgram(workload: Workload, interlock: boolean): Program {
  return {
    scoreboards: 6, warps: 1, interlock, pipes: COMPARE_PIPES,
    instructions: workload.map((instruction): Instruction => ({
      kind: 'op', opcode: opcodeOf(SCOREBOARD_OPCODES, instruction),
      destinations: registers(instruction.destinations), sources: registers(instruction.sources), control: DEFAULT_CONTROL,
    })),
  };
}

function checkedLrc(program: LrcProgram, mechanism: Mechanism): LrcProgram {
  const problems = validateLrcProgram(program);
  if (problems.length > 0) throw new Error(`internal error: the ${mechanism} program is not valid: ${problems.map((p) => p.message).join('; ')}`);
  return program;
}

function checkedScoreboard(program: Program, mechanism: Mechanism): Program {
  const problems = validateProgram(program);
  if (problems.length > 0) throw new Error(`internal error: the ${mechanism} program is not valid: ${problems.map((p) => p.message).join('; ')}`);
  return program;
}

/** Thrown when a comparison's time budget (`shouldStop`) runs out; carries the budget's reason. */
export class ComparisonStopped extends Error {}

/**
 * Compiles a workload for one mechanism (see the module comment) and annotates it with that
 * machine's own pass. `shouldStop` (a time budget) may end the scoreboard pass: `ComparisonStopped`.
 */
export function compileWorkload(workload: Workload, mechanism: Mechanism, shouldStop?: StopPredicate): CompiledWorkload {
  const identity = workload.map((_, index) => index);
  switch (mechanism) {
    case 'lrc-one-class': {
      const counter: CounterClass = { name: DEFAULT_COUNTER_NAME, bits: DEFAULT_COUNTER_BITS, inOrder: false, opcodes: opcodesOf(LRC_OPCODES, ['load', 'texture', 'sfu', 'shared']) };
      const program = annotateLrcProgram(checkedLrc(lrcProgram(workload, [counter]), mechanism)).program;
      return { mechanism, machine: 'lrc', program: checkedLrc(program, mechanism), positions: identity };
    }
    case 'lrc-two-classes': {
      const counters: CounterClass[] = [
        { name: 'sy', bits: 6, inOrder: false, opcodes: opcodesOf(LRC_OPCODES, ['load', 'texture']) },
        { name: 'ss', bits: 6, inOrder: true, opcodes: opcodesOf(LRC_OPCODES, ['sfu', 'shared']) },
      ];
      const program = annotateLrcProgram(checkedLrc(lrcProgram(workload, counters), mechanism)).program;
      return { mechanism, machine: 'lrc', program: checkedLrc(program, mechanism), positions: identity };
    }
    case 'scoreboard': {
      const annotated = annotateProgram(checkedScoreboard(scoreboardProgram(workload, false), mechanism), undefined, shouldStop);
      if (annotated.stoppedBy !== null) throw new ComparisonStopped(annotated.stoppedBy);
      const program = checkedScoreboard(annotated.program, mechanism);
      // The pass keeps the instructions in order and only inserts DEPBARs and NOPs: the k-th op is workload instruction k.
      const positions: number[] = [];
      program.instructions.forEach((instruction, index) => {
        if (instruction.kind === 'op') positions.push(index);
      });
      if (positions.length !== workload.length) throw new Error(`internal error: the scoreboard pass kept ${positions.length} of ${workload.length} instructions`);
      return { mechanism, machine: 'scoreboard', program, positions };
    }
    case 'interlock':
      return { mechanism, machine: 'scoreboard', program: checkedScoreboard(scoreboardProgram(workload, true), mechanism), positions: identity };
  }
}

/** A workload compiled for every mechanism, in `MECHANISMS` order. */
export function compileForAll(workload: Workload, shouldStop?: StopPredicate): CompiledWorkload[] {
  return MECHANISMS.map((mechanism) => compileWorkload(workload, mechanism, shouldStop));
}
