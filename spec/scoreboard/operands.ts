import type { Control, Instruction, Operand, Pipe, Program } from './program.js';

/** Names of the register operands in a list (constants and immediates carry no dependency). */
export function registerNames(operands: readonly Operand[]): string[] {
  const names: string[] = [];
  for (const operand of operands) {
    if (operand.kind === 'register' && !names.includes(operand.name)) names.push(operand.name);
  }
  return names;
}

/** Registers an instruction reads. */
export function sourceRegisters(instruction: Instruction): string[] {
  return instruction.kind === 'op' ? registerNames(instruction.sources) : [];
}

/** Registers an instruction writes. */
export function destinationRegisters(instruction: Instruction): string[] {
  return instruction.kind === 'op' ? registerNames(instruction.destinations) : [];
}

/** The opcode without modifiers: `LDG.E.64` -> `LDG`. */
export function baseOpcode(opcode: string): string {
  const dot = opcode.indexOf('.');
  return dot < 0 ? opcode : opcode.slice(0, dot);
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
