/**
 * Operand shapes and per-register timing taken from their sources, one line at a time through
 * `instructionEffects`: the FP8/FP6/FP4 MMA fragments (PTX ISA), ldmatrix/stmatrix counts
 * (PTX ISA; the count field of the encoding), IMAD.WIDE's halves and operand positions (NAK's
 * NVIDIA tables), uniform registers read at issue (B100 ureg_war.csv); then the facts only a
 * counterexample may use (an I2F/MUFU order ptxas relies on on sm_120, sm_75's load/store
 * readers at NAK's own figure), each making its hazard `unknown`, naming it.
 */
import { describe, expect, it } from 'vitest';
import { checkCuasmLines } from '../../impl/sass/checkCuasmLines.js';
import { line, table } from './listedLine.js';
import { parseCuasm } from '../../../format/sass/cuasm.js';
import { lowerKernel } from '../../../format/sass/lower.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { counterexampleSide } from '../../../spec/sass/architectures/counterexample.js';
import { provenanceOf } from '../../../spec/sass/architectures/provenance.js';
import { SOURCES } from '../../../spec/sass/architectures/sources.js';
import { instructionEffects, type InstructionEffects } from '../../../spec/sass/effects.js';
import { fragmentWidths } from '../../../spec/sass/vectorOperands.js';
import { IMAD_WIDE_CLASSES, matrixRegisters } from '../../../spec/sass/operandShapes.js';
import { landingLatency, readLatency } from '../../../spec/sass/latency.js';
import { readAfterWriteLatency } from '../../../spec/sass/pairLatency.js';

const SM75 = table('sm_75');
const SM80 = table('sm_80');
const SM89 = table('sm_89');
const SM70 = table('sm_70');
const SM90 = table('sm_90');
const SM100 = table('sm_100');
const SM120 = table('sm_120');

const fx = (text: string, arch: ArchitectureTable = SM120): InstructionEffects => instructionEffects(line(text), arch);
const regs = (text: string, arch: ArchitectureTable = SM120) => {
  const e = fx(text, arch);
  return { w: [...e.destinations], r: [...e.sources] };
};
const range = (first: number, count: number, file = 'R') => Array.from({ length: count }, (_, index) => `${file}${first + index}`);

describe('FP8/FP6/FP4 MMA fragments (PTX ISA mma and mma.sp, .kind::f8f6f4 and .kind::mxf4nvf4)', () => {
  it('QMMA.16832 E4M3/E2M1/E3M2: A 4 registers, B 2, C and D 4 with F32 (the widths do not come from the accumulator type)', () => {
    for (const types of ['E4M3.E4M3', 'E4M3.E5M2', 'E2M1.E2M1', 'E3M2.E2M3', 'E2M3.E3M2', 'E4M3.E2M1']) {
      expect(regs(`QMMA.16832.F32.${types} R16, R4, R2.reuse, R16`), types).toEqual({ w: range(16, 4), r: [...range(4, 4), 'R2', 'R3', ...range(16, 4)] });
    }
    expect(fragmentWidths('QMMA', ['16832', 'F32', 'E2M1', 'E2M1'])).toEqual({ d: 4, a: 4, b: 2 });
  });

  it('the corpus case: QMMA.16832.F32.E2M1.E2M1 R12, R16, R12, RZ reads A as R16..R19, never R21', () => {
    const { r } = regs('QMMA.16832.F32.E2M1.E2M1 R12, R16, R12, RZ');
    expect(r).toEqual([...range(16, 4), 'R12', 'R13']);
    expect(r).not.toContain('R21');
  });

  it('an F16 accumulator is 2 registers', () => {
    expect(regs('QMMA.16832.F16.E4M3.E4M3 R16, R4, R2, R16')).toEqual({ w: ['R16', 'R17'], r: [...range(4, 4), 'R2', 'R3', 'R16', 'R17'] });
  });

  it('.SP (2:4 sparse A, m16n8k64): A 4 registers, B 4, the metadata one register, the selector none', () => {
    expect(regs('QMMA.SP.16864.F32.E4M3.E4M3 R8, R4, R12.reuse, R8, R20, 0x0')).toEqual({ w: range(8, 4), r: [...range(4, 4), ...range(12, 4), ...range(8, 4), 'R20'] });
    expect(fragmentWidths('QMMA', ['SP', '16864', 'F16', 'E3M2', 'E2M1'])).toEqual({ d: 2, a: 4, b: 4 });
  });

  it('.kind::mxf4nvf4 (OMMA, E2M1 packed, no container): m16n8k64 A 4 and B 2, sparse m16n8k128 A 4 and B 4; scale factors one register each', () => {
    expect(regs('OMMA.SF.16864.F32.E2M1.E2M1.UE4M3.4X R8, R4, R2.reuse, R8, R20, R21.reuse, URZ')).toEqual({ w: range(8, 4), r: [...range(4, 4), 'R2', 'R3', ...range(8, 4), 'R20', 'R21'] });
    expect(regs('OMMA.SF.SP.168128.F32.E2M1.E2M1.UE4M3.4X R8, R4, R12, RZ, R20, R21, URZ, 0x0')).toEqual({ w: range(8, 4), r: [...range(4, 4), ...range(12, 4), 'R20', 'R21'] });
  });

  it('block-scaled .kind::mxf8f6f4 (QMMA.SF ... .E8): the scale type is no element type', () => {
    expect(regs('QMMA.SF.16832.F32.E4M3.E4M3.E8 R8, R4, R2, RZ, R20, R21, URZ')).toEqual({ w: range(8, 4), r: [...range(4, 4), 'R2', 'R3', 'R20', 'R21'] });
  });

  it('the other MMAs keep their fragments: HMMA.16816.F32.BF16, IMMA.16832.S8.S8, an unreadable shape at its widest', () => {
    expect(regs('HMMA.16816.F32.BF16 R8, R4, R2, RZ')).toEqual({ w: range(8, 4), r: [...range(4, 4), 'R2', 'R3'] });
    expect(regs('IMMA.16832.S8.S8 R4, R8, R12, R4', SM80).r).toHaveLength(4 + 4 + 2);
    expect(fragmentWidths('QMMA', ['F32', 'E4M3', 'E4M3'])).toBeNull();
  });
});

describe('warpgroup MMAs (wgmma, sm_90a): accumulator from the shape, A in registers, both descriptors', () => {
  it('HGMMA.64x256x16.F32 writes 128 registers; F16 accumulators pack two per register; IGMMA is S32', () => {
    expect(regs('HGMMA.64x256x16.F32.BF16 R24, gdesc[UR8], RZ, !UPT', SM90)).toEqual({ w: range(24, 128), r: range(8, 4, 'UR') });
    expect(regs('HGMMA.64x64x16.F16 R184, R200, gdesc[UR8], RZ, !UPT', SM90)).toEqual({ w: range(184, 16), r: [...range(200, 4), ...range(8, 4, 'UR')] });
    expect(regs('IGMMA.64x64x32.S8.S8 R152, gdesc[UR8], RZ, !UPT, gsb0', SM90).w).toEqual(range(152, 32));
  });

  it('C is read as wide as D; an unreadable shape takes the widest accumulator', () => {
    expect(regs('HGMMA.64x32x16.F32 R24, gdesc[UR4], R24, gsb0', SM90)).toEqual({ w: range(24, 16), r: [...range(4, 4, 'UR'), ...range(24, 16)] });
    expect(regs('HGMMA.F32 R24, gdesc[UR4], RZ, !UPT', SM90).w).toHaveLength(128);
  });

  it('a transposed operand\'s suffix (gdesc[UR16].tnspB) names no register: both descriptors are still read', () => {
    // ptxas 12.5 for wgmma with imm-trans-b 1 (examples/ptx/hopper/ws.ptx); UR16 alone would hide UR17..UR19.
    expect(regs('HGMMA.64x128x16.F32.BF16 R24, gdesc[UR16].tnspB, R24, UP0, gsb0', SM90).r).toEqual([...range(16, 4, 'UR'), ...range(24, 64), 'UP0']);
  });
});

describe('TMA and bulk copies (sm_90): uniform register groups read whole (ptxas-sm90-tma)', () => {
  it('UTMALDG.nD reads the destination, the mbarrier and n coordinates, then the tensor map as a pair', () => {
    expect(regs('UTMALDG.2D [UR4], [UR8]', SM90)).toEqual({ w: [], r: [...range(4, 4, 'UR'), 'UR8', 'UR9'] });
    expect(regs('UTMALDG.5D [UR8], [UR16]', SM90)).toEqual({ w: [], r: [...range(8, 7, 'UR'), 'UR16', 'UR17'] });
    // The multicast mask or im2col offsets one register, the cache policy a pair.
    expect(regs('UTMALDG.5D.IM2COL.MULTICAST [UR8], [UR20], UR4, desc[UR18]', SM90).r).toEqual([...range(8, 7, 'UR'), 'UR20', 'UR21', 'UR4', 'UR18', 'UR19']);
  });

  it('stores and reductions read the source and n coordinates, prefetches n coordinates, UTMACCTL a 64-bit address', () => {
    expect(regs('UTMASTG.5D [UR8], [UR6], desc[UR4]', SM90).r).toEqual([...range(8, 6, 'UR'), 'UR6', 'UR7', 'UR4', 'UR5']);
    expect(regs('UTMAREDG.2D.ADD [UR12], [UR6]', SM90).r).toEqual([...range(12, 3, 'UR'), 'UR6', 'UR7']);
    expect(regs('UTMAPF.L2.4D [UR12], [UR8], desc[UR6]', SM90).r).toEqual([...range(12, 4, 'UR'), 'UR8', 'UR9', 'UR6', 'UR7']);
    expect(regs('UTMACCTL.PF [UR16]', SM90).r).toEqual(['UR16', 'UR17']);
  });

  it('bulk copies: a destination pair, a shared source one register (the size after it), a global source a pair', () => {
    expect(regs('UBLKCP.S.G [UR4], [UR8], UR6', SM90).r).toEqual(['UR4', 'UR5', 'UR8', 'UR9', 'UR6']);
    expect(regs('UBLKCP.G.S [UR6], [UR4], UR5', SM90).r).toEqual(['UR6', 'UR7', 'UR4', 'UR5']);
    expect(regs('UBLKRED.S.S.ADD [UR8], [UR4], UR6', SM90).r).toEqual(['UR8', 'UR9', 'UR4', 'UR6']);
    expect(regs('UBLKPF.L2 [UR8], UR4, desc[UR6]', SM90).r).toEqual(['UR8', 'UR9', 'UR4', 'UR6', 'UR7']);
  });

  it('a TMA instruction without its dimension reads the widest group (5D)', () => {
    expect(regs('UTMALDG [UR8], [UR16]', SM90).r).toEqual([...range(8, 7, 'UR'), 'UR16', 'UR17']);
  });
});

describe('.64 on an ALU opcode makes every register operand a pair (ptxas for sm_120: IADD.64, MOV.64, UMOV.64)', () => {
  it('writes and reads register pairs, predicates and immediates untouched', () => {
    expect(regs('IADD.64 R2, R2, -UR6')).toEqual({ w: ['R2', 'R3'], r: ['R2', 'R3', 'UR6', 'UR7'] });
    expect(regs('MOV.64 R6, UR4')).toEqual({ w: ['R6', 'R7'], r: ['UR4', 'UR5'] });
    expect(regs('UMOV.64 UR4, 0x3bf921fb54442d19')).toEqual({ w: ['UR4', 'UR5'], r: [] });
    expect(regs('IADD R2, R2, -UR6')).toEqual({ w: ['R2'], r: ['R2', 'UR6'] });
  });

  it('CS2UR writes a uniform pair as CS2R writes a pair (ptxas reads UR6:UR7 after CS2UR UR6, SR_CLOCKLO)', () => {
    expect(regs('CS2UR UR6, SR_CLOCKLO').w).toEqual(['UR6', 'UR7']);
    expect(regs('CS2R R2, SR_CLOCKLO').w).toEqual(['R2', 'R3']);
  });
});

describe('ldmatrix / stmatrix: registers per thread from the count (PTX ISA .x1/.x2/.x4; an unprinted count is .x1)', () => {
  it('LDSM.16.M88 writes 1 register: the element size 16 is no count', () => {
    expect(regs('LDSM.16.M88 R5, [R5+UR4]')).toEqual({ w: ['R5'], r: ['R5', 'UR4'] });
    expect(regs('LDSM.16.M88.2 R4, [R5+0x400]')).toEqual({ w: ['R4', 'R5'], r: ['R5'] });
    expect(regs('LDSM.16.MT88.4 R4, [R0]')).toEqual({ w: range(4, 4), r: ['R0'] });
    expect(regs('LDSM.16.M88 R5, [R2]', SM75).w).toEqual(['R5']);
  });

  it('STSM reads as many data registers: .16.M88 1, .MT88.2 2, .8.MT168.4 (16x8 b8) 4', () => {
    expect(regs('STSM.16.M88 [R7], R0')).toEqual({ w: [], r: ['R7', 'R0'] });
    expect(regs('STSM.16.MT88.2 [R7], R2')).toEqual({ w: [], r: ['R7', 'R2', 'R3'] });
    expect(regs('STSM.8.MT168.4 [R9+0x10], R4')).toEqual({ w: [], r: ['R9', ...range(4, 4)] });
    expect(regs('STSM.8.MT168 [R7], R4').r).toEqual(['R7', 'R4']);
  });

  it('a shape or element size that cannot be read is taken at 4 registers, the most the PTX ISA allows', () => {
    expect(matrixRegisters(['M88'])).toBe(4);
    expect(matrixRegisters(['16', 'M832', '2'])).toBe(4);
    expect(matrixRegisters(['8', 'M1616'])).toBe(2);
  });
});

describe("IMAD.WIDE's result halves and operand positions (NAK: IMADWideWriteDL/DH, ReadAB/CL/CH)", () => {
  const between = (arch: ArchitectureTable, producer: string, register: string, consumer: string) => readAfterWriteLatency(arch, fx(producer, arch), register, fx(consumer, arch));

  it('the registers get their classes: low/high result, A and B, C low and C high (a register in several positions: the slowest)', () => {
    expect(fx('IMAD.WIDE.U32 R2, P0, R4, R5, R2').unit).toMatchObject({
      kind: 'fixed',
      registerClasses: {
        write: { R2: IMAD_WIDE_CLASSES.low, R3: IMAD_WIDE_CLASSES.high },
        read: { R4: IMAD_WIDE_CLASSES.ab, R5: IMAD_WIDE_CLASSES.ab, R2: IMAD_WIDE_CLASSES.cl, R3: IMAD_WIDE_CLASSES.ch },
      },
    });
    expect(fx('IMAD.WIDE R6, R4, 0x4, R4').unit).toMatchObject({ registerClasses: { read: { R4: IMAD_WIDE_CLASSES.ab, R5: IMAD_WIDE_CLASSES.ch } } });
    expect(fx('IMAD R2, R4, R5, R6').unit).not.toHaveProperty('registerClasses');
  });

  it.each([['sm_120', SM120], ['sm_100', SM100], ['sm_80', SM80], ['sm_89', SM89]] as const)('%s: low result to an ALU reader 3, to C low 2; high result to C high 2, to A 6, to an ALU reader 5', (_name, arch) => {
    expect(between(arch, 'IMAD.WIDE.U32 R2, R5, 0x8, R2', 'R2', 'LEA R4, P0, R2.reuse, UR8, 0x2')).toBe(3);
    expect(between(arch, 'IMAD.WIDE.U32 R2, R5, 0x8, R2', 'R3', 'LEA.HI.X R5, R2, UR9, R3, P0')).toBe(5);
    expect(between(arch, 'IMAD.WIDE R4, R3, 0x4, R4', 'R4', 'IMAD.WIDE R6, R0, 0x4, R4')).toBe(2);
    expect(between(arch, 'IMAD.WIDE R4, R3, 0x4, R4', 'R5', 'IMAD.WIDE R6, R0, 0x4, R4')).toBe(2);
    expect(between(arch, 'IMAD.WIDE R4, R3, 0x4, R4', 'R5', 'IMAD.WIDE R6, R5, 0x4, R8')).toBe(6);
    expect(between(arch, 'IMAD.WIDE R4, R3, 0x4, R4', 'R4', 'IMAD.WIDE R6, R4, 0x4, R8')).toBe(4);
    expect(between(arch, 'FFMA R5, R1, R2, R3', 'R5', 'IMAD.WIDE R6, R0, 0x4, R4')).toBe(2);
    expect(between(arch, 'IADD3 R5, R1, R2, RZ', 'R5', 'IMAD.WIDE R6, R0, 0x4, R4')).toBe(3);
    expect(between(arch, 'IADD3 R4, R1, R2, RZ', 'R4', 'IMAD.WIDE R6, R0, 0x4, R4')).toBe(5);
  });

  it('sm_75 (RegLatencySM75): the high result reaches C low after 2, the low result an ALU reader after 3', () => {
    expect(between(SM75, 'IMAD.WIDE R4, R3, 0x4, R4', 'R5', 'IMAD.WIDE R6, R0, 0x4, R4')).toBe(2);
    expect(between(SM75, 'IMAD.WIDE R4, R3, 0x4, R4', 'R4', 'IADD3 R6, R4, 0x1, RZ')).toBe(3);
    expect(between(SM75, 'IMAD R17, R17, c[0x0][0x0], R0', 'R17', 'IMAD.WIDE R18, R17, R18, c[0x0][0x168]')).toBe(4);
  });

  it('sm_90 takes Ampere\'s per-half figures as upper bounds (corpus-sm90-ampere): the low half to the A/B operands as on Ampere', () => {
    expect(between(SM90, 'IMAD.WIDE R4, R3, 0x4, R4', 'R4', 'IMAD.WIDE R6, R0, 0x4, R4')).toBe(between(SM80, 'IMAD.WIDE R4, R3, 0x4, R4', 'R4', 'IMAD.WIDE R6, R0, 0x4, R4'));
  });

  it('through the lowering: reads take the register\'s class, the order of writes (landing) stays the instruction\'s', () => {
    const entry = table('sm_120');
    const kernel = parseCuasm(['\t.section\t.text.k,"ax",@progbits',
      '      [B------:R-:W-:-:S04] /*0000*/ IMAD.WIDE R4, R3, 0x4, R4 ;',
      '      [B------:R-:W-:-:S04] /*0010*/ IMAD.WIDE R6, R0, 0x4, R4 ;',
      '      [B------:R-:W-:-:S04] /*0020*/ FFMA R8, R1, R2, R9 ;',
      '      [B------:R-:W-:-:S04] /*0030*/ EXIT ;'].join('\n'), 'k.cuasm').kernels[0]!;
    const { program } = lowerKernel(kernel, entry, 'sm_120');
    const [wide, next, ffma] = program.instructions as [typeof program.instructions[0], typeof program.instructions[0], typeof program.instructions[0]];
    expect(readLatency(program, wide, 'R4', next, false)).toBe(2);
    expect(readLatency(program, wide, 'R5', next, false)).toBe(2);
    // NAK's write_after_write times a later write after IMAD.WIDE's low half as after any coupled write.
    expect(landingLatency(program, wide, 'R4')).toBe(4);
    expect(landingLatency(program, wide, 'R5')).toBe(4);
    expect(landingLatency(program, ffma, 'R8')).toBe(4);
  });

  it('NAK\'s figures are cited', () => {
    expect(SOURCES['nak-sm100']).toContain('imad_wide_write_dl');
    expect(SOURCES['nak-sm80']).toContain('IMADWideWriteDL');
    expect(SOURCES['nak-sm75']).toContain('IMADWideLower');
  });
});

describe('uniform registers of vector instructions are read at issue on Blackwell (B100 ureg_war.csv)', () => {
  it('LDG reads its descriptor at issue on sm_120 and sm_100 (NAK), and on sm_89 (ptxas 11.8 relies on it), not on sm_70 (no uniform registers, no source)', () => {
    for (const arch of [SM120, SM100, SM89]) expect(fx('@P0 LDG.E.CONSTANT R7, desc[UR4][R4.64+0x4]', arch).readAtIssue).toEqual(['P0', 'UR4', 'UR5']);
    expect(SM89.uniformSourcesAtIssue).toBe('ptxas-uniform-reads');
    expect(SM70.uniformSourcesAtIssue).toBeUndefined();
    expect(fx('LDSM.16.M88 R5, [R5+UR4]').readAtIssue).toEqual(['UR4']);
    expect(SM120.uniformSourcesAtIssue).toBe('nak-sm100');
    expect(SOURCES['nak-sm100']).toContain('ureg_war.csv');
  });

  it('not for to_ur writers (LDCU) nor uniform-datapath instructions, and never the general registers', () => {
    expect(fx('LDCU.64 UR4, c[0x0][UR6]').readAtIssue).toEqual([]);
    expect(fx('LDG.E R2, desc[UR4][R4.64]').readAtIssue).not.toContain('R4');
  });
});

/** Checks a one-kernel .cuasm text under `arch`, proof and counterexample sides both. */
const check = checkCuasmLines;

describe('facts only a counterexample may use', () => {
  it('sm_120: ptxas reads an I2F result after waiting on a later MUFU; both sides take MUFU and the conversions in order, as FP64 ops and shuffles', () => {
    for (const opcode of ['MUFU', 'I2F', 'F2I', 'F2F', 'FRND']) {
      expect(SM120.opcodes[opcode]).toMatchObject({ kind: 'variable', queue: 'sfu' });
      expect(counterexampleSide(SM120).table.opcodes[opcode]).toMatchObject({ kind: 'variable', queue: 'sfu' });
    }
    expect(SM120.queues['sfu']).toEqual({ ordered: true, source: 'corpus-sm120-sfu-order' });
    expect(provenanceOf('corpus-sm120-sfu-order')).toBe('inferred');
    // ptxas 11.8 relies on it on Ampere too (ptxas-sfu-order); the queue of another pipe stays apart.
    expect(SM80.opcodes['I2F']).toMatchObject({ queue: 'sfu' });
    expect(SM80.opcodes['POPC']).toMatchObject({ queue: 'bitops' });
    expect(SM80.opcodes['S2R']).toMatchObject({ queue: 'misc' });
    const result = check('sm_120', [
      '      [B------:R-:W-:-:S04] /*0000*/ I2F.U16.RZ R2, R0 ;',
      '      [B------:R-:W0:-:S02] /*0010*/ MUFU.RCP R4, R4 ;',
      '      [B0-----:R-:W-:Y:S05] /*0020*/ FMUL R3, R3, R4 ;',
      '      [B------:R-:W-:-:S01] /*0030*/ FMUL.RZ R6, R2, R3 ;',
      '      [B------:R-:W-:-:S04] /*0040*/ EXIT ;',
    ]);
    expect(result.verdict).toBe('proved-safe');
    // Without the later MUFU's wait the I2F result is read unprotected: a hazard a schedule shows.
    const unprotected = check('sm_120', [
      '      [B------:R-:W-:-:S04] /*0000*/ I2F.U16.RZ R2, R0 ;',
      '      [B------:R-:W-:-:S01] /*0010*/ FMUL.RZ R6, R2, R3 ;',
      '      [B------:R-:W-:-:S04] /*0020*/ EXIT ;',
    ]);
    expect(unprotected.verdict).toBe('hazard');
  });

  it('sm_75: a load reading an ALU result 6 cycles on is NAK\'s figure; only the inferred 8 makes it a hazard (unknown, naming it)', () => {
    expect(SM75.opcodes['LDG']).toMatchObject({ latencyClass: 'memory', counterexample: { queue: 'global', source: 'nak-sm75', latencyClass: 'decoupled' } });
    expect(counterexampleSide(SM75).table.opcodes['STS']).toMatchObject({ latencyClass: 'decoupled', queue: 'shared' });
    const result = check('sm_75', [
      '      [B------:R-:W-:-:S06] /*0000*/ MOV R1, c[0x0][0x164] ;',
      '      [B------:R-:W1:-:S02] /*0010*/ LDG.E.SYS R4, [R0] ;',
      '      [B-1----:R-:W-:-:S04] /*0020*/ IADD3 R5, R4, R4, RZ ;',
      '      [B------:R-:W-:-:S04] /*0030*/ EXIT ;',
    ]);
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('LDG on sm_75');
    expect(result.reason).toContain('[nak-sm75]');
  });

  it('sm_75: 4 cycles is short of NAK\'s own figure too: still a hazard', () => {
    const result = check('sm_75', [
      '      [B------:R-:W-:-:S04] /*0000*/ MOV R1, c[0x0][0x164] ;',
      '      [B------:R-:W1:-:S02] /*0010*/ LDG.E.SYS R4, [R0] ;',
      '      [B-1----:R-:W-:-:S04] /*0020*/ IADD3 R5, R4, R4, RZ ;',
      '      [B------:R-:W-:-:S04] /*0030*/ EXIT ;',
    ]);
    expect(result.verdict).toBe('hazard');
    expect(result.assumed).toEqual([]);
  });
});
