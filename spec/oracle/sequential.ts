import { destinationRegisters, sourceRegisters } from '../scoreboard/operands.js';
import type { Program } from '../scoreboard/program.js';

/** What plain sequential execution of a program says every read and the final state must see. */
export interface SequentialSemantics {
  /** For each instruction, for each register it reads: the latest earlier writer, or null (initial value). */
  readonly expectedReads: readonly ReadonlyMap<string, number | null>[];
  /** For each register the program writes, the last writer in program order. */
  readonly finalWriters: ReadonlyMap<string, number>;
}

/** Runs the program in program order, one instruction at a time, and records who wrote what. */
export function sequentialSemantics(program: Program): SequentialSemantics {
  const lastWriter = new Map<string, number>();
  const expectedReads = program.instructions.map((instruction, index) => {
    const reads = new Map<string, number | null>();
    for (const register of sourceRegisters(instruction)) reads.set(register, lastWriter.get(register) ?? null);
    for (const register of destinationRegisters(instruction)) lastWriter.set(register, index);
    return reads;
  });
  return { expectedReads, finalWriters: lastWriter };
}
