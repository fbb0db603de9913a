/**
 * Whether a whole table's fixed latencies fit what compiler output relies on: every result the
 * compiler reads without a scoreboard, on straight-line code, is read no sooner than the table's
 * read-after-write figure for that writer and reader. Used to weigh a neighbouring
 * architecture's NVIDIA figures as upper bounds for one that has none (Hopper).
 */
import { readLatency } from '../../../spec/sass/latency.js';
import type { SassProgram } from '../../../spec/sass/program.js';
import { joinPoints, readersOf, registerClass, type EvidencePair } from './compilerEvidence.js';

/** The pairs a table was weighed on. */
export interface TableFit {
  readonly pairs: number;
  /** Pairs read sooner than the table allows. */
  readonly contradicting: readonly EvidencePair[];
  /** Pairs read exactly when the table allows. */
  readonly tight: readonly EvidencePair[];
}

/** Weighs the tables the kernels were lowered with against their own control records. */
export function tableFit(kernels: readonly { readonly file: string; readonly program: SassProgram }[]): TableFit {
  let pairs = 0;
  const contradicting: EvidencePair[] = [];
  const tight: EvidencePair[] = [];
  for (const { file, program } of kernels) {
    const joins = joinPoints(program);
    const site = (index: number) => {
      const instruction = program.instructions[index]!;
      return { file, line: instruction.line, text: instruction.text, opcode: instruction.opcode.split('.')[0]!, latencyClass: instruction.latencyClass };
    };
    program.instructions.forEach((writer, index) => {
      if (writer.unit.kind !== 'fixed' || writer.control.writeScoreboard !== null || writer.destinations.length === 0) return;
      for (const { reader, register, distance } of readersOf(program, index, joins)) {
        const consumer = program.instructions[reader]!;
        const figure = readLatency(program, writer, register, consumer, consumer.guard?.predicate === register);
        pairs++;
        const pair: EvidencePair = { writer: site(index), reader: site(reader), register, distance, writerClass: registerClass(writer, register, 'write', true), readerClass: registerClass(consumer, register, 'read', true) };
        if (figure > distance) contradicting.push(pair);
        else if (figure === distance) tight.push(pair);
      }
    });
  }
  return { pairs, contradicting, tight };
}
