/**
 * From an ir3 shader to a program of the component machine (`spec/components/`), with Mesa's
 * timing (src/freedreno/ir3/ir3_delay.c, `ir3_delayslots`): an ALU (category 1-3) result
 * needs 3 instructions before another ALU instruction reads it and 6 before a flow, special-
 * function, texture or memory instruction does, 1 before a `mad` that reads it as its third
 * source (read 2 cycles late); a write of a0/a1 needs 6 before anyone; results of category 4 and
 * local-memory loads (`(ss)`) and of categories 5 and 6 (`(sy)`) arrive at unknown times and are
 * waited for by sync flags; texture, special-function and memory instructions may read their
 * sources until the next `(ss)` (ir3_legalize.c, `needs_ss_war`). In an early preamble (an
 * `@earlypreamble` shader, before its `shpe`) a write of a1.x is instead waited for with `(ss)`:
 * ir3_legalize.c makes it an `(ss)` producer there and leaves it out of the nop delays
 * (`delay_update`: "if (writes_addr1(instr) && instr->block->in_early_preamble) return"). The
 * registers inside a bracketed operand are addresses, read wherever the operand stands (`c[a1.x]`
 * is the destination of `ldc.k`, its a1.x a source). Branches go either way (the model does not
 * follow values); a taken branch costs no more than its issue cycle, the fastest timing, where
 * delay hazards show. Everything the model cannot follow is a located note.
 */
import { componentAt, type ComponentInstruction, type ComponentProgram, type ComponentRegister, type OtherOperand } from '../../spec/components/program.js';
import type { Ir3Instruction, Ir3Operand, Ir3Shader } from './listing.js';
import { categoryOf } from './opcodes.js';

/** Mesa's delay slots (ir3_compiler.c: `delay_slots.alu_to_alu` 3, `delay_slots.non_alu` 6), as issue distances. */
const ALU_TO_ALU = 3 + 1;
const TO_NON_ALU = 6 + 1;
/** `mad`/`madsh` read their third source `delay_slots.cat3_src2_read` (2) cycles later (ir3_src_read_delay). */
const TO_MAD_SOURCE_2 = ALU_TO_ALU - 2;
/** Local-memory loads are `(ss)` producers, like the special-function unit (ir3.h: is_ss_producer, is_local_mem_load). */
const LOCAL_LOADS: ReadonlySet<string> = new Set(['ldl', 'ldlv', 'ldlw']);

/** Something the component model cannot follow in this shader; the verdict is at best `unknown`. */
export interface Ir3Note {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** A shader lowered for checking. */
export interface LoweredIr3Shader {
  readonly program: ComponentProgram;
  readonly notes: readonly Ir3Note[];
}

/** Category-0 instructions that end a thread, branch, or may branch (either way), by opcode. */
const FLOW: Readonly<Record<string, 'end' | 'jump' | 'conditional' | 'plain'>> = {
  end: 'end',
  jump: 'jump',
  // br/brao/braa test a predicate; getone lets one fiber through; shps skips a preamble already run.
  br: 'conditional', brao: 'conditional', braa: 'conditional', getone: 'conditional', shps: 'conditional',
  // The end of a preamble, and nop, only take their cycles.
  shpe: 'plain', nop: 'plain',
};

/**
 * Lowers one shader, instruction for instruction (so labels keep their indices). Branches go to
 * their label (or relative immediate) target, `end` ends the thread; an instruction the model
 * cannot follow is noted and ends the thread there, so the rest of the shader is still checked.
 */
export function lowerIr3Shader(shader: Ir3Shader): LoweredIr3Shader {
  const notes: Ir3Note[] = [];
  const written = writtenComponents(shader);
  const count = shader.instructions.length;
  const preambleEnd = earlyPreambleEnd(shader);
  const stop = (instruction: Ir3Instruction, message: string): ComponentInstruction => {
    notes.push({ line: instruction.line, column: instruction.column, message });
    return { ...timed(instruction, 0, null, []), branch: { target: count, conditional: false } };
  };
  const instructions = shader.instructions.map((instruction, index): ComponentInstruction => {
    const category = instruction.category ?? categoryOf(instruction.opcode);
    const root = instruction.opcode.split('.')[0]!;
    if (category === null) return stop(instruction, `unknown opcode ${instruction.opcode}`);
    const flow = category === 0 ? FLOW[root] : undefined;
    if (category === 0 && flow === undefined) return stop(instruction, `${root}: this control-flow instruction is not modelled`);
    let branch: ComponentInstruction['branch'];
    if (flow === 'end') branch = { target: count, conditional: false };
    if (flow === 'jump' || flow === 'conditional') {
      const target = branchTarget(shader, instruction, index);
      if (typeof target === 'string') return stop(instruction, target);
      branch = { target, conditional: flow === 'conditional' };
    }
    const destination = instruction.destination === null ? null : registerOf(instruction.destination, true);
    if (instruction.destination !== null && destination === null && instruction.destination.kind !== 'other' && instruction.destination.kind !== 'immediate') {
      return stop(instruction, `destination ${instruction.destination.text} is not modelled (relative or special)`);
    }
    const walking = instruction.repeat > 0 ? instruction.sources.find((operand) => operand.kind === 'special' && operand.repeatIncrements === true && !operand.name.startsWith('p0.')) : undefined;
    // Mesa numbers a0.x and a1.x as one register's x and y (r61), so a repeat would walk from one to the other.
    if (walking) return stop(instruction, `${walking.text} under (rpt${instruction.repeat}): a repeated read of an address register is not modelled`);
    const madLike = root === 'mad' || root === 'madsh';
    const sources = instruction.sources.flatMap((operand, n) => sourcesOf(operand, written).map((source) =>
      (madLike && n === 2 && source.kind === 'register' ? { ...source, readerClass: 'madSource2' } : source)));
    // A bracketed destination (`ldc.k c[a1.x], ...`) writes memory or constants the model does not follow, but reads its address.
    const addresses = instruction.destination?.kind === 'other' ? sourcesOf(instruction.destination, written).filter((source) => source.kind === 'register') : [];
    const lowered = timed(instruction, category, destination, [...addresses, ...sources], index < preambleEnd);
    return branch ? { ...lowered, branch } : lowered;
  });
  // ir3 orders an (ss)/(sy) producer's write after older writes of its register (ir3_legalize.c, delay_update).
  return { program: { instructions, variableWritesAfterOlder: true }, notes };
}

/** The instruction index a branch goes to: its `#label`, or a relative `#N` immediate (Mesa's cat0 offsets). */
function branchTarget(shader: Ir3Shader, instruction: Ir3Instruction, index: number): number | string {
  const operand = instruction.sources.find((source) => source.kind === 'label' || (source.kind === 'immediate' && source.text.startsWith('#')));
  if (operand?.kind === 'label') return shader.labels[operand.name]!;
  const offset = operand ? Number(operand.text.slice(1)) : NaN;
  const target = index + offset;
  if (!Number.isInteger(target) || target < 0 || target > shader.instructions.length) return `${instruction.opcode}: no branch target the model can follow`;
  return target;
}

/**
 * The index of the first `shpe` of a shader with an `@earlypreamble` directive: the instructions
 * before it are its early preamble (Mesa's `block->in_early_preamble`); 0 for any other shader
 * (a log names no directive, so its a1.x writes keep the 6 delay slots, the stricter rule).
 */
function earlyPreambleEnd(shader: Ir3Shader): number {
  if (!shader.directives.some((directive) => /^@earlypreamble\b/.test(directive.text))) return 0;
  const end = shader.instructions.findIndex((instruction) => instruction.opcode === 'shpe');
  return end < 0 ? shader.instructions.length : end;
}

/** Every register component some instruction of the shader writes: what a relative read may read (anywhere, since loops go back). */
function writtenComponents(shader: Ir3Shader): Map<string, ComponentRegister> {
  const written = new Map<string, ComponentRegister>();
  for (const instruction of shader.instructions) {
    const destination = instruction.destination === null ? null : registerOf(instruction.destination, true);
    if (!destination) continue;
    for (let execution = 0; execution <= instruction.repeat; execution++) {
      const [register, component] = componentAt(destination, execution).split('.') as [string, string];
      written.set(`${register}.${component}`, { kind: 'register', register, component: 'xyzw'.indexOf(component), increments: false });
    }
  }
  return written;
}

/** Timing and sync of one instruction from its category and whether it stands in an early preamble (see the file comment). */
function timed(instruction: Ir3Instruction, category: number, destination: ComponentRegister | null, sources: (ComponentRegister | OtherOperand)[], earlyPreamble = false): ComponentInstruction {
  const alu = category >= 1 && category <= 3;
  // ir3_legalize.c: in an early preamble a1.x is an (ss) producer, not a fixed-delay one.
  const syncedAddress = earlyPreamble && destination?.register === 'a1';
  const writesAddress = !syncedAddress && destination !== null && /^a[01]$/.test(destination.register);
  const variable = syncedAddress || (category >= 4 && category <= 6 && destination !== null);
  const root = instruction.opcode.split('.')[0]!;
  // An ALU result lands as soon as any reader may use it (a mad's third source); the others wait longer.
  return {
    opcode: instruction.opcode, repeat: instruction.repeat, nops: instruction.nops, line: instruction.line, text: instruction.text,
    destination, sources,
    latency: variable ? 'variable' : writesAddress ? TO_NON_ALU : alu ? TO_MAD_SOURCE_2 : 1,
    readLatency: alu && !writesAddress && !variable ? { alu: ALU_TO_ALU, nonAlu: TO_NON_ALU, madSource2: TO_MAD_SOURCE_2 } : undefined,
    readerClass: alu ? 'alu' : 'nonAlu',
    syncClass: variable ? (syncedAddress || category === 4 || LOCAL_LOADS.has(root) ? 'ss' : 'sy') : null,
    // ir3_legalize.c: "both tex/sfu appear to not always immediately consume their src register(s)" (is_tex, is_sfu, is_mem).
    ...(category >= 4 && category <= 6 ? { lateReads: 'ss' as const } : {}),
    // Memory instructions are taken in order: Mesa's a5xx output relies on it (`stl l[r0.x]` then `ldl r0.x` without (ss)).
    ...(category === 6 ? { unit: 'memory' } : {}),
    waits: (['sy', 'ss'] as const).filter((flag) => instruction.flags.has(flag)),
  };
}

/** A register or special register (`a0.x`, `p0.x`) operand; null for anything else or a relative access. */
function registerOf(operand: Ir3Operand, destination: boolean): ComponentRegister | null {
  if (operand.kind === 'register' && !operand.relative) {
    return { kind: 'register', register: `${operand.file === 'half' ? 'hr' : 'r'}${operand.index}`, component: operand.component, increments: destination || operand.repeatIncrements };
  }
  if (operand.kind === 'special') {
    const match = /^!?([a-z]+\d*)\.([xyzw])$/.exec(operand.name);
    // A `(r)p0.x` source walks the predicate components under (rptN), as a register's would (a0.x/a1.x are stopped above).
    if (match) return { kind: 'register', register: match[1]!, component: 'xyzw'.indexOf(match[2]!), increments: !destination && operand.repeatIncrements === true };
  }
  return null;
}

/** Sources of one operand: a relative register read may read anything the shader writes, and a0.x. */
function sourcesOf(operand: Ir3Operand, written: ReadonlyMap<string, ComponentRegister>): (ComponentRegister | OtherOperand)[] {
  if (operand.kind === 'register' && operand.relative) {
    return [{ kind: 'register', register: 'a0', component: 0, increments: false }, ...written.values()];
  }
  // The registers of a memory operand (`g[r1.x+r0.y<<4]`, `l[r0.y]`) are read like any source.
  if (operand.kind === 'other') {
    const inside = operand.registers.flatMap((register) => sourcesOf(register, written));
    return inside.length > 0 ? inside.filter((source) => source.kind === 'register') : [{ kind: 'other', text: operand.text }];
  }
  const register = registerOf(operand, false);
  return register ? [register] : [{ kind: 'other', text: operand.text }];
}
