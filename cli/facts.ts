import { parseArgs } from 'node:util';
import { factRows, type FactRow } from '../spec/sass/architectures/factRows.js';
import { ARCHITECTURES, architectureTable } from '../spec/sass/architectures/index.js';
import { provenanceOf } from '../spec/sass/architectures/provenance.js';
import { formatTable } from '../reports/table.js';
import { UsageError, type CliIo } from './io.js';
import { evidenceRows, formatEvidence } from './factsEvidence.js';
import { listingOptions, loadKernels } from './sassCheck.js';

/** Help text of `hazardproof facts`. */
export const FACTS_USAGE = `usage: hazardproof facts [--arch sm_XX] [--opcode NAME]... [--json]
       hazardproof facts --evidence LISTING... [--from NOTATION] [--arch sm_XX]

Prints what a verdict on an NVIDIA listing rests on: every fact of an architecture's table
(opcodes, queues, the scoreboard visibility delay, the latency matrices), each with two sides
and its source. The proof side is what a proof relies on (a bound that holds whatever the
hardware does); the counterexample side is what a schedule may use to show a hazard (behaviour a
source shows). Where they differ, a hazard that needs the proof side is reported as unknown,
naming the fact, never as a finding. Each source key is printed with its kind (nvidia,
documentation, compiler, microbenchmark, inferred, conservative) and its full citation.

  --arch sm_XX     the architecture (sm_50 ... sm_120a); without it, the tables and their aliases
  --opcode NAME    only these opcodes (repeatable; queues and table-wide facts are still printed)
  --json           the rows and citations as JSON
  --evidence       read the listings instead and say what the compiler's output shows about each
                   opcode no source times (or only compiler output): how often it gets a write
                   scoreboard, how many writer/reader pairs, which latency class every pair fits
                   (with an exact pair) and whether any pair contradicts the class the table gives
                   it; exit 1 when one does. --from and --arch as for check`;

/** The options `hazardproof facts` takes (`parseArgs` form); its help mentions each. */
export const FACTS_OPTIONS = {
  arch: { type: 'string' }, opcode: { type: 'string', multiple: true }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  evidence: { type: 'boolean' }, from: { type: 'string' },
} as const;

/** `hazardproof facts`: returns the exit code. */
export function factsCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: FACTS_OPTIONS });
  if (values.help) {
    io.stdout(`${FACTS_USAGE}\n`);
    return 0;
  }
  if (values.evidence) {
    if (positionals.length === 0) throw new UsageError('facts --evidence needs at least one listing');
    const kernels = loadKernels(positionals, listingOptions({ ...(values.from === undefined ? {} : { from: values.from }), ...(values.arch === undefined ? {} : { arch: values.arch }) }), io);
    if (kernels === null) return 2;
    const rows = evidenceRows(kernels);
    io.stdout(formatEvidence(rows));
    return rows.some((row) => row.contradicting.length > 0) ? 1 : 0;
  }
  if (values.from !== undefined) throw new UsageError('--from goes with --evidence');
  if (positionals.length > 0) throw new UsageError(`facts takes no file (got '${positionals[0]}'); use --arch, or --evidence to read listings`);
  if (values.arch === undefined) {
    const rows = ARCHITECTURES.map((table) => [table.name, table.aliases.join(', ') || '-', String(Object.keys(table.opcodes).length)]);
    io.stdout(values.json ? `${JSON.stringify(ARCHITECTURES.map((table) => ({ name: table.name, aliases: table.aliases })), null, 2)}\n` : `${formatTable(['table', 'aliases', 'opcodes'], rows, [2])}\n\nhazardproof facts --arch NAME prints one table's facts with their sources.\n`);
    return 0;
  }
  const table = architectureTable(values.arch);
  if (!table) throw new UsageError(`--arch: no opcode table for '${values.arch}' (known: ${ARCHITECTURES.map((t) => [t.name, ...t.aliases].join(', ')).join('; ')})`);
  const opcodes = new Set((values.opcode ?? []).map((name) => name.toUpperCase()));
  for (const name of opcodes) if (!Object.hasOwn(table.opcodes, name)) throw new UsageError(`--opcode: ${name} is not in the ${table.name} table`);
  const rows = factRows(table).filter((row) => row.kind !== 'opcode' || opcodes.size === 0 || opcodes.has(row.name));
  const keys = [...new Set(rows.flatMap((row) => [row.source, ...(row.counterexampleSource ? [row.counterexampleSource] : [])]))].sort();
  const citations = keys.map((key) => ({ key, provenance: provenanceOf(key), citation: table.sources[key] ?? '(no citation)' }));
  if (values.json) {
    io.stdout(`${JSON.stringify({ architecture: table.name, aliases: table.aliases, facts: rows, sources: citations }, null, 2)}\n`);
    return 0;
  }
  const differ = rows.filter((row) => row.proof !== row.counterexample).length;
  const cell = (row: FactRow) => (row.proof === row.counterexample ? 'same' : row.counterexample);
  const lines = [
    `${table.name}${table.aliases.length > 0 ? ` (also ${table.aliases.join(', ')})` : ''}: ${rows.length} facts, ${differ} with a counterexample side that differs from the proof side`,
    '',
    formatTable(['kind', 'name', 'proof side', 'counterexample side', 'source'], rows.map((row) => [row.kind, row.name, row.proof, cell(row), `${row.source} (${row.provenance})${row.counterexampleSource ? `; ${row.counterexampleSource} (${provenanceOf(row.counterexampleSource)})` : ''}`])),
    '',
    'sources:',
    ...citations.map(({ key, provenance, citation }) => `  ${key} (${provenance}): ${citation}`),
  ];
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
