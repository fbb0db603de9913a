/**
 * A kernel lowered twice: the program a proof runs on (the table as written) and the program a
 * confirming schedule runs on (the table's counterexample side), with the facts that differ at
 * each instruction. Same lowering, another table: no second engine.
 */
import type { ArchitectureTable } from '../../spec/sass/architecture.js';
import { counterexampleSide, type CounterexampleProgram, type FactGap } from '../../spec/sass/architectures/counterexample.js';
import { baseOpcode } from '../../spec/sass/operandRegisters.js';
import type { SassProgram } from '../../spec/sass/program.js';
import type { SassKernel } from './listing.js';
import { lowerKernel } from './lower.js';

/**
 * The counterexample side of a lowered kernel, or null when the table's two sides agree on every
 * fact (then a schedule of the proof program is already one a source shows).
 */
export function lowerCounterexample(kernel: SassKernel, table: ArchitectureTable, proof: SassProgram): CounterexampleProgram | null {
  const side = counterexampleSide(table);
  if (side.opcodeGaps.size === 0 && side.queueGaps.size === 0) return null;
  const { program } = lowerKernel(kernel, side.table, proof.architecture);
  const gaps = proof.instructions.map((instruction, index): FactGap[] => {
    const found: FactGap[] = [];
    const opcode = side.opcodeGaps.get(baseOpcode(instruction.opcode));
    // A fact about unscoreboarded instances says nothing of one the listing gives a write scoreboard.
    if (opcode && !(opcode.unscoreboardedOnly && instruction.control.writeScoreboard !== null)) found.push(opcode);
    // A queue matters only where the counterexample side still runs the instruction through one.
    if (instruction.unit.kind === 'variable' && program.instructions[index]!.unit.kind === 'variable') {
      const queue = side.queueGaps.get(proof.queues[instruction.unit.queue]!.name);
      if (queue) found.push(queue);
    }
    return found;
  });
  return { program, gaps };
}
