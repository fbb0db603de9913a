/**
 * Fixed latencies as the machine uses them. A fixed-latency result lands in the register file
 * at the earliest moment any reader may use it; a particular reader may need longer (its
 * read-after-write latency for that writer, from the architecture's matrices), and reading it
 * sooner is a RAW hazard.
 */
import { fileOf } from './operandRegisters.js';
import { IMAD_WIDE_CLASSES } from './operandShapes.js';
import type { LatencyMatrix, ReadAfterWriteMatrices, RegisterClasses, SassInstruction, SassProgram, SassUnit } from './program.js';

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
  return registerPairLatency(program.readAfterWrite, register, writer, asGuard ? null : reader, asGuard, worstLatency(writer, register));
}

/**
 * Cycles after the writer issues when `register` lands: the soonest any reader may use it. The
 * order of writes (WAW) is kept as the instruction's class gives it: per-register classes
 * (`registerClasses`) and the operand-position readers refining a class (`POSITION_READERS`)
 * time reads only; NVIDIA's tables do not make IMAD.WIDE's low half land sooner for a later
 * writer (NAK sm80 write_after_write: a Decoupled write waits as long after IMADWideWriteDL as
 * after any coupled write).
 */
export function landingLatency(program: SassProgram, writer: SassInstruction, register: string): number {
  const worst = worstLatency(writer, register);
  const row = writer.latencyClass === null ? undefined : matrixFor(program.readAfterWrite, register)?.[writer.latencyClass];
  const figures = row === undefined ? [] : Object.entries(row).filter(([reader]) => !POSITION_READERS.has(reader)).map(([, cycles]) => cycles);
  return figures.length === 0 ? worst : Math.min(worst, ...figures);
}

/** Reader classes of particular operand positions, refining their instruction's class (IMAD.WIDE's A/B, C low, C high refine `imadWide`). */
export const POSITION_READERS: ReadonlySet<string> = new Set([IMAD_WIDE_CLASSES.ab, IMAD_WIDE_CLASSES.cl, IMAD_WIDE_CLASSES.ch]);

/** What the per-register lookup needs of an instruction (a `SassInstruction` or an `InstructionEffects`). */
export interface TimedInstruction {
  readonly latencyClass: string | null;
  readonly unit: SassUnit | { readonly kind: 'fixed' | 'variable' | 'none'; readonly registerClasses?: RegisterClasses };
}

function registerClassesOf(instruction: TimedInstruction): RegisterClasses | undefined {
  return instruction.unit.kind === 'fixed' && 'registerClasses' in instruction.unit ? instruction.unit.registerClasses : undefined;
}

/**
 * The writer class of `register`: its own (`registerClasses.write`) where the matrix of its file
 * has a row for it, else the instruction's.
 */
export function writerClassOf(matrices: ReadAfterWriteMatrices | null | undefined, register: string, writer: TimedInstruction): string | null {
  const own = registerClassesOf(writer)?.write?.[register];
  return own !== undefined && matrixFor(matrices, register)?.[own] !== undefined ? own : writer.latencyClass;
}

/**
 * `pairLatency` with each side's class for this register: the writer's per `writerClassOf`, the
 * reader's own (`registerClasses.read`) where the writer's row has a figure for it, else the
 * reader instruction's; `guard` when the reader reads it as its guard (`reader` null: unknown).
 */
export function registerPairLatency(
  matrices: ReadAfterWriteMatrices | null | undefined,
  register: string,
  writer: TimedInstruction,
  reader: TimedInstruction | null,
  asGuard: boolean,
  worst: number,
): number {
  const writerClass = writerClassOf(matrices, register, writer);
  if (asGuard) return pairLatency(matrices, register, writerClass, 'guard', worst);
  if (reader === null) return worst;
  const own = registerClassesOf(reader)?.read?.[register];
  const row = writerClass === null ? undefined : matrixFor(matrices, register)?.[writerClass];
  const readerClass = own !== undefined && row?.[own] !== undefined ? own : reader.latencyClass;
  return pairLatency(matrices, register, writerClass, readerClass, worst);
}
