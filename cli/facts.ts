import { parseArgs } from 'node:util';
import { factRows, type FactRow } from '../spec/sass/architectures/factRows.js';
import { ARCHITECTURES, architectureTable } from '../spec/sass/architectures/index.js';
import { provenanceOf } from '../spec/sass/architectures/provenance.js';
import { formatTable } from '../reports/table.js';
import { UsageError, type CliIo } from './io.js';
import { evidenceRows, formatEvidence } from './factsEvidence.js';
import { listingOptions, loadKernels } from './sassCheck.js';
import { isAmdgpuFile } from './amdgpuAnnotate.js';
import { AMDGPU_TARGET_INFO, AMDGPU_TARGETS, type AmdgpuTarget } from '../spec/amdgpu/counters.js';
import { amdgpuFactRows, type AmdgpuFactRow } from '../spec/amdgpu/factRows.js';
import { AMDGPU_SOURCE_PROVENANCE } from '../spec/amdgpu/provenance.js';
import { AMDGPU_SOURCES, LLVM_19_REVISION, type AmdgpuSourceKey } from '../spec/amdgpu/sources.js';

/** Help text of `hazardproof facts`. */
export const FACTS_USAGE = `usage: hazardproof facts [--arch sm_XX|gfxNNNN] [--opcode NAME]... [--json]
       hazardproof facts --evidence LISTING... [--from NOTATION] [--arch sm_XX]

Prints what a verdict rests on: every fact of an NVIDIA architecture's table (opcodes, queues,
the scoreboard visibility delay, the latency matrices) or of an AMD target (gfx900, gfx90a,
gfx942, gfx1030, gfx1100, gfx1200: wait counters, event queues, gfx9 wait-state rules, the hazards
LLVM resolves and what the checker does with each, the waits at function boundaries), each with
two sides and its source. The proof side is what a proof relies on (a bound that holds whatever
the hardware does); the counterexample side is what a schedule may use to show a hazard
(behaviour a source shows). Where they differ, a hazard that needs the proof side is reported as
unknown, naming the fact, never as a finding. Each source key is printed with its kind (nvidia,
documentation, compiler, microbenchmark, inferred, conservative) and its full citation.

  --arch NAME      an NVIDIA architecture (sm_50 ... sm_120a) or an AMD target (gfxNNNN); without
                   it, the tables and their aliases, and the AMD targets
  --opcode NAME    only these opcodes (repeatable; queues and table-wide facts are still printed;
                   NVIDIA only)
  --json           the rows and citations as JSON
  --evidence       read the listings instead and say what the compiler's output shows about each
                   opcode no source times (or only compiler output): how often it gets a write
                   scoreboard, how many writer/reader pairs, which latency class every pair fits
                   (with an exact pair) and whether any pair contradicts the class the table gives
                   it; exit 1 when one does. --from and --arch as for check (NVIDIA listings only)`;

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
  const amd = values.arch !== undefined && /^gfx/i.test(values.arch.trim());
  if (values.evidence) {
    if (amd) throw new UsageError(`--evidence reads NVIDIA listings (what ptxas's output shows about opcodes no source times); ${values.arch} is an AMD target: 'hazardproof facts --arch ${values.arch}' prints its facts`);
    if (positionals.length === 0) throw new UsageError('facts --evidence needs at least one listing');
    const amdFile = positionals.find((file) => file !== '-' && isAmdgpuFile(file));
    if (amdFile !== undefined) throw new UsageError(`--evidence reads NVIDIA listings; ${amdFile} is AMDGPU assembly ('hazardproof facts --arch gfxNNNN' prints an AMD target's facts)`);
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
    const amdTargets = AMDGPU_TARGETS.map((target) => `${target} (${AMDGPU_TARGET_INFO[target].generation})`).join(', ');
    io.stdout(values.json ? `${JSON.stringify(ARCHITECTURES.map((table) => ({ name: table.name, aliases: table.aliases })), null, 2)}\n` : `${formatTable(['table', 'aliases', 'opcodes'], rows, [2])}\n\nAMD targets: ${amdTargets}\n\nhazardproof facts --arch NAME prints one table's or target's facts with their sources.\n`);
    return 0;
  }
  if (amd) return amdgpuFacts(values.arch, values, io);
  const table = architectureTable(values.arch);
  if (!table) throw new UsageError(`--arch: no opcode table for '${values.arch}' (known: ${ARCHITECTURES.map((t) => [t.name, ...t.aliases].join(', ')).join('; ')}; AMD targets: ${AMDGPU_TARGETS.join(', ')})`);
  const opcodes = new Set((values.opcode ?? []).map((name) => name.toUpperCase()));
  for (const name of opcodes) if (!Object.hasOwn(table.opcodes, name)) throw new UsageError(`--opcode: ${name} is not in the ${table.name} table`);
  const rows = factRows(table).filter((row) => row.kind !== 'opcode' || opcodes.size === 0 || opcodes.has(row.name));
  const keys = [...new Set(rows.flatMap((row) => [row.source, ...(row.counterexampleSource ? [row.counterexampleSource] : [])]))].sort();
  const citations = keys.map((key) => ({ key, provenance: provenanceOf(key), citation: table.sources[key] ?? '(no citation)' }));
  if (values.json) {
    io.stdout(`${JSON.stringify({ architecture: table.name, aliases: table.aliases, facts: rows, sources: citations }, null, 2)}\n`);
    return 0;
  }
  const title = `${table.name}${table.aliases.length > 0 ? ` (also ${table.aliases.join(', ')})` : ''}`;
  const source = (row: FactRow) => `${row.source} (${row.provenance})${row.counterexampleSource ? `; ${row.counterexampleSource} (${provenanceOf(row.counterexampleSource)})` : ''}`;
  io.stdout(formatFacts(title, rows, source, citations));
  return 0;
}

/** `facts --arch gfxNNNN`: an AMD target's rows (`spec/amdgpu/factRows.ts`) as text or JSON. */
function amdgpuFacts(arch: string, values: { readonly opcode?: readonly string[] | undefined; readonly json?: boolean | undefined }, io: CliIo): number {
  const name = arch.trim().toLowerCase();
  if (!(AMDGPU_TARGETS as readonly string[]).includes(name)) {
    throw new UsageError(`--arch: no facts for AMD target '${arch}' (AMD targets: ${AMDGPU_TARGETS.join(', ')}; NVIDIA tables: ${ARCHITECTURES.map((t) => t.name).join(', ')})`);
  }
  if (values.opcode !== undefined) throw new UsageError(`--opcode selects rows of an NVIDIA opcode table; ${name}'s facts are counters, queues, wait-state rules and hazards, with no opcode rows`);
  const target = name as AmdgpuTarget;
  const rows = amdgpuFactRows(target);
  const keys = [...new Set(rows.flatMap((row) => [...row.source, ...(row.counterexampleSource ?? [])]))].sort();
  const citations = keys.map((key) => ({ key, provenance: AMDGPU_SOURCE_PROVENANCE[key], citation: AMDGPU_SOURCES[key] }));
  if (values.json) {
    io.stdout(`${JSON.stringify({ architecture: target, generation: AMDGPU_TARGET_INFO[target].generation, facts: rows, sources: citations }, null, 2)}\n`);
    return 0;
  }
  // Every llvm-* citation starts with the LLVM revision it was read at: say it once.
  const prefix = `${LLVM_19_REVISION}, `;
  const short = citations.map((entry) => ({ ...entry, citation: entry.citation.startsWith(prefix) ? entry.citation.slice(prefix.length) : entry.citation }));
  // The counterexample side's own keys after a semicolon, as for NVIDIA rows (those the proof side cites too are not repeated).
  const own = (row: AmdgpuFactRow) => (row.counterexampleSource ?? []).filter((key) => !row.source.includes(key));
  const source = (row: AmdgpuFactRow) => [sourceCell(row.source), ...(own(row).length > 0 ? [sourceCell(own(row))] : [])].join('; ');
  io.stdout(formatFacts(`${target} (${AMDGPU_TARGET_INFO[target].generation})`, rows, source, short, `LLVM source and documentation read at ${LLVM_19_REVISION}.`));
  return 0;
}

/** `key, key (compiler), key (documentation)`: keys grouped by their kind, in order of first appearance. */
function sourceCell(keys: readonly AmdgpuSourceKey[]): string {
  const groups = new Map<string, AmdgpuSourceKey[]>();
  for (const key of keys) groups.set(AMDGPU_SOURCE_PROVENANCE[key], [...(groups.get(AMDGPU_SOURCE_PROVENANCE[key]) ?? []), key]);
  return [...groups].map(([provenance, group]) => `${group.join(', ')} (${provenance})`).join(', ');
}

/** One fact as the text table shows it, NVIDIA's or AMD's. */
interface TextFact {
  readonly kind: string;
  readonly name: string;
  readonly proof: string;
  readonly counterexample: string;
}

/**
 * The text form of a table's facts: a title line with the count of rows whose sides differ, one
 * row per fact (kind, name, proof side, counterexample side or `same`, sources with their kind),
 * then every citation; `preamble` goes before the citations.
 */
function formatFacts<Row extends TextFact>(title: string, rows: readonly Row[], source: (row: Row) => string, citations: readonly { key: string; provenance: string; citation: string }[], preamble?: string): string {
  const differ = rows.filter((row) => row.proof !== row.counterexample).length;
  const cell = (row: Row) => (row.proof === row.counterexample ? 'same' : row.counterexample);
  const lines = [
    `${title}: ${rows.length} facts, ${differ} with a counterexample side that differs from the proof side`,
    '',
    formatTable(['kind', 'name', 'proof side', 'counterexample side', 'source'], rows.map((row) => [row.kind, row.name, row.proof, cell(row), source(row)])),
    '',
    ...(preamble === undefined ? [] : [preamble]),
    'sources:',
    ...citations.map(({ key, provenance, citation }) => `  ${key} (${provenance}): ${citation}`),
  ];
  return `${lines.join('\n')}\n`;
}
