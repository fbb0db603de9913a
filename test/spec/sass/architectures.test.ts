import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import { packageRoot } from '../../../format/packageRoot.js';
import { parseCuasm } from '../../../format/sass/cuasm.js';
import type { SassListing } from '../../../format/sass/listing.js';
import { parseMaxas } from '../../../format/sass/maxas.js';
import { parseTuringas } from '../../../format/sass/turingas.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { ARCHITECTURES, architectureTable } from '../../../spec/sass/architectures/index.js';
import { fixedLatencies, instructionEffects, latencyClassOf } from '../../../spec/sass/effects.js';
import { shortReads } from './shortReads.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`opcode-table corpus tests skipped: ${corpus} is absent`);

describe('architecture tables', () => {
  it('every name and alias selects exactly one table', () => {
    const names = ARCHITECTURES.flatMap((table) => [table.name, ...table.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(architectureTable(name)?.name).toBeDefined();
    expect(architectureTable('sm_52')?.name).toBe('sm_50');
    expect(architectureTable('sm_62')?.name).toBe('sm_61');
    expect(architectureTable('sm_72')?.name).toBe('sm_70');
    expect(architectureTable('sm_87')?.name).toBe('sm_86');
    expect(architectureTable('sm_89')?.name).toBe('sm_89');
    expect(architectureTable('sm75')?.name).toBe('sm_75');
    expect(architectureTable('SM_80')?.name).toBe('sm_80');
    expect(architectureTable('sm_30')).toBeUndefined();
    expect(ARCHITECTURES.map((table) => table.name)).toEqual(['sm_50', 'sm_61', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_100', 'sm_120']);
  });

  it.each(ARCHITECTURES.map((table) => [table.name, table] as const))('%s: every source key resolves to a citation', (_name, table) => {
    const keys = [
      ...Object.values(table.opcodes).map((info) => info.source),
      ...Object.values(table.queues).map((queue) => queue.source),
      ...(table.visibilityDelaySource === undefined ? [] : [table.visibilityDelaySource]),
      ...(table.readAfterWrite === undefined ? [] : [table.readAfterWrite.source]),
    ];
    for (const key of keys) {
      expect(table.sources[key]?.length ?? 0, `source '${key}'`).toBeGreaterThan(40);
    }
  });

  it.each(ARCHITECTURES.map((table) => [table.name, table] as const))('%s: queues exist, kinds carry their figures', (_name, table) => {
    expect(table.queues['unknown']).toMatchObject({ ordered: false });
    expect(table.queues['misc']).toMatchObject({ ordered: false });
    expect(table.visibilityDelay).toBe(2);
    for (const [opcode, info] of Object.entries(table.opcodes)) {
      expect(opcode).toMatch(/^[A-Z][A-Z0-9_]*$/);
      if (info.kind === 'variable') expect(table.queues[info.queue ?? ''], `${opcode}'s queue ${info.queue}`).toBeDefined();
      else expect(info.queue, opcode).toBeUndefined();
      if (info.kind === 'fixed') expect(info.latency, opcode).toBeGreaterThan(0);
      else expect(info.latency, opcode).toBeUndefined();
    }
    for (const opcode of ['LDG', 'STG', 'LDS', 'STS', 'LDL', 'LDC', 'TEX', 'SULD', 'S2R', 'MUFU', 'F2I', 'I2F', 'POPC', 'FLO', 'SHFL', 'ATOM', 'ATOMS', 'RED']) {
      expect(table.opcodes[opcode]?.kind, opcode).toBe('variable');
    }
    // FP64 arithmetic is scoreboarded everywhere but on Hopper, where ptxas never scoreboards it (corpus-sm90-ampere).
    for (const opcode of ['DADD', 'DMUL']) expect(table.opcodes[opcode]?.kind, opcode).toBe(table.name === 'sm_90' ? 'fixed' : 'variable');
    for (const opcode of ['FFMA', 'FADD', 'MOV', 'SEL', 'ISETP', 'FSETP', 'LOP3', 'SHF', 'LEA', 'IADD3', 'PRMT']) {
      expect(table.opcodes[opcode]?.kind, opcode).toBe('fixed');
    }
  });

  it.each(ARCHITECTURES.map((table) => [table.name, table] as const))('%s: a pair latency never exceeds the writer class latency', (_name, table) => {
    const matrices = table.readAfterWrite;
    if (matrices === undefined) return;
    for (const [opcode, info] of Object.entries(table.opcodes)) {
      if (info.kind !== 'fixed') continue;
      const modifiers = ['', ...Object.keys(info.modifierClass ?? {})];
      for (const modifier of modifiers) {
        const writer = latencyClassOf(info, modifier === '' ? [] : [modifier]);
        const latency = fixedLatencies(info, modifier === '' ? [] : [modifier]);
        expect(writer, opcode).not.toBeNull();
        const rows = [
          [matrices.general?.[writer!], latency.general],
          [matrices.uniform?.[writer!], latency.general],
          [matrices.predicate?.[writer!], latency.predicate],
          [matrices.uniformPredicate?.[writer!], latency.predicate],
        ] as const;
        for (const [row, max] of rows) {
          for (const [reader, cycles] of Object.entries(row ?? {})) expect(cycles, `${opcode}${modifier} -> ${reader}`).toBeLessThanOrEqual(max);
        }
      }
    }
  });

  it('Turing and Ampere classes name rows and columns of the matrices', () => {
    for (const table of [architectureTable('sm_75')!, architectureTable('sm_80')!]) {
      const general = table.readAfterWrite!.general!;
      for (const [opcode, info] of Object.entries(table.opcodes)) {
        const klass = info.latencyClass;
        // Entries made by `conservative()` (ARRIVES on Ampere) have none: no source classes them.
        if (info.queue === 'unknown') continue;
        expect(klass, opcode).toBeDefined();
        // A tensor-core MMA's results reach the next instruction (latency 1): no figure of a row could be lower.
        if (info.kind === 'fixed' && !opcode.startsWith('U') && opcode !== 'VOTEU' && info.source !== 'ptxas-mma-next-instruction') {
          expect(general[klass!], `${table.name} ${opcode} writer class ${klass}`).toBeDefined();
        }
      }
    }
  });
});

// ---- corpus ----------------------------------------------------------------------------------

/** A listing with the table it is checked against. */
interface Loaded {
  readonly listing: SassListing;
  readonly table: ArchitectureTable;
}

function files(folder: string, extension: string): string[] {
  const directory = join(corpus, folder);
  return existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith(extension)).sort() : [];
}

/** Listings the importers accept; maxas files default to sm_50, TuringAs to sm_75 (their tools' defaults). */
function loadCorpus(): { loaded: Loaded[]; refused: string[] } {
  const loaded: Loaded[] = [];
  const refused: string[] = [];
  const attempt = (folder: string, name: string, parse: (text: string, file: string) => SassListing, fallback: string) => {
    const file = join(corpus, folder, name);
    try {
      const listing = parse(readFileSync(file, 'utf8'), file);
      loaded.push({ listing, table: architectureTable(listing.architecture ?? fallback)! });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      refused.push(`${folder}/${name}`);
    }
  };
  for (const name of files('cuassembler', '.cuasm')) attempt('cuassembler', name, parseCuasm, 'sm_75');
  for (const name of files('maxas', '.sass')) attempt('maxas', name, parseMaxas, 'sm_50');
  for (const name of files('turingas', '.sass')) attempt('turingas', name, parseTuringas, 'sm_75');
  return { loaded, refused };
}

/**
 * Base opcodes of files the importers refuse (maxas and TuringAs sources with symbolic names or
 * preprocessor code), read crudely: the word after a control field `--:-:1:-:2` and an optional guard.
 */
function crudeOpcodes(folder: string, name: string): string[] {
  const text = readFileSync(join(corpus, folder, name), 'utf8');
  const opcodes: string[] = [];
  for (const match of text.matchAll(/^\s*[0-9a-fA-F-]{2}:[0-9-]:[0-9-]:[Y-]:[0-9a-fA-F]\s+(?:@!?P[0-6T]\s+)?([A-Z][A-Z0-9_]*)/gm)) opcodes.push(match[1]!);
  return opcodes;
}

describe.runIf(haveCorpus)('corpus listings', () => {
  const { loaded, refused } = haveCorpus ? loadCorpus() : { loaded: [], refused: [] };

  it('the importers read the ptxas listings', () => {
    const names = loaded.map(({ listing }) => listing.file.split('/').pop());
    for (const name of ['cudatest.7.sm_75.cuasm', 'cudatest.6.sm_61.cuasm', 'regbank_test.template.sm_50.cuasm', 'ptxas_memory.sm_52.sass', 'sgemm_final_128.sass']) {
      expect(names).toContain(name);
    }
    expect(loaded.find(({ listing }) => listing.file.endsWith('cudatest.7.sm_75.cuasm'))?.table.name).toBe('sm_75');
    expect(loaded.find(({ listing }) => listing.file.endsWith('cudatest.6.sm_61.cuasm'))?.table.name).toBe('sm_61');
  });

  it('every opcode of every imported listing is in its architecture table', () => {
    const unknown: string[] = [];
    for (const { listing, table } of loaded) {
      for (const kernel of listing.kernels) {
        for (const line of kernel.instructions) {
          const effects = instructionEffects(line, table);
          if (effects.unknown !== null) unknown.push(`${listing.file}:${line.line} ${effects.unknown}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('every opcode of the listings the importers refuse is known too (read crudely)', () => {
    const unknown: string[] = [];
    const checked: string[] = [];
    for (const [folder, fallback] of [['maxas', 'sm_50'], ['neon', 'sm_50'], ['turingas', 'sm_75']] as const) {
      const table = architectureTable(fallback)!;
      for (const name of files(folder, '.sass')) {
        if (folder !== 'neon' && !refused.includes(`${folder}/${name}`)) continue;
        checked.push(`${folder}/${name}`);
        for (const opcode of crudeOpcodes(folder, name)) {
          if (!Object.hasOwn(table.opcodes, opcode)) unknown.push(`${folder}/${name}: ${opcode}`);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(0);
    expect([...new Set(unknown)]).toEqual([]);
  });

  it('every direct branch and region opener names a label of its kernel', () => {
    const missing: string[] = [];
    for (const { listing, table } of loaded) {
      for (const kernel of listing.kernels) {
        for (const line of kernel.instructions) {
          const flow = instructionEffects(line, table).flow;
          const target = flow.kind === 'branch' || flow.kind === 'open' ? flow.target : null;
          if (target !== null && !Object.hasOwn(kernel.labels, target)) missing.push(`${listing.file}:${line.line} ${target}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('ptxas never waits on a scoreboard less than 2 cycles after setting it (visibilityDelay on sm_75 and sm_61)', () => {
    const closest: Record<string, number> = {};
    for (const { listing, table } of loaded.filter(({ listing }) => listing.notation === 'cuasm')) {
      for (const kernel of listing.kernels) {
        let cycle = 0;
        const setAt = new Map<number, number>();
        for (const line of kernel.instructions) {
          for (const scoreboard of line.control.wait) {
            const at = setAt.get(scoreboard);
            if (at !== undefined) closest[table.name] = Math.min(closest[table.name] ?? Infinity, cycle - at);
            setAt.delete(scoreboard);
          }
          for (const scoreboard of [line.control.readScoreboard, line.control.writeScoreboard]) if (scoreboard !== null) setAt.set(scoreboard, cycle);
          cycle += Math.max(1, line.control.stall);
        }
      }
    }
    expect(closest['sm_75']).toBe(2);
    expect(closest['sm_61']).toBeGreaterThanOrEqual(2);
    for (const table of ARCHITECTURES) expect(table.visibilityDelay).toBeLessThanOrEqual(2);
  });

  it("ptxas' own stall counts cover every fixed-latency read-after-write by the tables' pair latencies", () => {
    const short: string[] = [];
    const ptxas = loaded.filter(({ listing }) => /cudatest|ptxas_memory/.test(listing.file));
    expect(ptxas.length).toBe(3);
    for (const { listing, table } of ptxas) {
      for (const kernel of listing.kernels) short.push(...shortReads(kernel, table).map((text) => `${listing.file.split('/').pop()}: ${text}`));
    }
    expect(short).toEqual([]);
  });
});
