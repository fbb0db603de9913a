/**
 * Scheduling ir3 shaders (Mesa's Adreno compiler output) with the component scheduler: what the
 * lowering (`format/ir3/lower.ts`) leaves out and a reordering must still respect, and how ir3
 * encodes idle cycles and waits.
 *
 * - Kept order: flow (category 0), texture (5), memory (6) and barrier (7) instructions keep
 *   their order among themselves (memory dependences are not modelled); so do relative register
 *   accesses (`r<a0.x>`), instructions with `(ul)`, and varying inputs (`bary.f`, `flat.b`: the
 *   last carries `(ei)`).
 * - Footprints: a texture or memory instruction names one register of a vector. Its destination
 *   is taken to cover the write mask (`(xyzw)`) or the component count (a trailing count operand,
 *   or the `.N.` of `stib`/`ldib`/`stgb`), 4 for a texture without a mask; each register source
 *   the same count (4 for texture coordinates); a register inside `g[...]` two components (a
 *   64-bit address), inside other brackets one. These only add dependences.
 * - Late reads: texture, special-function and memory instructions may read their sources after
 *   issue (Mesa's `needs_ss_war`), so a later writer of what they read waits with `(ss)`.
 * - Idle cycles (Mesa's `nop_sched`, a6xx): `(nopN)` holds at most 3 idle cycles, only on a
 *   category 2-3 instruction without `(rptN)`; the rest are `(rptN)nop` lines, at most
 *   `(rpt5)nop` (6 cycles). Listings that use no `(nopN)` (Mesa before a6xx) get only nop lines.
 *   Categories 5 and 6 have no `(ss)` bit: a nop before them carries it.
 */
import type { Ir3Instruction, Ir3Operand, Ir3Shader } from '../../../format/ir3/listing.js';
import { categoryOf } from '../../../format/ir3/opcodes.js';
import { componentAt, type ComponentInstruction } from '../../../spec/components/program.js';
import type { ScheduleHints } from './dependences.js';
import type { IdleEncoding } from './idle.js';

/** The category of an ir3 instruction (its log column, or its opcode's). */
export function ir3Category(instruction: Ir3Instruction): number | null {
  return instruction.category ?? categoryOf(instruction.opcode);
}

const INPUTS: ReadonlySet<string> = new Set(['bary', 'flat']);

/** True when the instruction keeps its order among the other such instructions (see the file comment). */
export function ir3Ordered(instruction: Ir3Instruction): boolean {
  const category = ir3Category(instruction);
  const root = instruction.opcode.split('.')[0]!;
  if (category === null || category === 0 || category >= 5) return true;
  if (instruction.flags.has('ul') || INPUTS.has(root)) return true;
  return [instruction.destination, ...instruction.sources].some((operand) => operand?.kind === 'register' && operand.relative === true);
}

/** The component count a texture or memory instruction moves, when the listing says it. */
function componentCount(instruction: Ir3Instruction): number | null {
  const parts = instruction.opcode.split('.').slice(1);
  const numeric = parts.find((part) => /^[1-4]$/.test(part));
  if (numeric !== undefined) return Number(numeric);
  const last = instruction.sources[instruction.sources.length - 1];
  if (last?.kind === 'immediate' && /^[1-4]$/.test(last.text)) return Number(last.text);
  return null;
}

/** `count` consecutive components from a register operand (`r0.z` x3: r0.z, r0.w, r1.x). */
function span(file: 'full' | 'half', index: number, component: number, count: number): string[] {
  const register = { kind: 'register' as const, register: `${file === 'half' ? 'hr' : 'r'}${index}`, component, increments: true };
  return Array.from({ length: count }, (_, k) => componentAt(register, k));
}

/** Components a texture or memory instruction reads beyond the first component of each register operand. */
function vectorReads(instruction: Ir3Instruction, category: number): string[] {
  const count = componentCount(instruction) ?? (category === 5 ? 4 : 1);
  const reads: string[] = [];
  const sources = instruction.destination?.kind === 'other' ? [instruction.destination, ...instruction.sources] : instruction.sources;
  for (const operand of sources) {
    if (operand.kind === 'register' && !operand.relative) reads.push(...span(operand.file, operand.index, operand.component, count));
    if (operand.kind === 'other') {
      const global = operand.text.trimStart().startsWith('g[');
      operand.registers.forEach((register, position) => {
        if (register.kind !== 'register' || register.relative) return;
        reads.push(...span(register.file, register.index, register.component, global && position === 0 ? 2 : 1));
      });
    }
  }
  return reads;
}

/** Components a texture or memory instruction writes beyond its destination's first component. */
function vectorWrites(instruction: Ir3Instruction, category: number): string[] {
  const destination: Ir3Operand | null = instruction.destination;
  if (destination?.kind !== 'register' || destination.relative) return [];
  const mask = destination.flags.find((flag) => /^[xyzw]+$/.test(flag));
  const count = mask !== undefined ? 'xyzw'.indexOf(mask[mask.length - 1]!) + 1 : componentCount(instruction) ?? (category === 5 ? 4 : 1);
  return span(destination.file, destination.index, destination.component, count).slice(1);
}

/** The scheduler's hints for one shader, by instruction index (the lowering keeps one component instruction per ir3 instruction). */
export function ir3ScheduleHints(shader: Ir3Shader): ScheduleHints {
  const instructions = shader.instructions;
  const category = (index: number) => ir3Category(instructions[index]!) ?? 0;
  const vector = (index: number) => category(index) === 5 || category(index) === 6;
  return {
    ordered: (index) => ir3Ordered(instructions[index]!),
    alsoReads: (index) => (vector(index) ? vectorReads(instructions[index]!, category(index)) : []),
    alsoWrites: (index) => (vector(index) ? vectorWrites(instructions[index]!, category(index)) : []),
  };
}

/**
 * ir3's idle-cycle encoding (see the file comment); `nopFlags` false: no `(nopN)`, as Mesa
 * writes listings for GPUs before a6xx.
 */
export function ir3IdleEncoding(nopFlags: boolean): IdleEncoding {
  return {
    nopsField: (instruction) => {
      const category = categoryOf(instruction.opcode);
      return nopFlags && instruction.repeat === 0 && (category === 2 || category === 3) ? 3 : 0;
    },
    nopCycles: 6,
    nop: (cycles, waits, before): ComponentInstruction => ({
      opcode: 'nop', repeat: cycles - 1, nops: 0, destination: null, sources: [], latency: 1, readerClass: 'nonAlu',
      syncClass: null, waits, line: before.line, text: 'nop',
    }),
    cannotWait: (instruction, flag) => {
      const category = categoryOf(instruction.opcode);
      return flag === 'ss' && (category === 5 || category === 6);
    },
  };
}
