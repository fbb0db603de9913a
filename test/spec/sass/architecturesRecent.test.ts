/**
 * The Ada, Hopper and Blackwell tables (sm_89, sm_90, sm_100, sm_120): names and aliases, the
 * figures of their sources, and the real listings of `../shared/corpus` (every opcode of every
 * dump in its architecture's table; ptxas' own stall counts against the tables' pair latencies).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import { packageRoot } from '../../../format/packageRoot.js';
import { parseCuobjdump } from '../../../format/sass/cuobjdump.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { ARCHITECTURES, architectureTable } from '../../../spec/sass/architectures/index.js';
import { SOURCES } from '../../../spec/sass/architectures/sources.js';
import { provenanceOf } from '../../../spec/sass/architectures/provenance.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { shortReads } from './shortReads.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`recent-architecture corpus tests skipped: ${corpus} is absent`);

const table = (name: string): ArchitectureTable => architectureTable(name)!;

/** Every source key a table names. */
function keysOf(entry: ArchitectureTable): string[] {
  return [
    ...Object.values(entry.opcodes).map((info) => info.source),
    ...Object.values(entry.queues).map((queue) => queue.source),
    ...(entry.visibilityDelaySource === undefined ? [] : [entry.visibilityDelaySource]),
    ...(entry.readAfterWrite === undefined ? [] : [entry.readAfterWrite.source]),
  ];
}

/** The opcodes of a table whose entry is the conservative one. */
function conservativeOpcodes(entry: ArchitectureTable): string[] {
  return Object.entries(entry.opcodes)
    .filter(([, info]) => info.source === 'conservative')
    .map(([name]) => name)
    .sort();
}

describe('recent architecture tables', () => {
  it('names and aliases select the intended tables', () => {
    const expected: Record<string, string> = {
      sm_89: 'sm_89', sm_86: 'sm_86', sm_87: 'sm_86',
      sm_90: 'sm_90', sm_90a: 'sm_90',
      sm_100: 'sm_100', sm_100a: 'sm_100', sm_101: 'sm_100', sm_103: 'sm_100', sm_103a: 'sm_100',
      sm_120: 'sm_120', sm_120a: 'sm_120', sm_120f: 'sm_120', sm_121: 'sm_120', sm_121a: 'sm_120', SM_120A: 'sm_120', '120': 'sm_120',
    };
    for (const [name, want] of Object.entries(expected)) expect(architectureTable(name)?.name, name).toBe(want);
    // Architectures no source covers: Thor (sm_110, NAK's Blackwell ranges stop at 109) and sm_130.
    for (const name of ['sm_110', 'sm_130', 'sm_95']) expect(architectureTable(name), name).toBeUndefined();
  });

  it.each(ARCHITECTURES.map((entry) => [entry.name, entry] as const))('%s: every entry cites a key of SOURCES', (_name, entry) => {
    expect(entry.sources).toBe(SOURCES);
    for (const key of keysOf(entry)) expect(Object.hasOwn(SOURCES, key), `source '${key}'`).toBe(true);
  });

  it('sm_89 is its own table with the Ampere/Ada figures of NAK sm80, cited as Ada', () => {
    const ada = table('sm_89');
    const ampere = table('sm_86');
    expect(ada).not.toBe(ampere);
    expect(ada.readAfterWrite?.source).toBe('nak-ada');
    expect(SOURCES['nak-ada']).toContain('This file is for Ampere and Ada only.');
    expect(ada.readAfterWrite?.general).toEqual(ampere.readAfterWrite?.general);
    expect(ada.readAfterWrite?.predicate).toEqual(ampere.readAfterWrite?.predicate);
    for (const opcode of ['FFMA', 'IADD3', 'HMMA', 'LDSM', 'LDGSTS', 'ULDC', 'R2UR']) {
      const { source: _a, ...adaEntry } = ada.opcodes[opcode]!;
      const { source: _b, ...ampereEntry } = ampere.opcodes[opcode]!;
      expect(adaEntry, opcode).toEqual(ampereEntry);
    }
    // ptxas emits DMMA for sm_89 as for sm_80 (ptxas-mma-next-instruction).
    expect(ada.opcodes['DMMA']).toEqual(table('sm_80').opcodes['DMMA']);
    expect(ada.queues['fp64']).toEqual({ ordered: true, source: 'corpus-fp64-order' });
    expect(ada.opcodes['DADD']).toMatchObject({ kind: 'variable', queue: 'fp64' });
  });

  it('sm_90: Ampere\'s figures as upper bounds where ptxas\'s output was weighed on them, NAK\'s raised fallback elsewhere', () => {
    const hopper = table('sm_90');
    const matrices = hopper.readAfterWrite!;
    expect(matrices.source).toBe('corpus-sm90-ampere');
    expect(provenanceOf('corpus-sm90-ampere')).toBe('inferred-bound');
    // Rows only for the weighed writer classes; FP64 with NVIDIA's RedirectedFP64 figures (HMMA needs none: ptxas-mma-next-instruction).
    expect(Object.keys(matrices.general!).sort()).toEqual(['alu', 'disp64', 'fma', 'fp16', 'fp16F32', 'fp64', 'hfma2mma', 'imadWide', 'imadWideHigh', 'imadWideLow']);
    expect(matrices.general?.['fp64']).toMatchObject({ alu: 10, fma: 10, fp64: 6, memory: 7, decoupled: 6, hmma: 11 });
    expect(matrices.predicate?.['fp64']).toMatchObject({ alu: 6, fma: 6, fp64: 6, guard: 14, decoupled: 14 });
    // The FP16 pipe is weighed too (corpus-sm90-classes): Ampere's fp16 row.
    // FP16 to FP16 readers 4 (NVIDIA's figure, as ptxas for sm_90 relies on); HADD2.F32 (fp16F32) keeps 5.
    expect(matrices.general?.['fp16']).toMatchObject({ alu: 5, fma: 5, fp16: 4, fp16F32: 5, memory: 5, hmma: 7 });
    expect(matrices.general?.['fp16F32']).toMatchObject({ alu: 5, fma: 5, fp16: 5, fp16F32: 5, memory: 5, hmma: 7 });
    for (const opcode of ['FFMA', 'IMAD', 'ISETP', 'IADD3', 'UIADD3', 'UMOV', 'CS2R', 'ULDC']) {
      expect(hopper.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', source: 'corpus-sm90-ampere' });
    }
    expect(hopper.opcodes['FFMA']).toMatchObject({ latency: 7, predicateLatency: 13, latencyClass: 'fma' });
    // ptxas scoreboards none of these on sm_90: fixed, FP64 in its class.
    for (const opcode of ['DADD', 'DFMA', 'DMUL', 'DSETP']) {
      expect(hopper.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latency: 11, latencyClass: 'fp64', operands: 'double', source: 'corpus-sm90-ampere' });
    }
    expect(hopper.opcodes['DSETP']).toMatchObject({ predicateLatency: 14 });
    expect(hopper.opcodes['HFMA2']).toMatchObject({ kind: 'fixed', modifierLatency: { MMA: 11 }, source: 'corpus-sm90-ampere' });
    // A classification nothing shows: NAK's fallback.
    for (const opcode of ['I2I', 'LDC', 'REDUX', 'S2UR', 'DMNMX']) {
      expect(hopper.opcodes[opcode]?.kind, opcode).toBe('variable');
      expect(hopper.opcodes[opcode]?.source, opcode).toMatch(/^nak-sm90/);
    }
    // Which ops need a scoreboard is NAK's rule (a compiler's): a counterexample may let a load take long.
    expect(hopper.opcodes['LDG']).toMatchObject({ kind: 'variable', source: 'nak-sm90-scoreboards' });
    expect(provenanceOf('nak-sm90-scoreboards')).toBe('compiler');
    expect(counterexampleSide(hopper).table.opcodes['LDG']).toBe(hopper.opcodes['LDG']);
    expect(hopper.queues['misc']?.ordered).toBe(false);
  });

  it('the Blackwell tables carry the B100 CSV figures (sm_120: HMMA writers + 9)', () => {
    const datacenter = table('sm_100').readAfterWrite!;
    const consumer = table('sm_120').readAfterWrite!;
    // reg_raw.csv: ALU -> ALU 4, -> FMA 5, -> MMA 7, -> decoupled-AGU 5; FMA -> FMA 4; HFMA2.MMA -> ALU 10; HMMA -> ALU 19, -> MMA 20.
    for (const matrices of [datacenter, consumer]) {
      expect(matrices.general?.['alu']).toMatchObject({ alu: 4, fma: 5, hmma: 7, memory: 5, decoupled: 4 });
      expect(matrices.general?.['fma']).toMatchObject({ alu: 5, fma: 4 });
      expect(matrices.general?.['hfma2mma']).toMatchObject({ alu: 10, hmma: 11 });
      expect(matrices.predicate?.['alu']).toMatchObject({ alu: 4, fma: 5, guard: 13 });
      expect(matrices.uniform?.['udp']).toMatchObject({ alu: 6, decoupled: 9, udp: 4, umov: 7, uldc: 12 });
      expect(matrices.uniform?.['r2ur']).toMatchObject({ alu: 13, uldc: 15 });
      expect(matrices.uniformPredicate?.['udp']).toMatchObject({ alu: 6, udp: 4, guard: 11, decoupled: 9 });
    }
    expect(datacenter.general?.['hmma']).toMatchObject({ alu: 19, memory: 19, hmma: 20 });
    expect(consumer.general?.['hmma']).toMatchObject({ alu: 28, memory: 28, hmma: 29 });
    expect(datacenter.source).toBe('nak-sm100');
    expect(consumer.source).toBe('nak-sm120');
  });

  it('Blackwell classification: NAK needs_scoreboards, HMMA/QMMA/OMMA fixed on sm_120 as ptxas treats them', () => {
    const datacenter = table('sm_100');
    const consumer = table('sm_120');
    for (const entry of [datacenter, consumer]) {
      expect(entry.opcodes['IMMA']).toMatchObject({ kind: 'fixed', latencyClass: 'imma' });
      expect(entry.opcodes['R2UR']).toMatchObject({ kind: 'fixed', latency: 15, latencyClass: 'r2ur' });
      for (const opcode of ['ULDC', 'LDCU', 'S2UR', 'REDUX', 'DADD', 'BMOV', 'LDSM', 'MUFU', 'S2R']) expect(entry.opcodes[opcode]?.kind, opcode).toBe('variable');
      expect(entry.opcodes['FFMA']).toMatchObject({ kind: 'fixed', predicateLatency: 13 });
      expect(entry.opcodes['UMOV']).toMatchObject({ kind: 'fixed', latency: 5 });
      expect(entry.opcodes['UIADD3']).toMatchObject({ kind: 'fixed', latency: 12, predicateLatency: 11 });
    }
    expect(datacenter.opcodes['HMMA']?.kind).toBe('variable');
    expect(datacenter.opcodes['DMMA']?.kind).toBe('variable');
    expect(datacenter.opcodes['FFMA']).toMatchObject({ latency: 7 });
    for (const opcode of ['HMMA', 'QMMA', 'OMMA']) {
      expect(consumer.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latency: 29, latencyClass: 'hmma', operands: 'matrix' });
    }
    expect(consumer.opcodes['DMMA']).toBeUndefined();
    // An IMMA reading an FFMA result waits B100's 7 plus NAK's RTX padding of 5 (nak-sm120-imma): FFMA's slowest reader.
    expect(consumer.opcodes['FFMA']).toMatchObject({ latency: 12 });
    expect(consumer.queues['fp64']?.ordered).toBe(true);
    expect(consumer.queues['shuffle']?.ordered).toBe(true);
    expect(consumer.opcodes['SHFL']).toMatchObject({ queue: 'shuffle' });
  });

  it('every fixed opcode of the new tables has a writer row and every opcode a class, except conservative ones', () => {
    for (const name of ['sm_89', 'sm_100', 'sm_120']) {
      const entry = table(name);
      const matrices = entry.readAfterWrite!;
      for (const [opcode, info] of Object.entries(entry.opcodes)) {
        if (info.source === 'conservative') {
          // Entries made by `conservative()` have none; the Volta family's QSPC and LEPC keep theirs.
          if (info.queue === 'unknown') expect(info.latencyClass, `${name} ${opcode}`).toBeUndefined();
          continue;
        }
        expect(info.latencyClass, `${name} ${opcode}`).toBeDefined();
        // A tensor-core MMA's results reach the next instruction (latency 1): it needs no row.
        if (info.kind !== 'fixed' || info.source === 'ptxas-mma-next-instruction') continue;
        const klass = info.latencyClass!;
        expect(matrices.general?.[klass] ?? matrices.uniform?.[klass], `${name} ${opcode} writer class ${klass}`).toBeDefined();
      }
    }
  });

  it('the opcodes no source describes are exactly the conservative entries listed in SOURCES.conservative, or placed in a class by compiler output', () => {
    // cp.async.mbarrier.arrive: no register result, no source times it (as on sm_90).
    expect(conservativeOpcodes(table('sm_89'))).toEqual(['ARRIVES', 'QSPC']);
    // No register operand (griddepcontrol, cluster barriers, the TMA flush, wgmma's fences) or nothing shown (DMMA, scoreboarded by ptxas).
    expect(conservativeOpcodes(table('sm_90'))).toEqual(['ACQBULK', 'ARRIVES', 'CGAERRBAR', 'DMMA', 'ENDCOLLECTIVE', 'FENCE', 'LEPC', 'MOVM', 'PREEXIT', 'QSPC', 'UCGABAR_ARV', 'UCGABAR_WAIT', 'USETMAXREG', 'UTMACMDFLUSH', 'WARPGROUP']);
    const blackwell = ['BMMA', 'CS2UR', 'I2FP', 'IADD', 'QSPC', 'STSM', 'UFSEL', 'UI2F', 'UI2FP', 'VIMNMX'];
    expect(conservativeOpcodes(table('sm_100'))).toEqual(blackwell);
    // sm_120's listings show every one but BMMA in use: each is placed in the class they fit, a proof-side bound.
    expect(conservativeOpcodes(table('sm_120'))).toEqual(['BMMA', 'QSPC']);
    const inferred = (name: string) => Object.entries(table(name).opcodes).filter(([, info]) => provenanceOf(info.source) === 'inferred-bound').map(([opcode]) => opcode).sort();
    // IMMA: B100's figures with NAK's RTX padding, an upper bound only (nak-sm120-imma).
    expect(inferred('sm_120')).toEqual(['CS2UR', 'I2FP', 'IADD', 'IMMA', 'STSM', 'UFSEL', 'UI2F', 'UI2FP', 'VIMNMX']);
    expect(table('sm_120').opcodes['IMMA']?.source).toBe('nak-sm120-imma');
    // The tensor-core MMAs: ptxas -O0 reads their results in the next instruction (ptxas-mma-next-instruction).
    // VABSDIFF: the ALU class every ptxas use fits (ptxas-vabsdiff-class).
    expect(inferred('sm_89')).toEqual(['BMMA', 'DMMA', 'HMMA', 'I2FP', 'IMMA', 'VABSDIFF']);
    for (const opcode of ['BMMA', 'DMMA', 'HMMA', 'IMMA']) expect(table('sm_89').opcodes[opcode]?.source, opcode).toBe('ptxas-mma-next-instruction');
    expect(inferred('sm_90')).toContain('I2FP');
    for (const opcode of ['SYNCS', 'FENCE', 'CGAERRBAR', 'ENDCOLLECTIVE', 'I2FP', 'BMMA']) {
      expect(SOURCES.conservative).toContain(opcode);
    }
    for (const opcode of inferred('sm_120').filter((name) => name !== 'IMMA')) expect(SOURCES['corpus-sm120-classes']).toContain(`${opcode} (`);
    for (const name of ['sm_100', 'sm_120']) {
      expect(table(name).opcodes['STSM']).toMatchObject({ kind: 'variable', queue: 'unknown', destinations: 0, operands: 'matrixStore' });
      expect(table(name).opcodes['STSM']).not.toHaveProperty('sourceWidth');
    }
  });
});

// ---- corpus ----------------------------------------------------------------------------------

/** Files of the corpus folders holding dumps of the recent architectures. */
const DUMP_FOLDERS = ['sass-king', 'simpetre-cuassembler', 'nvaa'];

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function dumpFiles(): string[] {
  return DUMP_FOLDERS.map((folder) => join(corpus, folder))
    .filter(existsSync)
    .flatMap(walk)
    .filter((file) => /\.sass(\.txt)?$/.test(file))
    .sort();
}

/**
 * Base opcodes per architecture, read crudely: the architecture from `arch = sm_XX` (cuobjdump)
 * or an `EF_CUDA_SMXX` header flag (nvaa's nvdisasm dumps), the opcode as the first word after
 * an instruction's `/*0120*\/` offset and an optional guard, its modifiers dropped.
 */
function corpusOpcodes(): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  for (const file of dumpFiles()) {
    let architecture: string | null = null;
    const text = readFileSync(file, 'utf8');
    // cuobjdump states `arch = sm_120a` before a header flag naming only the base architecture.
    const statement = /\barch = /.test(text) ? /\barch = (sm_\w+)/ : /\bEF_CUDA_SM(\d+a?)\b/;
    text.split('\n').forEach((line, index) => {
      const stated = statement.exec(line);
      if (stated) {
        architecture = stated[1]!.startsWith('sm_') ? stated[1]! : `sm_${stated[1]!}`;
        return;
      }
      const instruction = /^\s*\/\*[0-9a-fA-F]{4,}\*\/\s+(?:@!?U?P[0-7T]\s+)?([A-Z][A-Z0-9_]*)(?=[.\s;])/.exec(line);
      if (!instruction || architecture === null || /^\s*\/\*[0-9a-fA-F]+\*\/\s+\./.test(line)) return;
      const opcodes = found.get(architecture) ?? new Map<string, string>();
      if (!opcodes.has(instruction[1]!)) opcodes.set(instruction[1]!, `${relative(corpus, file)}:${index + 1}`);
      found.set(architecture, opcodes);
    });
  }
  return found;
}

describe.runIf(haveCorpus)('recent architectures in the corpus', () => {
  const opcodes = haveCorpus ? corpusOpcodes() : new Map<string, Map<string, string>>();

  it('the dumps of sm_89, sm_90, sm_120 and sm_120a are found', () => {
    for (const architecture of ['sm_89', 'sm_90', 'sm_120', 'sm_120a']) expect(opcodes.get(architecture)?.size ?? 0, architecture).toBeGreaterThan(20);
  });

  it('every opcode of every dump is in its architecture table', () => {
    const missing: string[] = [];
    for (const [architecture, seen] of opcodes) {
      const entry = architectureTable(architecture);
      if (entry === undefined) {
        missing.push(`${architecture}: no table`);
        continue;
      }
      for (const [opcode, where] of seen) if (!Object.hasOwn(entry.opcodes, opcode)) missing.push(`${where}: ${opcode} not in ${entry.name}`);
    }
    expect(missing).toEqual([]);
    // The tensor-core opcodes are there, each in the table of its dump.
    expect([...opcodes.get('sm_120a')!.keys()]).toEqual(expect.arrayContaining(['HMMA', 'QMMA', 'OMMA', 'LDSM', 'STSM', 'LDGSTS', 'LDGDEPBAR']));
    expect([...opcodes.get('sm_90')!.keys()]).toEqual(expect.arrayContaining(['SYNCS', 'DFMA', 'HFMA2', 'ULDC']));
  });

  /**
   * ptxas' stall counts against the tables' pair latencies, in straight-line code, for the
   * cuobjdump dumps of sm_89 and sm_120. Readers and writers with conservative entries wait a
   * writer's full latency by design and are left out. None is short: IMAD.WIDE's result halves
   * and operand positions have their own classes (ALU readers of the low half after 3 cycles,
   * C reads after 2), and QMMA's fragments are as wide as the PTX ISA's FP8/FP6/FP4 layouts.
   */
  it("ptxas' own stall counts cover every fixed-latency read-after-write by the pair latencies", () => {
    const short: string[] = [];
    let kernels = 0;
    for (const file of dumpFiles().filter((name) => !name.includes(`${join(corpus, 'nvaa')}`))) {
      // Some dumps hold an sm_120a and an sm_120 ELF of the same kernels; both select the sm_120 table.
      const text = readFileSync(file, 'utf8').replace(/\bsm_120a\b/g, 'sm_120');
      let listing;
      try {
        listing = parseCuobjdump(text, file);
      } catch (error) {
        if (error instanceof InputError) continue;
        throw error;
      }
      const entry = architectureTable(listing.architecture ?? '');
      if (entry === undefined) continue;
      for (const kernel of listing.kernels) {
        kernels++;
        short.push(...shortReads(kernel, entry, (text) => entry.opcodes[text.replace(/^@!?U?P\w+\s+/, '').split(/[.\s]/)[0]!]?.source === 'conservative').map((text) => `${relative(corpus, file)}: ${text}`));
      }
    }
    expect(kernels).toBeGreaterThan(200);
    expect(short).toEqual([]);
  });
});
