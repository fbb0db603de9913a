/**
 * An architecture's facts as rows, each with both sides and its source: what `hazardproof facts`
 * prints and what a verdict rests on.
 */
import type { ArchitectureTable } from '../architecture.js';
import { counterexampleSide, describe } from './counterexample.js';
import { provenanceOf, type Provenance } from './provenance.js';

/** One fact of a table. */
export interface FactRow {
  /** `opcode`, `queue` (completion order), `queue-reads` (operand read order, where it has its own source), `visibility` or `read-after-write`. */
  readonly kind: 'opcode' | 'queue' | 'queue-reads' | 'visibility' | 'read-after-write';
  /** The opcode or queue name; the table name for table-wide facts. */
  readonly name: string;
  /** What a proof relies on. */
  readonly proof: string;
  /** What a counterexample may use (the same words when the two sides agree). */
  readonly counterexample: string;
  /** Citation key and its kind. */
  readonly source: string;
  readonly provenance: Provenance;
  /** The counterexample side's citation key when it has its own. */
  readonly counterexampleSource?: string;
}

/** Every fact of `table`: opcodes (alphabetical), queues, the visibility delay and the latency matrices. */
export function factRows(table: ArchitectureTable): FactRow[] {
  const side = counterexampleSide(table);
  const rows: FactRow[] = [];
  for (const name of Object.keys(table.opcodes).sort()) {
    const info = table.opcodes[name]!;
    const gap = side.opcodeGaps.get(name);
    rows.push({
      kind: 'opcode', name, proof: describe(info, table), counterexample: gap?.counterexample ?? describe(info, table), source: info.source, provenance: provenanceOf(info.source),
      ...(gap && gap.counterexampleSource !== info.source ? { counterexampleSource: gap.counterexampleSource } : {}),
    });
  }
  for (const name of Object.keys(table.queues).sort()) {
    const queue = table.queues[name]!;
    const order = (ordered: boolean) => (ordered ? 'in issue order' : 'results and operand reads in any order');
    const proof = queue.readOrder !== undefined && !queue.ordered ? 'results in any order' : order(queue.ordered);
    rows.push({ kind: 'queue', name, proof, counterexample: order(side.table.queues[name]!.ordered), source: queue.source, provenance: provenanceOf(queue.source) });
    if (queue.readOrder !== undefined && !queue.ordered) {
      rows.push({ kind: 'queue-reads', name, proof: 'operands read in issue order', counterexample: 'operands read in issue order', source: queue.readOrder, provenance: provenanceOf(queue.readOrder) });
    }
    // A read order shared with other queues (`readGroup`) holds on both sides, with its own source.
    if (queue.readGroup !== undefined) {
      const others = Object.keys(table.queues).filter((other) => other !== name && table.queues[other]!.readGroup === queue.readGroup);
      const text = `operands read in one issue order with the ${others.join(' and ')} queue${others.length === 1 ? '' : 's'}`;
      rows.push({ kind: 'queue-reads', name, proof: text, counterexample: text, source: queue.readGroup, provenance: provenanceOf(queue.readGroup) });
    }
  }
  const visibility = `a scoreboard set at cycle c is seen by waiters from cycle c + ${table.visibilityDelay}${table.depbarVisibilityDelay !== undefined ? ` (DEPBAR: c + ${table.depbarVisibilityDelay})` : ''}`;
  const visibilitySource = table.visibilityDelaySource ?? 'conservative';
  rows.push({ kind: 'visibility', name: table.name, proof: visibility, counterexample: visibility, source: visibilitySource, provenance: provenanceOf(visibilitySource) });
  if (table.depbarVisibilityDelay !== undefined && table.depbarVisibilityDelaySource !== undefined) {
    const depbar = `a DEPBAR sees a scoreboard set at cycle c from cycle c + ${table.depbarVisibilityDelay}`;
    rows.push({ kind: 'visibility', name: `${table.name} DEPBAR`, proof: depbar, counterexample: depbar, source: table.depbarVisibilityDelaySource, provenance: provenanceOf(table.depbarVisibilityDelaySource) });
  }
  if (table.readAfterWrite) {
    const text = 'per (writer, reader) class latencies of fixed results, shortening the writer\'s latency where the source allows';
    rows.push({ kind: 'read-after-write', name: table.name, proof: text, counterexample: text, source: table.readAfterWrite.source, provenance: provenanceOf(table.readAfterWrite.source) });
  }
  return rows;
}
