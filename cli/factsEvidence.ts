import type { ArchitectureTable } from '../spec/sass/architecture.js';
import { architectureTable } from '../spec/sass/architectures/index.js';
import { proofOnly, provenanceOf } from '../spec/sass/architectures/provenance.js';
import type { LoadedKernel } from '../format/sass/loadKernels.js';
import { compilerEvidence, type EvidencePair, type OpcodeEvidence } from '../impl/sass/facts/compilerEvidence.js';
import { chooseClass, classFits, type ClassFit } from '../impl/sass/facts/classFit.js';
import { tableFit } from '../impl/sass/facts/tableFit.js';
import { formatTable } from '../reports/table.js';

/** One opcode's evidence with the class it fits, as `facts --evidence` prints it. */
export interface EvidenceRow {
  readonly architecture: string;
  readonly opcode: string;
  readonly evidence: OpcodeEvidence;
  /** The class the table gives it today, when its timing rests on compiler output or on nothing. */
  readonly tableClass: string | null;
  /** The class every pair fits (`chooseClass`), null when none does or there are no pairs. */
  readonly fits: ReturnType<typeof chooseClass>;
  /** Pairs that contradict the table's figures as the analysis reads them: the compiler issued sooner than they allow. */
  readonly contradicting: readonly EvidencePair[];
  readonly example: EvidencePair | null;
}

/**
 * The evidence of the listings about every opcode whose table entry rests on no source or only
 * on compiler output (`conservative`, `inferred-bound`), per architecture: each is weighed alone
 * against every sourced opcode around it.
 */
export function evidenceRows(kernels: readonly LoadedKernel[]): EvidenceRow[] {
  const byTable = new Map<ArchitectureTable, LoadedKernel[]>();
  for (const kernel of kernels) {
    const table = architectureTable(kernel.program.architecture);
    if (table === undefined) continue;
    if (!byTable.has(table)) byTable.set(table, []);
    byTable.get(table)!.push(kernel);
  }
  const rows: EvidenceRow[] = [];
  for (const [table, ofTable] of byTable) {
    const against = tableFit(ofTable).contradicting;
    const seen = new Set(ofTable.flatMap((kernel) => kernel.program.instructions.map((instruction) => instruction.opcode.split('.')[0]!)));
    const subjects = [...seen].filter((opcode) => {
      const info = table.opcodes[opcode];
      return info === undefined || proofOnly(provenanceOf(info.source));
    }).sort();
    for (const opcode of subjects) {
      const [evidence] = compilerEvidence(table, ofTable, opcode);
      if (evidence === undefined) continue;
      const fits = classFits(table, evidence);
      const tableClass = table.opcodes[opcode]?.latencyClass ?? null;
      const ofClass = (name: string | null): ClassFit[] => fits.filter((fit) => fit.latencyClass === name);
      const chosen = chooseClass(fits);
      const example = ofClass(chosen?.latencyClass ?? null).flatMap((fit) => fit.tight)[0] ?? null;
      const contradicting = against.filter((pair) => pair.writer.opcode === opcode || pair.reader.opcode === opcode);
      rows.push({ architecture: table.name, opcode, evidence, tableClass, fits: chosen, contradicting, example });
    }
  }
  return rows;
}

/** The text `facts --evidence` prints. */
export function formatEvidence(rows: readonly EvidenceRow[]): string {
  if (rows.length === 0) return 'every opcode of these listings is timed by a source: nothing to infer\n';
  const where = (pair: EvidencePair) => `${pair.writer.file}:${pair.writer.line} ${pair.writer.text} -> line ${pair.reader.line} ${pair.reader.text} after ${pair.distance} cycles`;
  const table = formatTable(['arch', 'opcode', 'instances', 'scoreboarded', 'pairs', 'class (table)', 'class (listings)', 'exact pairs', 'contradicting the table'],
    rows.map((row) => [row.architecture, row.opcode, String(row.evidence.instances), `${row.evidence.scoreboarded}/${row.evidence.writers}`, String(row.evidence.asWriter.length + row.evidence.asReader.length),
      row.tableClass ?? '-', row.fits?.latencyClass ?? '-', row.fits === null ? '-' : String(row.fits.tight), row.tableClass === null ? '-' : String(row.contradicting.length)]), [2, 3, 4, 7, 8]);
  const lines = [table, ''];
  for (const row of rows) {
    if (row.example !== null) lines.push(`${row.architecture} ${row.opcode} as ${row.fits!.latencyClass}, exactly: ${where(row.example)}`);
    for (const pair of row.contradicting.slice(0, 3)) lines.push(`${row.architecture} ${row.opcode}: the table's figures are contradicted: ${where(pair)}`);
  }
  lines.push('', 'A class fits when no reader comes sooner after its writer than the class figure allows; exact pairs come exactly then.',
    'A class found this way is an upper bound only: a table may give it to a proof (provenance inferred-bound), never to a counterexample.');
  return `${lines.join('\n')}\n`;
}
