import type { SequentialSemantics } from '../oracle/sequential.js';
import { lrcDestinations, lrcSources } from './operands.js';
import type { LrcProgram } from './program.js';
import { PRELOAD_WRITER } from './state.js';

/**
 * What one thread computes when its instructions run one at a time from INIT_PC, with the preload
 * data already in place (it is the thread's input, delivered before its first instruction in
 * program order). Instructions before INIT_PC never run: they expect nothing.
 */
export function lrcSequentialSemantics(program: LrcProgram): SequentialSemantics {
  const lastWriter = new Map<string, number>();
  for (const preload of program.preloads) for (const register of preload.registers) lastWriter.set(register, PRELOAD_WRITER);
  const expectedReads = program.instructions.map((instruction, index) => {
    const reads = new Map<string, number | null>();
    if (index < program.initialPc) return reads;
    for (const register of lrcSources(instruction)) reads.set(register, lastWriter.get(register) ?? null);
    for (const register of lrcDestinations(instruction)) lastWriter.set(register, index);
    return reads;
  });
  return { expectedReads, finalWriters: lastWriter };
}
