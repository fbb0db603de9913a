/**
 * Fixed latencies as the machine uses them. A fixed-latency result lands in the register file
 * at the earliest moment any reader may use it; a particular reader may need longer (its
 * read-after-write latency for that writer, from the architecture's matrices), and reading it
 * sooner is a RAW hazard.
 */
import type { SassInstruction, SassProgram } from './program.js';

/** The register file of a register name, which selects its matrix. */
export function registerFile(register: string): 'general' | 'predicate' | 'uniform' | 'uniformPredicate' {
  if (/^UP/.test(register)) return 'uniformPredicate';
  if (/^UR/.test(register)) return 'uniform';
  if (/^P\d/.test(register)) return 'predicate';
  return 'general';
}

/** The writer's latency for a register with no particular reader in mind (the worst case). */
export function worstLatency(writer: SassInstruction, register: string): number {
  return writer.unit.kind === 'fixed' ? writer.unit.destinationLatency?.[register] ?? writer.unit.latency : 0;
}

/** Cycles after the writer issues before `reader` may read `register` (`asGuard`: as its guard). */
export function readLatency(program: SassProgram, writer: SassInstruction, register: string, reader: SassInstruction, asGuard: boolean): number {
  const worst = worstLatency(writer, register);
  const readerClass = asGuard ? 'guard' : reader.latencyClass;
  if (writer.latencyClass === null || readerClass === null) return worst;
  const value = program.readAfterWrite?.[registerFile(register)]?.[writer.latencyClass]?.[readerClass];
  return value === undefined ? worst : Math.min(value, worst);
}

/** Cycles after the writer issues when `register` lands: the soonest any reader may use it. */
export function landingLatency(program: SassProgram, writer: SassInstruction, register: string): number {
  const worst = worstLatency(writer, register);
  const row = writer.latencyClass === null ? undefined : program.readAfterWrite?.[registerFile(register)]?.[writer.latencyClass];
  return row === undefined ? worst : Math.min(worst, ...Object.values(row));
}
