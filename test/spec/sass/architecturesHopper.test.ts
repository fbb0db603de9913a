/**
 * The sm_90 facts ptxas 12.5's output places in a class (corpus-sm90-classes, corpus-sm90-mma,
 * corpus-sm90-uniform-reads) and the sm_120 IMMA padding of NAK's later RTX code
 * (nak-sm120-imma): each cites a key of SOURCES of the intended kind, the figures are those the
 * citation states, and a counterexample never rests on them.
 */
import { describe, expect, it } from 'vitest';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';
import { SOURCES } from '../../../spec/sass/architectures/sources.js';
import { SOURCE_PROVENANCE, provenanceOf } from '../../../spec/sass/architectures/provenance.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { COUPLED_RESULT_FLOOR } from '../../../spec/sass/architectures/voltaPlus.js';
import { fixture, mutate, verdicts } from './ptxasFixtures.js';

const table = (name: string): ArchitectureTable => architectureTable(name)!;
const hopper = table('sm_90');

describe('sm_90: what ptxas 12.5 output shows', () => {
  it('the new keys are cited with their kind', () => {
    expect(SOURCE_PROVENANCE['corpus-sm90-classes']).toBe('inferred-bound');
    expect(SOURCE_PROVENANCE['corpus-sm90-mma']).toBe('inferred-bound');
    expect(SOURCE_PROVENANCE['corpus-sm90-uniform-reads']).toBe('inferred');
    expect(SOURCE_PROVENANCE['nak-sm120-imma']).toBe('inferred-bound');
    for (const key of ['corpus-sm90-classes', 'corpus-sm90-mma', 'corpus-sm90-uniform-reads']) {
      expect(SOURCES[key as keyof typeof SOURCES]).toContain('ptxas 12.5.40');
      expect(SOURCES[key as keyof typeof SOURCES]).toContain('examples/ptx/hopper');
    }
  });

  it('HMMA, IMMA and BMMA are fixed-latency, never scoreboarded (corpus-sm90-mma), their results reaching the next instruction (ptxas-mma-next-instruction)', () => {
    expect(hopper.opcodes['HMMA']).toMatchObject({ kind: 'fixed', latency: 1, latencyClass: 'hmma', operands: 'matrix', source: 'ptxas-mma-next-instruction' });
    expect(hopper.opcodes['IMMA']).toMatchObject({ kind: 'fixed', latency: 1, latencyClass: 'imma', operands: 'matrix', source: 'ptxas-mma-next-instruction' });
    expect(hopper.opcodes['BMMA']).toMatchObject({ kind: 'fixed', latency: 1, latencyClass: 'imma', operands: 'matrix', source: 'ptxas-mma-next-instruction' });
    expect(SOURCE_PROVENANCE['ptxas-mma-next-instruction']).toBe('inferred-bound');
    const citation = SOURCES['corpus-sm90-mma'];
    for (const figure of ['HMMA.16816 -> MMA 24', 'HMMA.SP.16832 -> FADD 24', 'IMMA.16832 -> IMMA 24', 'IMMA.8816 -> IMAD 13', 'BMMA.168256 -> IADD3 25', 'HMMA (83 instructions), IMMA (59) or BMMA (9)']) {
      expect(citation).toContain(figure);
    }
    // ptxas scoreboards every DMMA: it stays conservative.
    expect(hopper.opcodes['DMMA']?.source).toBe('conservative');
    expect(citation).toContain('every DMMA, 12 of 12');
  });

  it('the opcodes ptxas never scoreboards are placed in the class every use fits (corpus-sm90-classes)', () => {
    const matrices = hopper.readAfterWrite!;
    const slowest = (row: Readonly<Record<string, number>> | undefined) => Math.max(...Object.values(row!));
    const expected: Record<string, string> = { VIADD: 'fma', VIMNMX: 'alu', VIMNMX3: 'alu', VHMNMX: 'alu', ELECT: 'alu' };
    for (const [opcode, klass] of Object.entries(expected)) {
      expect(hopper.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latencyClass: klass, source: 'corpus-sm90-classes' });
      expect(hopper.opcodes[opcode]?.latency, opcode).toBe(slowest(matrices.general?.[klass]));
      expect(hopper.opcodes[opcode]?.predicateLatency, opcode).toBe(slowest(matrices.predicate?.[klass]));
      expect(SOURCES['corpus-sm90-classes']).toContain(`${opcode} (`);
    }
    expect(hopper.opcodes['ELECT']).toMatchObject({ destinations: 2 });
    // I2FP is in alu, as on sm_86 and sm_89: ptxas's own sm_90 output fits only alu, the nvaa dumps fit it too.
    expect(hopper.opcodes['I2FP']).toMatchObject({ kind: 'fixed', latencyClass: 'alu', source: 'ptxas-sm90-classes' });
    expect(hopper.opcodes['I2FP']?.latency).toBe(slowest(matrices.general?.['alu']));
    expect(SOURCES['ptxas-sm90-classes']).toContain('I2FP (');
  });

  it('R2UR is fixed with B100\'s r2ur row as its bound, reading its GPR as Ampere\'s Decoupled readers', () => {
    const matrices = hopper.readAfterWrite!;
    expect(hopper.opcodes['R2UR']).toMatchObject({ kind: 'fixed', latency: 15, latencyClass: 'r2ur', source: 'corpus-sm90-classes' });
    // The same figures as the B100 table (nak-sm100 ureg_raw.csv: 13, 15 to ULDC readers).
    const b100 = table('sm_100').readAfterWrite!.uniform!['r2ur']!;
    for (const reader of ['alu', 'fma', 'decoupled', 'memory', 'cbu', 'udp', 'umov', 'uldc']) expect(matrices.uniform?.['r2ur']?.[reader], reader).toBe(b100[reader]);
    expect(matrices.uniform?.['r2ur']).toMatchObject({ alu: 13, memory: 13, uldc: 15 });
    for (const [writer, row] of Object.entries(matrices.general!)) expect(row['r2ur'], writer).toBe(row['decoupled']);
    expect(SOURCES['corpus-sm90-classes']).toContain('R2UR (250, 0;');
  });

  it('the FP16 pipe takes Ampere\'s fp16 figures as bounds', () => {
    const ampere = table('sm_86').readAfterWrite!;
    const matrices = hopper.readAfterWrite!;
    expect(matrices.general?.['fp16']).toEqual({ ...ampere.general?.['fp16'], r2ur: ampere.general?.['fp16']?.['decoupled'] });
    expect(matrices.predicate?.['fp16']).toEqual(ampere.predicate?.['fp16']);
    for (const opcode of ['HADD2', 'HFMA2', 'HMNMX2']) expect(hopper.opcodes[opcode]?.source, opcode).toBe('corpus-sm90-ampere');
  });

  it('memory and sync-unit operations stay variable; stores read fixed results as the class ptxas fits', () => {
    expect(hopper.opcodes['REDG']).toMatchObject({ kind: 'variable', queue: 'global', operands: 'reduction', latencyClass: 'memory', source: 'nak-sm90-scoreboards' });
    expect(hopper.opcodes['LDGMC']).toMatchObject({ kind: 'variable', queue: 'global', operands: 'load', source: 'nak-sm90-scoreboards' });
    // LDSM: a shared-memory load ptxas relies on completing in issue order (corpus-sm90-ldsm-order).
    expect(hopper.opcodes['LDSM']).toMatchObject({ kind: 'variable', queue: 'shared', operands: 'matrixLoad', latencyClass: 'memory', source: 'corpus-sm90-ldsm-order' });
    expect(hopper.queues['shared']?.ordered).toBe(true);
    expect(SOURCE_PROVENANCE['corpus-sm90-ldsm-order']).toBe('inferred');
    expect(hopper.opcodes['SYNCS']).toMatchObject({ kind: 'variable', queue: 'unknown', latencyClass: 'decoupled', source: 'corpus-sm90-classes' });
    for (const [opcode, operands] of [['STAS', 'store'], ['REDAS', 'reduction'], ['STSM', 'matrixStore']] as const) {
      expect(hopper.opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'unknown', destinations: 0, operands, latencyClass: 'memory', source: 'corpus-sm90-classes' });
    }
    for (const opcode of ['ACQBULK', 'PREEXIT', 'UCGABAR_ARV', 'UCGABAR_WAIT', 'UTMACMDFLUSH', 'WARPGROUP']) {
      expect(hopper.opcodes[opcode], opcode).toEqual({ kind: 'none', source: 'conservative' });
    }
  });

  it('the TMA and bulk-copy ops read their uniform register groups after issue, released by their read scoreboards (ptxas-sm90-tma)', () => {
    for (const opcode of ['UTMALDG', 'UTMASTG', 'UTMAREDG', 'UTMAPF', 'UTMACCTL', 'UBLKCP', 'UBLKRED', 'UBLKPF']) {
      expect(hopper.opcodes[opcode], opcode).toEqual({ kind: 'variable', queue: 'tma', operands: 'bulkCopy', destinations: 0, latencyClass: 'decoupled', source: 'ptxas-sm90-tma' });
    }
    expect(hopper.queues['tma']).toEqual({ ordered: false, source: 'ptxas-sm90-tma' });
    expect(SOURCE_PROVENANCE['ptxas-sm90-tma']).toBe('inferred');
    expect(SOURCES['ptxas-sm90-tma']).toContain('line 2631 UTMALDG.5D [UR8], [UR16]');
  });

  it('vector instructions read their uniform registers at issue, on both sides', () => {
    expect(hopper.uniformSourcesAtIssue).toBe('corpus-sm90-uniform-reads');
    expect(SOURCES['corpus-sm90-uniform-reads']).toContain('line 25 LDG.E.128 R4, desc[UR4][R2.64] sets no read scoreboard and line 27 S2UR UR5');
  });

  it('a DEPBAR sees a scoreboard the cycle after it is set, as on Volta to Ada (ptxas 11.8 relies on it for sm_90)', () => {
    expect(hopper.depbarVisibilityDelay).toBe(1);
    expect(hopper.depbarVisibilityDelaySource).toBe('ptxas-depbar-visibility');
    expect(SOURCES['ptxas-depbar-visibility']).toContain('shfl-sync-p.ll shfl_sync_f32_iii /*0040*/ SHFL.DOWN P0');
    // A wait mask still needs 2 cycles.
    expect(hopper.visibilityDelay).toBe(2);
  });

  it('NVIDIA\'s least figure is a counterexample\'s floor for upper-bound entries, VOTEU and tensor-core ops left out', () => {
    expect(COUPLED_RESULT_FLOOR).toBe(2);
    expect(SOURCE_PROVENANCE['nvidia-coupled-floor']).toBe('inferred');
    expect(SOURCES['nvidia-coupled-floor']).toContain('140,899');
    for (const name of ['sm_70', 'sm_90', 'sm_120']) {
      const table = architectureTable(name)!;
      const side = counterexampleSide(table).table;
      for (const [opcode, info] of Object.entries(table.opcodes)) {
        if (info.kind !== 'fixed' || info.counterexample?.source !== 'nvidia-coupled-floor') continue;
        expect(opcode === 'VOTEU' || /MMA$/.test(opcode), `${name} ${opcode}`).toBe(false);
        expect(['inferred-bound', 'conservative'], `${name} ${opcode}`).toContain(provenanceOf(info.source));
        expect(side.opcodes[opcode], `${name} ${opcode}`).toMatchObject({ kind: 'fixed', latency: 2 });
      }
    }
    // A stall-1 reader of an upper-bound result is a hazard a counterexample shows; IMAD's 7 on the proof side stays a bound.
    expect(counterexampleSide(hopper).table.opcodes['IMAD']).toMatchObject({ kind: 'fixed', latency: 2 });
  });

  it('a counterexample never rests on the inferred figures: each such entry is ready after NVIDIA\'s least figure there (the next cycle for tensor-core ops)', () => {
    const side = counterexampleSide(hopper);
    for (const opcode of ['HMMA', 'IMMA', 'BMMA', 'VIADD', 'VIMNMX', 'ELECT', 'R2UR', 'SYNCS', 'STAS']) {
      expect(provenanceOf(hopper.opcodes[opcode]!.source), opcode).toBe('inferred-bound');
      expect(side.opcodeGaps.has(opcode), opcode).toBe(true);
      // Variable-latency entries (SYNCS, STAS) and tensor-core ops: the next cycle; coupled ones: the floor.
      expect(side.table.opcodes[opcode], opcode).toMatchObject({ kind: 'fixed', latency: /MMA$/.test(opcode) || hopper.opcodes[opcode]!.kind !== 'fixed' ? 1 : COUPLED_RESULT_FLOOR });
    }
    // Sourced classification (NAK's rule) stays on both sides.
    expect(side.table.opcodes['REDG']).toBe(hopper.opcodes['REDG']);
  });
});

describe('sm_120: IMMA pairs with NAK\'s RTX padding, proof side only', () => {
  const datacenter = table('sm_100').readAfterWrite!.general!;
  const consumer = table('sm_120').readAfterWrite!.general!;

  it('an IMMA writer or reader takes B100\'s figure plus 5 (an HMMA reader of an IMMA result plus 9)', () => {
    for (const [reader, figure] of Object.entries(datacenter['imma']!)) {
      expect(consumer['imma']?.[reader], `imma -> ${reader}`).toBe(figure + (reader === 'hmma' ? 9 : 5));
    }
    for (const writer of ['alu', 'fma', 'fp16', 'hfma2mma', 'disp64']) {
      expect(consumer[writer]?.['imma'], `${writer} -> imma`).toBe(datacenter[writer]!['imma']! + 5);
      // Other readers keep the unpadded B100 figures ptxas schedules them at.
      expect(consumer[writer]?.['alu'], `${writer} -> alu`).toBe(datacenter[writer]!['alu']);
    }
    expect(consumer['alu']).toMatchObject({ imma: 12, hmma: 7 });
    expect(consumer['imma']).toMatchObject({ alu: 24, imma: 25, hmma: 29 });
    // B100 itself is NVIDIA's figures unpadded.
    expect(datacenter['imma']).toMatchObject({ alu: 19, imma: 20 });
    expect(datacenter['alu']).toMatchObject({ imma: 7 });
  });

  it('IMMA cites NAK\'s later padding, an upper bound a counterexample does not use', () => {
    const consumerTable = table('sm_120');
    expect(consumerTable.opcodes['IMMA']).toMatchObject({ kind: 'fixed', latency: 29, latencyClass: 'imma', source: 'nak-sm120-imma' });
    expect(table('sm_100').opcodes['IMMA']).toMatchObject({ kind: 'fixed', latency: 20, source: 'nak-sm100' });
    expect(SOURCES['nak-sm120-imma']).toContain('RegLatencySM100::raw(write_latency, read_latency, false) + 5');
    expect(SOURCES['nak-sm120-imma']).toContain('@0e1761ccbe73393c527db6bf2aeb16c7f12deeca');
    const side = counterexampleSide(consumerTable);
    expect(side.table.opcodes['IMMA']).toMatchObject({ kind: 'fixed', latency: 1 });
  });
});

describe('Hopper warpgroup MMAs (wgmma on sm_90a, ptxas 12.5)', () => {
  const kinds = fixture('ptxas-12.5.wgmma-kinds.sm_90a.O3.sass');
  const loop = fixture('ptxas-12.5.wgmma-loop.sm_90a.O3.sass');

  it('ptxas\'s wgmma kernels are proved safe: a group of three shapes, and a pipelined loop keeping one group in flight', () => {
    expect(verdicts(kinds, 'wgmma-kinds.sm_90a.sass')).toEqual({ wg2: 'proved-safe' });
    // Consecutive HGMMAs of one shape on R24 with a group still pending (WARPGROUP.DEPBAR.LE gsb0, 0x1).
    expect(verdicts(loop, 'wgmma-loop.sm_90a.sass')).toEqual({ wg: 'proved-safe' });
  });

  it('without the final WARPGROUP.DEPBAR, or waiting for all but one group, the STG reads R24 in flight: a hazard', () => {
    expect(verdicts(mutate(kinds, 'WARPGROUP.DEPBAR.LE gsb0, 0x0 ;', 'NOP ;'), 'mutant.sm_90a.sass')['wg2']).toBe('hazard');
    expect(verdicts(mutate(kinds, 'WARPGROUP.DEPBAR.LE gsb0, 0x0 ;', 'WARPGROUP.DEPBAR.LE gsb0, 0x1 ;'), 'mutant.sm_90a.sass')['wg2']).toBe('hazard');
  });

  it('without the WARPGROUP.ARRIVE\'s wait on the LDGs, the HGMMA reads its A registers in flight: a hazard', () => {
    expect(verdicts(mutate(kinds, '0x004fcc0000000000', '0x000fcc0000000000'), 'mutant.sm_90a.sass')['wg2']).toBe('hazard');
  });

  it('a wgmma of another shape reading the accumulator of one in flight is not proved (the PTX ISA orders one shape only)', () => {
    const other = mutate(loop, '/*0310*/                   HGMMA.64x32x16.F32', '/*0310*/                   HGMMA.64x16x16.F32');
    expect(verdicts(other, 'mutant.sm_90a.sass')['wg']).not.toBe('proved-safe');
  });

  it('HGMMA, IGMMA, QGMMA and BGMMA go through a serial gmma queue (ptx-wgmma), reading fixed results as decoupled readers on the proof side only', () => {
    for (const opcode of ['HGMMA', 'IGMMA', 'QGMMA', 'BGMMA']) {
      expect(hopper.opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'gmma', operands: 'warpgroupMatrix', latencyClass: 'decoupled', source: 'ptx-wgmma' });
      expect(counterexampleSide(hopper).table.opcodes[opcode], opcode).toMatchObject({ kind: 'variable', queue: 'gmma', latencyClass: 'earliest-reader' });
    }
    expect(hopper.queues['gmma']).toEqual({ ordered: true, source: 'ptx-wgmma', serial: 'ptx-wgmma' });
    expect(SOURCE_PROVENANCE['ptx-wgmma']).toBe('documentation');
    expect(SOURCES['ptx-wgmma']).toContain('an ordering guarantee is provided by default');
    expect(SOURCES['ptx-wgmma']).toContain('line 103 HGMMA.64x32x16.F32 R24, gdesc[UR16], R24, gsb0, line 105 UIADD3.64 UR16, UR8, UR6, URZ');
  });
});

describe('Hopper TMA and bulk copies (cp.async.bulk.tensor, cp.async.bulk and their reduce and prefetch forms; ptxas 12.5, sm_90)', () => {
  // examples/ptx/hopper/tma.ptx: one kernel per form, and a pipelined loop (tma_pipe).
  const o3 = fixture('ptxas-12.5.tma.sm_90.O3.sass');

  it('every kernel ptxas scheduled is proved safe, at -O3 and -O0 (unknown before: the ops were outside the table)', () => {
    const all = verdicts(o3, 'tma.sm_90.O3.sass');
    expect(Object.keys(all)).toHaveLength(57);
    expect(new Set(Object.values(all))).toEqual(new Set(['proved-safe']));
    expect(verdicts(fixture('ptxas-12.5.tma.sm_90.O0.sass'), 'tma.sm_90.O0.sass')).toEqual({ tma_pipe: 'proved-safe' });
  });

  it('without the wait on the UTMASTG\'s read scoreboard, the UMOV overwriting its group is a hazard', () => {
    // Line 91 UMOV UR7, 0x1: its wait on scoreboard 3 (line 87 UTMASTG.3D [UR4], [UR8] reads UR4..UR7) cleared.
    const mutant = mutate(o3, '/* 0x0000000100077882 */\n                                                                                                 /* 0x008fe20000000000 */', '/* 0x0000000100077882 */\n                                                                                                 /* 0x000fe20000000000 */');
    expect(verdicts(mutant, 'mutant.sm_90.sass')['tma_pipe']).toBe('hazard');
  });
});

describe('a warp-specialized GEMM as CUTLASS builds them (sm_90a, ptxas 12.5): TMA producer, wgmma consumers, an mbarrier pipeline, setmaxnreg', () => {
  // examples/ptx/hopper/ws.ptx: one producer warp issuing UTMALDGs into four stages, two consumer
  // warpgroups waiting on the full barriers, two HGMMAs (B transposed: gdesc[UR16].tnspB) per
  // stage, arriving on the empty barriers, and a TMA store epilogue.
  const o3 = fixture('ptxas-12.5.ws.sm_90a.O3.sass');

  it('is proved safe at -O3 and -O0 (unknown before: USETMAXREG and the TMA ops outside the table)', () => {
    expect(verdicts(o3, 'ws.sm_90a.O3.sass')).toEqual({ ws_gemm: 'proved-safe' });
    expect(verdicts(fixture('ptxas-12.5.ws.sm_90a.O0.sass'), 'ws.sm_90a.O0.sass')).toEqual({ ws_gemm: 'proved-safe' });
  });

  it('without the WARPGROUP.DEPBAR after the last HGMMA, the epilogue reads the accumulator in flight: a hazard', () => {
    const mutant = o3.replace(/WARPGROUP\.DEPBAR\.LE gsb0, 0x0 ;/g, 'NOP ;');
    expect(verdicts(mutant, 'mutant.sm_90a.sass')).toEqual({ ws_gemm: 'hazard' });
  });

  it('USETMAXREG is conservative: TRY_ALLOC writes its uniform predicate, DEALLOC nothing', () => {
    expect(hopper.opcodes['USETMAXREG']).toEqual({ kind: 'variable', queue: 'unknown', source: 'conservative' });
  });
});
