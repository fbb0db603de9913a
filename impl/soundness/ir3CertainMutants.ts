/**
 * Certain-hazard mutants of a Mesa ir3 shader lowered to the component machine: one `(sy)` or
 * `(ss)` wait removed from the first instruction that reads a variable-latency result of that
 * class (a texture or global-memory result for `(sy)`; a special-function or local-memory one for
 * `(ss)`), where nothing between the producer and the reader waits on anything and no
 * unconditional jump or end lies between them. Such a result arrives at a time nothing bounds
 * (Mesa's ir3_legalize.c syncs every use of it), so without the wait the reader can see the old
 * value. The soundness law: none of them is ever `proved-safe`.
 */
import { componentAt, type ComponentInstruction, type ComponentProgram, type ComponentRegister } from '../../spec/components/program.js';

/** One mutant: the program with the wait removed, and where. */
export interface Ir3CertainMutant {
  readonly program: ComponentProgram;
  /** The changed instruction's index and 1-based line; the producer's line. */
  readonly instruction: number;
  readonly line: number;
  readonly producerLine: number;
  /** `(sy) dropped (RAW on r0.x, line 4 -> line 7)`. */
  readonly change: string;
}

/** The components an operand touches over every execution of a repeated instruction. */
function touched(operand: ComponentRegister, repeat: number): string[] {
  return Array.from({ length: repeat + 1 }, (_, execution) => componentAt(operand, execution));
}

function registersRead(instruction: ComponentInstruction): Set<string> {
  return new Set(instruction.sources.flatMap((source) => (source.kind === 'register' ? touched(source, instruction.repeat) : [])));
}

/** Every certain-hazard mutant of `program`, in program order of the reader. */
export function ir3CertainMutants(program: ComponentProgram): Ir3CertainMutant[] {
  const result: Ir3CertainMutant[] = [];
  program.instructions.forEach((reader, q) => {
    for (const wait of reader.waits) {
      const reads = registersRead(reader);
      for (let p = q - 1; p >= 0; p--) {
        const producer = program.instructions[p]!;
        if (producer.branch !== undefined && !producer.branch.conditional) break;
        if (producer.latency === 'variable' && producer.syncClass === wait && producer.destination !== null) {
          const register = touched(producer.destination, producer.repeat).find((component) => reads.has(component));
          if (register !== undefined) {
            const waits = reader.waits.filter((other) => other !== wait);
            result.push({
              program: { ...program, instructions: program.instructions.map((old, i) => (i === q ? { ...old, waits } : old)) },
              instruction: q, line: reader.line, producerLine: producer.line,
              change: `(${wait}) dropped (RAW on ${register}, line ${producer.line} -> line ${reader.line})`,
            });
            break;
          }
        }
        if (producer.waits.length > 0) break;
      }
    }
  });
  return result;
}
