/**
 * Which component programs the scheduler takes: straight-line code. The machine's programs may
 * branch (`ComponentInstruction.branch`); the scheduler reorders within one basic block only, so
 * it takes a program without branches, or whose only branch is an unconditional one to the end
 * (`instructions.length`, ir3's `end`) on its last instruction. Everything else is refused with
 * the reason, never scheduled half.
 */
import type { ComponentProgram } from '../../../spec/components/program.js';

/** A straight-line program's shape: the index of its closing `end`, if it has one. */
export type StraightLine = { readonly ok: true; readonly terminator: number | null } | { readonly ok: false; readonly reason: string };

/**
 * Decides whether `program` is one basic block. The closing `end` (an unconditional branch to
 * `instructions.length` on the last instruction) is its terminator: it stays last.
 */
export function straightLine(program: ComponentProgram): StraightLine {
  const count = program.instructions.length;
  let terminator: number | null = null;
  for (const [index, instruction] of program.instructions.entries()) {
    const branch = instruction.branch;
    if (branch === undefined) continue;
    const at = `line ${instruction.line} (${instruction.text})`;
    if (branch.conditional) return { ok: false, reason: `${at} is a conditional branch: the scheduler takes straight-line programs only` };
    if (branch.target !== count) return { ok: false, reason: `${at} jumps elsewhere than the end: the scheduler takes straight-line programs only` };
    if (index !== count - 1) return { ok: false, reason: `${at} ends the program before its last instruction: the scheduler takes straight-line programs only` };
    terminator = index;
  }
  return { ok: true, terminator };
}
