/**
 * Writes ir3 instructions back as computerator assembly (the syntax `parse.ts` reads and Mesa's
 * assembler takes), from the instruction as written with its flags rewritten. Flags come first,
 * in the order Mesa's disassembler prints them: `(sy)(ss)(jp)(eq)(sat)(rptN)(nopN)(ul)`; the rest
 * of the instruction is its text as written, without the flags it started with.
 */
import type { Ir3Instruction, Ir3InstructionFlag, Ir3Shader } from './listing.js';

/** The flags of one printed instruction. */
export interface Ir3PrintedFlags {
  readonly flags: ReadonlySet<Ir3InstructionFlag>;
  readonly repeat: number;
  readonly nops: number;
}

const LEADING_FLAGS = /^(?:\(\s*(?:sy|ss|jp|eq|sat|ul|rpt\d+|nop\d+)\s*\)[ \t]*)*/;

/** The flag prefix: `(sy)(rpt2)`, `(ss)(nop3) ` (Mesa puts a blank after `(nopN)`), or empty. */
export function ir3FlagPrefix(flags: Ir3PrintedFlags): string {
  const has = (flag: Ir3InstructionFlag) => flags.flags.has(flag);
  let prefix = (['sy', 'ss', 'jp', 'eq', 'sat'] as const).filter(has).map((flag) => `(${flag})`).join('');
  if (flags.repeat > 0) prefix += `(rpt${flags.repeat})`;
  if (flags.nops > 0) prefix += `(nop${flags.nops}) `;
  if (has('ul')) prefix += '(ul)';
  return prefix;
}

/** An instruction's text without the instruction flags it starts with: `(ss)(nop3) mul.f r0.x, ...` -> `mul.f r0.x, ...`. */
export function ir3InstructionBody(text: string): string {
  return text.replace(LEADING_FLAGS, '');
}

/** One instruction with new flags: the waits (`sy`, `ss`), repeat and nops given, its other flags as written. */
export function printIr3Instruction(instruction: Ir3Instruction, rewritten: { readonly waits: readonly ('sy' | 'ss')[]; readonly repeat: number; readonly nops: number }): string {
  const flags = new Set<Ir3InstructionFlag>([...instruction.flags].filter((flag) => flag !== 'sy' && flag !== 'ss'));
  for (const wait of rewritten.waits) flags.add(wait);
  return `${ir3FlagPrefix({ flags, repeat: rewritten.repeat, nops: rewritten.nops })}${ir3InstructionBody(instruction.text)}`;
}

/** A `nop` of `cycles` idle cycles carrying `waits`: `(ss)(rpt2)nop`. */
export function printIr3Nop(cycles: number, waits: readonly ('sy' | 'ss')[]): string {
  return `${ir3FlagPrefix({ flags: new Set(waits), repeat: cycles - 1, nops: 0 })}nop`;
}

/** A shader as written (labels, then each instruction with its own flags), one line each, in assembly syntax. */
export function printIr3ShaderAsWritten(shader: Ir3Shader): string[] {
  const labels = new Map<number, string[]>();
  for (const [name, index] of Object.entries(shader.labels)) labels.set(index, [...(labels.get(index) ?? []), name]);
  const lines: string[] = [];
  shader.instructions.forEach((instruction, index) => {
    for (const name of labels.get(index) ?? []) lines.push(`${name}:`);
    lines.push(printIr3Instruction(instruction, { waits: [...instruction.flags].filter((flag): flag is 'sy' | 'ss' => flag === 'sy' || flag === 'ss'), repeat: instruction.repeat, nops: instruction.nops }));
  });
  for (const name of labels.get(shader.instructions.length) ?? []) lines.push(`${name}:`);
  return lines;
}
