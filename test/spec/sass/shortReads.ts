import type { SassKernel } from '../../../format/sass/listing.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { instructionEffects, type InstructionEffects } from '../../../spec/sass/effects.js';
import { readAfterWriteLatency } from '../../../spec/sass/pairLatency.js';

/**
 * Fixed-latency producers a listing reads sooner than `table` allows, within straight-line code
 * (the state is dropped at every label and after every control transfer): how the tests hold a
 * table's figures against the stall counts ptxas chose. `skip(text)` leaves out reads involving
 * an instruction (conservative entries, whose figures no source gives).
 */
export function shortReads(kernel: SassKernel, table: ArchitectureTable, skip: (text: string) => boolean = () => false): string[] {
  const labelled = new Set(Object.values(kernel.labels));
  const writers = new Map<string, { cycle: number; effects: InstructionEffects; text: string }>();
  const out: string[] = [];
  let cycle = 0;
  kernel.instructions.forEach((line, index) => {
    if (labelled.has(index)) writers.clear();
    const effects = instructionEffects(line, table);
    const guard = line.guard?.predicate;
    for (const register of effects.sources) {
      const writer = writers.get(register);
      if (writer === undefined || skip(line.opcode) || skip(writer.text)) continue;
      const need = readAfterWriteLatency(table, writer.effects, register, effects, register === guard);
      if (cycle - writer.cycle < need) out.push(`${register} of '${writer.text}' read ${cycle - writer.cycle} cycles later (needs ${need}) by '${line.text}'`);
    }
    for (const register of effects.destinations) {
      if (effects.unit.kind === 'fixed') writers.set(register, { cycle, effects, text: line.text });
      else writers.delete(register);
    }
    cycle += Math.max(1, line.control.stall);
    if (effects.flow.kind !== 'next') writers.clear();
  });
  return out;
}
