import { baseOpcode, registerNames } from '../operand.js';
import type { Control, Instruction, Pipe, Program } from './program.js';

/** Registers an instruction reads. */
export function sourceRegisters(instruction: Instruction): string[] {
  return instruction.kind === 'op' ? registerNames(instruction.sources) : [];
}

/** Registers an instruction writes. */
export function destinationRegisters(instruction: Instruction): string[] {
  return instruction.kind === 'op' ? registerNames(instruction.destinations) : [];
}

/** Index of the pipe that executes an instruction, or -1 for `DEPBAR`/`NOP` (no pipe). */
export function pipeIndexOf(program: Program, instruction: Instruction): number {
  if (instruction.kind !== 'op') return -1;
  const base = baseOpcode(instruction.opcode);
  return program.pipes.findIndex((pipe: Pipe) => pipe.opcodes.includes(base));
}

/** Cycles the next instruction of the warp waits after this one issues: the stall, where 0 (dual issue in real listings) counts as 1. */
export function effectiveStall(control: Control): number {
  return Math.max(1, control.stall);
}
