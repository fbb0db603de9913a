/**
 * The scheduler's input: a program without its idle cycles. `nop` instructions are dropped and
 * every `nops` field is cleared; the schedule inserts the idle cycles it needs. A dropped `nop`'s
 * waits move to the next instruction (when asked to keep waits), since that is what they guarded.
 */
import type { ComponentInstruction, ComponentProgram } from '../../../spec/components/program.js';
import { isNopInstruction } from './cycles.js';

/** The stripped program, and for each of its instructions the index it had in the input. */
export interface StrippedProgram {
  readonly program: ComponentProgram;
  readonly original: readonly number[];
}

/**
 * Drops `nop` instructions and `nops` fields. A closing `end` (an unconditional branch to the
 * end) is retargeted to the new end. Waits of dropped nops go to the next kept instruction.
 */
export function stripNops(program: ComponentProgram): StrippedProgram {
  const instructions: ComponentInstruction[] = [];
  const original: number[] = [];
  let carried: ('sy' | 'ss')[] = [];
  const count = program.instructions.length;
  const kept = program.instructions.filter((instruction) => !isNopInstruction(instruction) || instruction.branch !== undefined).length;
  program.instructions.forEach((instruction, index) => {
    if (isNopInstruction(instruction) && instruction.branch === undefined) {
      carried = [...new Set([...carried, ...instruction.waits])];
      return;
    }
    const waits = (['sy', 'ss'] as const).filter((flag) => instruction.waits.includes(flag) || carried.includes(flag));
    carried = [];
    const branch = instruction.branch && instruction.branch.target === count ? { ...instruction.branch, target: kept } : instruction.branch;
    instructions.push({ ...instruction, nops: 0, waits, ...(branch ? { branch } : {}) });
    original.push(index);
  });
  return { program: { ...program, instructions }, original };
}
