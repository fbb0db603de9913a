import { baseOpcode, registerNames } from '../operand.js';
import type { LrcInstruction, LrcProgram, Unit } from './program.js';

/** Registers an instruction reads. */
export function lrcSources(instruction: LrcInstruction): string[] {
  return registerNames(instruction.sources);
}

/** Registers an instruction writes. */
export function lrcDestinations(instruction: LrcInstruction): string[] {
  return registerNames(instruction.destinations);
}

/** Index of the unit that executes an instruction (-1 if none: the parser rejects such programs). */
export function unitIndexOf(program: LrcProgram, instruction: LrcInstruction): number {
  const base = baseOpcode(instruction.opcode);
  return program.units.findIndex((unit: Unit) => unit.opcodes.includes(base));
}

/** Index of the counter class that counts a request opcode, or -1 for opcodes that are not requests. */
export function counterIndexOf(program: LrcProgram, instruction: LrcInstruction): number {
  const base = baseOpcode(instruction.opcode);
  return program.counters.findIndex((counter) => counter.opcodes.includes(base));
}
