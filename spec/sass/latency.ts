/**
 * Fixed latencies as the machine uses them. A fixed-latency result lands in the register file
 * at the earliest moment any reader may use it; a particular reader may need longer (its
 * read-after-write latency for that writer, from the architecture's matrices), and reading it
 * sooner is a RAW hazard.
 */
import { fileOf } from './operandRegisters.js';
import type { LatencyMatrix, ReadAfterWriteMatrices, SassInstruction, SassProgram } from './program.js';

/** The matrix of a register's file (R and CC use `general`). */
function matrixFor(matrices: ReadAfterWriteMatrices | null | undefined, register: string): LatencyMatrix | undefined {
  if (!matrices) return undefined;
  switch (fileOf(register)) {
    case 'P': return matrices.predicate;
    case 'UR': return matrices.uniform;
    case 'UP': return matrices.uniformPredicate;
    default: return matrices.general;
  }
}

/**
 * The reader class of an instruction no source times, on the counterexample side: it may read a
 * fixed result as early as the writer's fastest reader does, so no hazard rests on its class.
 */
export const EARLIEST_READER = 'earliest-reader';

/**
 * The one read-after-write lookup: the matrix figure for (writer class, reader class) in the
 * register's file, never above `worst` (the writer's latency for the register), `worst` when
 * the matrix has no figure or a class is missing. The machine, the analysis and the table
 * checks all use it.
 */
export function pairLatency(matrices: ReadAfterWriteMatrices | null | undefined, register: string, writerClass: string | null, readerClass: string | null, worst: number): number {
  if (writerClass === null || readerClass === null) return worst;
  if (readerClass === EARLIEST_READER) {
    const row = matrixFor(matrices, register)?.[writerClass];
    return row === undefined ? worst : Math.min(worst, ...Object.values(row));
  }
  const value = matrixFor(matrices, register)?.[writerClass]?.[readerClass];
  return value === undefined ? worst : Math.min(value, worst);
}

/** The writer's latency for a register with no particular reader in mind (the worst case). */
export function worstLatency(writer: SassInstruction, register: string): number {
  return writer.unit.kind === 'fixed' ? writer.unit.destinationLatency?.[register] ?? writer.unit.latency : 0;
}

/** Cycles after the writer issues before `reader` may read `register` (`asGuard`: as its guard). */
export function readLatency(program: SassProgram, writer: SassInstruction, register: string, reader: SassInstruction, asGuard: boolean): number {
  return pairLatency(program.readAfterWrite, register, writer.latencyClass, asGuard ? 'guard' : reader.latencyClass, worstLatency(writer, register));
}

/** Cycles after the writer issues when `register` lands: the soonest any reader may use it. */
export function landingLatency(program: SassProgram, writer: SassInstruction, register: string): number {
  const worst = worstLatency(writer, register);
  const row = writer.latencyClass === null ? undefined : matrixFor(program.readAfterWrite, register)?.[writer.latencyClass];
  return row === undefined ? worst : Math.min(worst, ...Object.values(row));
}
