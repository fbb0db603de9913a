/**
 * A kernel for an architecture that has no opcode table yet. Nothing it does can be modelled, yet
 * it must not be checked with another architecture's table (opcodes, latencies and queues differ:
 * a wrong table can prove a hazardous kernel safe), nor refused as an input mistake (the listing
 * is fine; the tool lacks the table). So it is lowered to its instructions with no effects and
 * no branches, its control records as written, and one blocking note on its first instruction
 * naming the missing table: the check answers `unknown` for it, quoting that note, and neither a
 * proof nor a hazard can come from it.
 */
import type { SassInstruction } from '../../spec/sass/program.js';
import type { SassKernel } from './listing.js';
import type { LoweredKernel, LoweringNote } from './lower.js';

/** Lowers `kernel` of `architecture` (say `sm_120`), for which no table exists; `known` lists the tables that do, for the note. */
export function unmodelledKernel(kernel: SassKernel, architecture: string, known: readonly string[]): LoweredKernel {
  const last = kernel.instructions.length - 1;
  const instructions = kernel.instructions.map((line, index): SassInstruction => ({
    opcode: line.opcode, guard: line.guard, destinations: [], sources: [], readAtIssue: [], unit: { kind: 'none' },
    flow: index === last ? { kind: 'exit' } : { kind: 'next' }, drains: [], depbar: null, control: line.control, latencyClass: null,
    line: line.line, column: line.column, text: line.text,
  }));
  // On the first instruction (where the kernel starts when it has none): no kernel of such an architecture is ever proved safe.
  const first = kernel.instructions[0];
  const notes: LoweringNote[] = [{
    kind: 'unsupported', line: first?.line ?? kernel.line, column: first?.column ?? 1,
    message: `no opcode table for ${architecture} yet (there are tables for ${known.join(', ')}): no instruction of this kernel is modelled, so nothing about it is decided (--arch checks it with another architecture's table, at your own risk)`,
  }];
  return { program: { name: kernel.name, architecture, queues: [], scoreboards: 6, visibilityDelay: 0, depbarVisibilityDelay: 0, readAfterWrite: null, instructions }, notes };
}
