import { describe, expect, it } from 'vitest';
import { line, table } from './listedLine.js';
import type { ArchitectureTable } from '../../../spec/sass/architecture.js';
import { instructionEffects, type InstructionEffects } from '../../../spec/sass/effects.js';
import { readAfterWriteLatency } from '../../../spec/sass/pairLatency.js';

const SM52 = table('sm_52');
const SM61 = table('sm_61');
const SM70 = table('sm_70');
const SM75 = table('sm_75');
const SM80 = table('sm_80');
const SM86 = table('sm_86');

function fx(text: string, arch: ArchitectureTable = SM75): InstructionEffects {
  return instructionEffects(line(text), arch);
}

/** Destinations and sources, sorted for comparison. */
function regs(text: string, arch: ArchitectureTable = SM75): { w: string[]; r: string[] } {
  const e = fx(text, arch);
  return { w: [...e.destinations].sort(), r: [...e.sources].sort() };
}

function sorted(...names: string[]): string[] {
  return names.sort();
}

describe('destinations and sources, Maxwell/Pascal', () => {
  it('ISETP writes its two predicate destinations (PT is none) after 13 cycles', () => {
    const e = fx('ISETP.GE.AND P0, PT, R112.reuse, 0x80, PT', SM52);
    expect(e.destinations).toEqual(['P0']);
    expect(e.sources).toEqual(['R112']);
    expect(e.unit).toEqual({ kind: 'fixed', latency: 13 });
  });

  it("maxas' LEA P1, R51, R0, 0x4 writes P1 and R51 (grammar LEA $p48, $r0cc, $r8, $icr20)", () => {
    const e = fx('LEA P1, R51, R0, 0x4', SM52);
    expect([...e.destinations].sort()).toEqual(['P1', 'R51']);
    expect(e.sources).toEqual(['R0']);
    expect(e.destinationLatencies).toEqual({ P1: 13, R51: 6 });
    expect(e.unit).toEqual({ kind: 'fixed', latency: 13 });
    expect(regs('LEA R5, R4, R1, 0x2', SM61)).toEqual({ w: ['R5'], r: sorted('R4', 'R1') });
    expect(regs('LEA.HI R2, R2, R7, RZ, 0x2', SM61)).toEqual({ w: ['R2'], r: sorted('R2', 'R7') });
  });

  it('XMAD and ALU ops read through .H1, .reuse, |R|, -R, ~R decorations', () => {
    expect(regs('XMAD.PSL.CBCC R17, R17.H1, R3.H1, R2', SM61)).toEqual({ w: ['R17'], r: sorted('R17', 'R3', 'R2') });
    expect(regs('XMAD.MRG R3, R17, c[0x0] [0x8].H1, RZ', SM61)).toEqual({ w: ['R3'], r: ['R17'] });
    expect(regs('FADD R0, -|R9|.reuse, R12.H1', SM52)).toEqual({ w: ['R0'], r: sorted('R9', 'R12') });
    expect(regs('@P1 LOP.PASS_B R3, RZ, ~R5', SM61)).toEqual({ w: ['R3'], r: sorted('P1', 'R5') });
    expect(regs('I2I.U32.U8 R11, R2.B3', SM52)).toEqual({ w: ['R11'], r: ['R2'] });
  });

  it('.CC on the destination writes the register CC, .X reads it', () => {
    expect(regs('ISCADD R6.CC, R0.reuse, R6, 0x3', SM61)).toEqual({ w: sorted('R6', 'CC'), r: sorted('R0', 'R6') });
    expect(regs('IADD32I R11.CC, R11, 0x4', SM61).w).toEqual(sorted('R11', 'CC'));
    expect(regs('IADD.X R7, R3, R0', SM61)).toEqual({ w: ['R7'], r: sorted('R3', 'R0', 'CC') });
    expect(regs('IADD3.X R7, RZ, c[0x0][0x104], RZ', SM61)).toEqual({ w: ['R7'], r: ['CC'] });
    expect(regs('LEA.HI.X R3, R0, c[0x0][0x164], RZ, 0x2', SM52).r).toContain('CC');
    expect(fx('IADD R3.CC, R3, R8', SM61).destinationLatencies).toEqual({ R3: 6, CC: 6 });
  });

  it('Volta+ has no condition code: .X reads only the written carries', () => {
    expect(regs('IADD3.X R7, RZ, c[0x0][0x24], RZ, P0, P1')).toEqual({ w: ['R7'], r: sorted('P0', 'P1') });
  });

  it('a predicate written before the result: LOP.NZ, LOP3.LUT.NZ, SHFL', () => {
    expect(regs('@P1 LOP.XOR.NZ P0, RZ, R0.reuse, c[0x2][0x50]', SM61)).toEqual({ w: ['P0'], r: sorted('P1', 'R0') });
    expect(regs('LOP3.LUT.NZ P0, RZ, R3, R5, R0, 0xf8', SM52)).toEqual({ w: ['P0'], r: sorted('R3', 'R5', 'R0') });
    expect(regs('LOP.AND.Z P5, R7, R8, 31', SM52).w).toEqual(sorted('P5', 'R7'));
    expect(regs('SHFL.UP PT, R7, R0, 0x1, RZ', SM61)).toEqual({ w: ['R7'], r: ['R0'] });
    expect(regs('SHFL.BFLY P0, R7, R0, 0x1, 0x1f', SM52).w).toEqual(sorted('P0', 'R7'));
  });

  it('global accesses with .E read a 64-bit address; without .E 32 bits', () => {
    expect(regs('LDG.E.128 R4, [R2]', SM61)).toEqual({ w: ['R4', 'R5', 'R6', 'R7'], r: ['R2', 'R3'] });
    expect(regs('LDG.64 R28, [R56]', SM52)).toEqual({ w: ['R28', 'R29'], r: ['R56'] });
    expect(regs('STG.E.64 [R2], R4', SM61)).toEqual({ w: [], r: ['R2', 'R3', 'R4', 'R5'] });
    expect(regs('ATOM.E.ADD R0, [R2], R3', SM61)).toEqual({ w: ['R0'], r: ['R2', 'R3'] });
    expect(regs('RED.E.ADD.F32.FTZ.RN [R2], R0', SM61)).toEqual({ w: [], r: sorted('R2', 'R3', 'R0') });
    expect(regs('LDL R2, [R1+0x18]', SM61)).toEqual({ w: ['R2'], r: ['R1'] });
    expect(regs('LDC R2, c[0x2][R0]', SM61)).toEqual({ w: ['R2'], r: ['R0'] });
    expect(regs('LDS.U.128 R36, [0x10]', SM52)).toEqual({ w: ['R36', 'R37', 'R38', 'R39'], r: [] });
  });

  it('atomics: 64-bit data and results with .64/.U64/.S64, CAS reads both operands', () => {
    expect(regs('ATOMS.CAS.64 R26, [0x208], R28, R30', SM52)).toEqual({ w: ['R26', 'R27'], r: ['R28', 'R29', 'R30', 'R31'] });
    expect(regs('ATOMS.CAS R2, [0x404], R2, R3', SM52)).toEqual({ w: ['R2'], r: ['R2', 'R3'] });
    expect(regs('ATOM.MIN.S64 R26, [R103], R30', SM52)).toEqual({ w: ['R26', 'R27'], r: sorted('R103', 'R30', 'R31') });
    expect(regs('RED.MAX.U64 [R97], R40', SM52).r).toEqual(sorted('R97', 'R40', 'R41'));
  });

  it('a predicate operand of a variable instruction is read at issue (ST [R95], R108, P6)', () => {
    const e = fx('ST.U8 [R95], R108, P6', SM52);
    expect(e.sources).toEqual(['R95', 'R108', 'P6']);
    expect(e.readAtIssue).toEqual(['P6']);
    expect(e.unit).toEqual({ kind: 'variable', queue: 'global', readDelay: 4 });
  });

  it('conversions and FP64 read and write pairs where the types say 64 bits', () => {
    expect(regs('I2F.F64.S64 R4, R4', SM61)).toEqual({ w: ['R4', 'R5'], r: ['R4', 'R5'] });
    expect(regs('F2F.F32.F64 R3, R4', SM61)).toEqual({ w: ['R3'], r: ['R4', 'R5'] });
    expect(regs('F2I.FTZ.U32.F32.TRUNC R2, R2', SM61)).toEqual({ w: ['R2'], r: ['R2'] });
    expect(regs('DMUL R4, R4, c[0x2][0x58]', SM61)).toEqual({ w: ['R4', 'R5'], r: ['R4', 'R5'] });
    expect(regs('DFMA R2, R4, R6, R8', SM61)).toEqual({ w: ['R2', 'R3'], r: ['R4', 'R5', 'R6', 'R7', 'R8', 'R9'] });
    expect(regs('DSETP.GT.AND P0, PT, R2, R4, PT', SM61)).toEqual({ w: ['P0'], r: ['R2', 'R3', 'R4', 'R5'] });
    expect(regs('DSET.LT.AND R0, R2, R4, PT', SM61).w).toEqual(['R0']);
  });

  it('multi-function unit and conversions share one in-order queue, reading 4 cycles after issue; S2R is unordered', () => {
    expect(fx('MUFU.RCP R0, R0', SM61).unit).toEqual({ kind: 'variable', queue: 'sfu', readDelay: 4 });
    expect(fx('I2I.S32.S32 R9, |R5|', SM61).unit).toEqual({ kind: 'variable', queue: 'sfu', readDelay: 4 });
    expect(SM61.queues['sfu']!.ordered).toBe(true);
    expect(fx('S2R R2, SR_TID.X', SM61).unit).toEqual({ kind: 'variable', queue: 'misc' });
    expect(SM61.queues['misc']!.ordered).toBe(false);
  });

  it('texture vectors: the write mask sizes the result, the dimension the coordinates', () => {
    expect(regs('TLD.B.LZ.P R96, R104, R110, 0x0, 1D, 0xf', SM52)).toEqual({ w: ['R96', 'R97', 'R98', 'R99'], r: sorted('R104', 'R110') });
    expect(regs('TEXS.T RZ, R7, R9, R4, 0x56, 2D, R', SM61)).toEqual({ w: ['R7'], r: sorted('R9', 'R4') });
    expect(regs('SULD.D.BA.2D.TRAP R2, [R16], 0x58', SM61)).toEqual({ w: ['R2'], r: ['R16', 'R17'] });
    expect(regs('SUST.D.BA.2D.TRAP [R16], R2, 0x59', SM61)).toEqual({ w: [], r: sorted('R16', 'R17', 'R2') });
    expect(fx('SULD.D.BA.2D.TRAP R2, [R16], 0x58', SM61).unit).toEqual({ kind: 'variable', queue: 'global', readDelay: 4 }); // one in-order path with global loads on Maxwell/Pascal
  });

  it('P2R reads and R2P writes the predicates their mask selects', () => {
    expect(regs('P2R R0, PR, R8, 0x0f', SM52)).toEqual({ w: ['R0'], r: sorted('P0', 'P1', 'P2', 'P3', 'R8') });
    expect(regs('R2P PR, R8, 0x0f', SM52)).toEqual({ w: sorted('P0', 'P1', 'P2', 'P3'), r: ['R8'] });
    expect(regs('R2P PR, R0, 0x7f').w).toHaveLength(7);
  });

  it('VOTE writes its register and its predicate output, reads the last predicate', () => {
    expect(regs('VOTE.ANY R0, PT, P0', SM52)).toEqual({ w: ['R0'], r: ['P0'] });
    expect(regs('VOTE.ALL P1, P0', SM52)).toEqual({ w: ['P1'], r: ['P0'] });
    expect(regs('VOTE.ANY R5, P1, P0')).toEqual({ w: sorted('R5', 'P1'), r: ['P0'] });
  });

  it('CS2R is a fixed 6-cycle op on Maxwell (maxas microbench), S2R variable', () => {
    expect(fx('CS2R R4, SR_CLOCKLO', SM52)).toMatchObject({ destinations: ['R4'], unit: { kind: 'fixed', latency: 6 } });
  });
});

describe('destinations and sources, Volta and later', () => {
  it('IADD3, LEA, IMAD: predicates right after the result are carry-outs', () => {
    const e = fx('IADD3 R4, P2, R4, 0x4, RZ');
    expect([...e.destinations].sort()).toEqual(['P2', 'R4']);
    expect(e.sources).toEqual(['R4']);
    expect(e.destinationLatencies).toEqual({ R4: 8, P2: 12 });
    expect(regs('IADD3 R6, P0, P1, R1, 0x20, R6')).toEqual({ w: sorted('R6', 'P0', 'P1'), r: sorted('R1', 'R6') });
    expect(regs('LEA R2, P0, R3, c[0x0][0x160], 0x2')).toEqual({ w: sorted('R2', 'P0'), r: ['R3'] });
    expect(regs('IMAD.X R5, RZ, RZ, R5, P2')).toEqual({ w: ['R5'], r: sorted('R5', 'P2') });
    expect(regs('LEA.HI.X R3, R2, c[0x0][0x164], R3, 0x2, P0')).toEqual({ w: ['R3'], r: sorted('R2', 'R3', 'P0') });
  });

  it('IMAD.WIDE writes a pair and reads its addend as a pair', () => {
    expect(regs('IMAD.WIDE R2, R5, 0x8, R2')).toEqual({ w: ['R2', 'R3'], r: sorted('R5', 'R2', 'R3') });
    expect(regs('IMAD.WIDE R18, R17, R18, c[0x0][0x168]')).toEqual({ w: ['R18', 'R19'], r: sorted('R17', 'R18') });
    expect(regs('IMAD.WIDE.U32 R2, P0, R4, R5, R2')).toEqual({ w: sorted('R2', 'R3', 'P0'), r: sorted('R4', 'R5', 'R2', 'R3') });
    expect(regs('IMAD.HI.U32 R3, R3, R9, R2')).toEqual({ w: ['R3'], r: sorted('R3', 'R9', 'R2') });
  });

  it('compares and LOP3 with predicate results', () => {
    expect(regs('ISETP.NE.AND P0, PT, R7, RZ, PT')).toEqual({ w: ['P0'], r: ['R7'] });
    expect(regs('ISETP.GE.U32.AND.EX P0, PT, R3, RZ, PT, P1')).toEqual({ w: ['P0'], r: sorted('R3', 'P1') });
    expect(regs('LOP3.LUT P0, RZ, R0, 0x2, RZ, 0xc0, !PT')).toEqual({ w: ['P0'], r: ['R0'] });
    expect(regs('LOP3.LUT R13, R3, 0x80000000, RZ, 0xfc, !PT')).toEqual({ w: ['R13'], r: ['R3'] });
    expect(regs('@!P0 PLOP3.LUT P1, PT, P2, PT, PT, 0x80, 0x0')).toEqual({ w: ['P1'], r: sorted('P0', 'P2') });
    expect(fx('ISETP.NE.AND P0, PT, R7, RZ, PT').unit).toEqual({ kind: 'fixed', latency: 12 });
    expect(fx('FSEL R2, R4, -R4, !P1').sources).toEqual(['R4', 'P1']);
  });

  it('addresses: [R2.64], .E pairs before Ampere, uniform and mixed bases, scaled offsets', () => {
    expect(regs('LDG.E.SYS R5, [R18]')).toEqual({ w: ['R5'], r: ['R18', 'R19'] });
    expect(regs('LDG.E.SYS R5, [UR36]')).toEqual({ w: ['R5'], r: ['UR36', 'UR37'] });
    expect(regs('LDG.E R4, [R2.64]', SM80)).toEqual({ w: ['R4'], r: ['R2', 'R3'] });
    expect(regs('LDG.E.64 R4, [R2.64+0x10]', SM86)).toEqual({ w: ['R4', 'R5'], r: ['R2', 'R3'] });
    expect(regs('LDS R4, [R2+UR4]')).toEqual({ w: ['R4'], r: sorted('R2', 'UR4') });
    expect(regs('LDS.U R6, [R6.X4]')).toEqual({ w: ['R6'], r: ['R6'] });
    expect(regs('STS [R7.X4+0x1010], R4')).toEqual({ w: [], r: sorted('R7', 'R4') });
    expect(regs('@P0 LDL R7, [R8+-0x8]')).toEqual({ w: ['R7'], r: sorted('P0', 'R8') });
    expect(regs('STL.64 [R1+0x20], R2')).toEqual({ w: [], r: ['R1', 'R2', 'R3'] });
    expect(regs('LDC.64 R6, c[0x2][R2]')).toEqual({ w: ['R6', 'R7'], r: ['R2'] });
    expect(regs('LDC R11, c[0x3][R8+0x2c]')).toEqual({ w: ['R11'], r: ['R8'] });
    expect(regs('STG.E.128.SYS [R2], R4')).toEqual({ w: [], r: ['R2', 'R3', 'R4', 'R5', 'R6', 'R7'] });
    expect(regs('ATOMG.E.ADD.STRONG.GPU PT, R0, [R2.64], R5', SM80)).toEqual({ w: ['R0'], r: sorted('R2', 'R3', 'R5') });
    expect(regs('LDG.E R0, desc[UR4][R2.64]', SM86)).toEqual({ w: ['R0'], r: sorted('UR4', 'UR5', 'R2', 'R3') });
  });

  it('uniform registers are registers; URZ, UPT, constants, immediates and 32@lo(sym) are not', () => {
    expect(fx('ULDC.64 UR36, c[0x0][0x160]')).toMatchObject({ destinations: ['UR36', 'UR37'], sources: [], unit: { kind: 'fixed', latency: 5 } });
    expect(regs('UMOV UR4, URZ')).toEqual({ w: ['UR4'], r: [] });
    expect(regs('UMOV UR5, 32@lo(__cudart_i2opi_f)')).toEqual({ w: ['UR5'], r: [] });
    expect(regs('MOV R20, 32@lo((_Z7argtestPiS_S_ + .L_x_0@srel))')).toEqual({ w: ['R20'], r: [] });
    expect(regs('IMAD.U32 R4, RZ, RZ, UR5')).toEqual({ w: ['R4'], r: ['UR5'] });
    expect(regs('UIADD3 UR4, UP0, UR4, 0x1, URZ')).toEqual({ w: sorted('UR4', 'UP0'), r: ['UR4'] });
    expect(fx('UIADD3 UR4, UP0, UR4, 0x1, URZ').destinationLatencies).toEqual({ UR4: 12, UP0: 11 });
    expect(regs('@UP0 UMOV UR4, UR5')).toEqual({ w: ['UR4'], r: sorted('UP0', 'UR5') });
    expect(fx('S2UR UR4, SR_CTAID.Y').unit).toEqual({ kind: 'variable', queue: 'misc' });
    expect(regs('FSETP.NEU.AND P0, PT, |R9|, +INF , PT')).toEqual({ w: ['P0'], r: ['R9'] });
  });

  it('CS2R writes a pair unless .32; it is fixed (on Volta too: ptxas never scoreboards it), I2I variable on Volta', () => {
    expect(fx('CS2R R4, SRZ')).toMatchObject({ destinations: ['R4', 'R5'], unit: { kind: 'fixed', latency: 8 } });
    expect(fx('CS2R.32 R4, SR_CLOCKLO').destinations).toEqual(['R4']);
    expect(fx('CS2R R4, SR_CLOCKLO', SM70)).toMatchObject({ unit: { kind: 'fixed', latency: 8 }, latencyClass: 'disp64' });
    expect(fx('I2I.U8.S32.SAT R0, R2', SM70).unit.kind).toBe('variable');
    expect(fx('I2I.U8.S32.SAT R0, R2', SM75).unit.kind).toBe('fixed');
  });

  it('conversions: one type belongs to the side it can be', () => {
    expect(regs('I2F.F64.S64 R2, R6')).toEqual({ w: ['R2', 'R3'], r: ['R6', 'R7'] });
    expect(regs('F2F.F32.F64 R4, R4')).toEqual({ w: ['R4'], r: ['R4', 'R5'] });
    expect(regs('F2I.U64.TRUNC R2, R4')).toEqual({ w: ['R2', 'R3'], r: ['R4'] });
    expect(regs('F2I.F64.TRUNC R2, R4')).toEqual({ w: ['R2'], r: ['R4', 'R5'] });
    expect(regs('I2F.U64 R2, R4')).toEqual({ w: ['R2'], r: ['R4', 'R5'] });
    expect(regs('I2F.F64 R2, R4')).toEqual({ w: ['R2', 'R3'], r: ['R4'] });
    expect(regs('F2I.FTZ.U32.TRUNC.NTZ R3, R2')).toEqual({ w: ['R3'], r: ['R2'] });
    // MUFU and the conversions complete in issue order on Turing (ptxas-sfu-order).
    expect(fx('I2F.RP R0, R7').unit).toEqual({ kind: 'variable', queue: 'sfu' });
  });

  it('texture and surface vectors', () => {
    expect(regs('TEX.SCR.LL RZ, R6, R4, R11, 0x0, 0x5e, 2D, 0x1')).toEqual({ w: ['R6'], r: ['R11', 'R4', 'R5'] });
    expect(regs('TEX.LL R4, R8, R12, R14, 0x0, 0x5a, 2D, 0xf')).toEqual({ w: ['R4', 'R5', 'R8', 'R9'], r: ['R12', 'R13', 'R14'] });
    expect(regs('SULD.D.BA.2D.STRONG.CTA.TRAP R8, [R16], 0x0, 0x60')).toEqual({ w: ['R8'], r: ['R16', 'R17'] });
    expect(regs('SULD.P.2D.RGBA.TRAP R4, [R16], 0x0, 0x60').w).toEqual(['R4', 'R5', 'R6', 'R7']);
    expect(fx('TEX.SCR.LL RZ, R6, R4, R11, 0x0, 0x5e, 2D, 0x1').unit).toEqual({ kind: 'variable', queue: 'texture' });
  });

  it('matrix fragments: sizes from the shape and types', () => {
    expect(regs('HMMA.16816.F32 R4, R8, R12, R4', SM80)).toEqual({ w: ['R4', 'R5', 'R6', 'R7'], r: sorted('R8', 'R9', 'R10', 'R11', 'R12', 'R13', 'R4', 'R5', 'R6', 'R7') });
    expect(regs('HMMA.1688.F16 R2, R4, R6, R2')).toEqual({ w: ['R2', 'R3'], r: sorted('R4', 'R5', 'R6', 'R2', 'R3') });
    expect(regs('HMMA.1688.F32.TF32 R4, R8, R12, R4', SM80).r).toHaveLength(4 + 2 + 4);
    expect(regs('IMMA.8816.S8.S8 R4, R2, R3, R4')).toEqual({ w: ['R4', 'R5'], r: sorted('R2', 'R3', 'R4', 'R5') });
    expect(regs('IMMA.16832.S8.S8 R4, R8, R12, R4', SM80).r).toHaveLength(4 + 4 + 2);
    expect(regs('DMMA.884 R4, R8, R10, R4', SM80)).toEqual({ w: ['R4', 'R5', 'R6', 'R7'], r: sorted('R8', 'R9', 'R10', 'R11', 'R4', 'R5', 'R6', 'R7') });
    expect(regs('HMMA.884.F32.F32.STEP0 R8, R26.reuse.T, R16.reuse.T, R8', SM70)).toEqual({ w: ['R8', 'R9'], r: sorted('R26', 'R27', 'R16', 'R17', 'R8', 'R9') });
    expect(regs('LDSM.16.M88.4 R4, [R2+0x400]')).toEqual({ w: ['R4', 'R5', 'R6', 'R7'], r: ['R2'] });
    // Hopper's cuobjdump writes DMMA's shape with separators: the same fragments as Ampere's DMMA.884.
    expect(regs('DMMA.8x8x4 R4, R8, R10, R4', SM80)).toEqual(regs('DMMA.884 R4, R8, R10, R4', SM80));
    // The tensor-core MMAs reach the next instruction, scoreboarded or not (ptxas-mma-next-instruction); DMMA on GA10x too.
    expect(fx('HMMA.16816.F32 R4, R8, R12, R4', SM80)).toMatchObject({ unit: { kind: 'fixed', latency: 1 }, latencyClass: 'hmma' });
    const scoreboarded = { ...line('HMMA.16816.F32 R4, R8, R12, R4'), control: { wait: [], readScoreboard: null, writeScoreboard: 5, yield: false, stall: 1 } };
    expect(instructionEffects(scoreboarded, SM80).unit).toEqual({ kind: 'fixed', latency: 1 });
    expect(fx('DMMA.884 R4, R8, R10, R4', SM86)).toMatchObject({ unit: { kind: 'fixed', latency: 1 }, latencyClass: 'imma', unknown: null });
  });

  it('BMOV writes a register only when its destination is one; barriers B0 are not registers', () => {
    expect(regs('BMOV.32.CLEAR RZ, B0')).toEqual({ w: [], r: [] });
    expect(regs('BMOV.32 R0, B0')).toEqual({ w: ['R0'], r: [] });
    expect(regs('BMOV.32 B0, R0')).toEqual({ w: [], r: ['R0'] });
    expect(regs('BSSY B0, `(.L_x_1)')).toEqual({ w: [], r: [] });
    expect(regs('BSYNC B0')).toEqual({ w: [], r: [] });
  });

  it('HFMA2.MMA runs on the MMA pipe on Ampere (11 cycles), plain HFMA2 7', () => {
    expect(fx('HFMA2.MMA R3, -RZ, RZ, 0, 0', SM80)).toMatchObject({ unit: { kind: 'fixed', latency: 11 }, latencyClass: 'hfma2mma' });
    expect(fx('HFMA2 R3, R4, R5, R6', SM80)).toMatchObject({ unit: { kind: 'fixed', latency: 7 }, latencyClass: 'fp16' });
    expect(fx('HADD2.F32 R0, -RZ, R2.H0_H0', SM80).sources).toEqual(['R2']);
  });

  it('fixed latencies per family: 6/13 on Maxwell, 8/12 on Volta and Turing, 7/13 on Ampere', () => {
    const pairs = (arch: ArchitectureTable) => [fx('FFMA R1, R2, R3, R4', arch).unit, fx('ISETP.NE.AND P0, PT, R1, RZ, PT', arch).unit];
    expect(pairs(SM52)).toEqual([{ kind: 'fixed', latency: 6 }, { kind: 'fixed', latency: 13 }]);
    expect(pairs(SM70)).toEqual([{ kind: 'fixed', latency: 8 }, { kind: 'fixed', latency: 12 }]);
    expect(pairs(SM75)).toEqual([{ kind: 'fixed', latency: 8 }, { kind: 'fixed', latency: 12 }]);
    expect(pairs(SM80)).toEqual([{ kind: 'fixed', latency: 7 }, { kind: 'fixed', latency: 13 }]);
    expect(fx('HADD2 R0, R1, R2', SM70).unit).toEqual({ kind: 'fixed', latency: 8 });
    expect(fx('DADD R0, R2, R4', SM80).unit).toEqual({ kind: 'variable', queue: 'fp64' });
  });
});

describe('guard predicates', () => {
  it('a guard is a source read at issue; @PT and @!PT name no register', () => {
    const e = fx('@!P0 IADD3 R2, -R4, 0x20, RZ');
    expect(e.sources).toEqual(['P0', 'R4']);
    expect(e.readAtIssue).toEqual(['P0']);
    const load = fx('@P0 LDG.E.SYS R2, [R4]');
    expect(load.readAtIssue).toEqual(['P0']);
    expect(fx('@!PT LDS RZ, [RZ]').sources).toEqual([]);
    expect(fx('@UP1 UMOV UR4, 0x1').sources).toEqual(['UP1']);
  });
});

describe('control flow', () => {
  it('branches name their target label or address', () => {
    expect(fx('@!P0 BRA `(.L_x_2)').flow).toEqual({ kind: 'branch', target: '.L_x_2' });
    expect(fx('BRA `(.L_x_5);').flow).toEqual({ kind: 'branch', target: '.L_x_5' });
    expect(fx('@P0 BRA LOOP').flow).toEqual({ kind: 'branch', target: 'LOOP' });
    expect(fx('@P1 BRA.U REMAINDER', SM52).flow).toEqual({ kind: 'branch', target: 'REMAINDER' });
    expect(fx('BRA 0x130', SM52).flow).toEqual({ kind: 'branch', target: '0x130' });
    // A condition of its own (a condition code, the warp's convergence): it may also fall through.
    expect(fx('BRA CC.EQ, 0x130', SM52)).toMatchObject({ flow: { kind: 'branch', target: '0x130', conditional: true }, sources: ['CC'] });
    expect(fx('BRA.DIV ~URZ, `(.L_x_3)').flow).toEqual({ kind: 'branch', target: '.L_x_3', conditional: true });
    expect(fx('JMP 0x40', SM52).flow).toEqual({ kind: 'branch', target: '0x40' });
    expect(fx('BRA `(.L_x_5)').unit).toEqual({ kind: 'none' });
  });

  it('indirect branches have no target and read their register', () => {
    expect(fx('BRX R4 -0x130')).toMatchObject({ flow: { kind: 'branch', target: null }, sources: ['R4', 'R5'] });
    expect(fx('JMX R2', SM52)).toMatchObject({ flow: { kind: 'branch', target: null }, sources: ['R2'] });
    const call = instructionEffects(line('BRX R2 -0x110 (*"INDIRECT_CALL"*)'), SM61);
    expect(call).toMatchObject({ flow: { kind: 'call', target: null }, sources: ['R2'] });
  });

  it('calls: to a label, or indirect through a register', () => {
    expect(fx('CALL.ABS.NOINC `(vprintf)').flow).toEqual({ kind: 'call', target: 'vprintf' });
    expect(fx('CALL.REL.NOINC R6 `(_Z7argtestPiS_S_)')).toMatchObject({ flow: { kind: 'call', target: null }, sources: ['R6', 'R7'] });
    expect(fx('JCAL `(vprintf)', SM61).flow).toEqual({ kind: 'call', target: 'vprintf' });
    expect(fx('CAL TARGET2', SM52).flow).toEqual({ kind: 'call', target: 'TARGET2' });
  });

  it('returns read their return address; exits', () => {
    expect(fx('RET.REL.NODEC R20 `(_Z7argtestPiS_S_)')).toMatchObject({ flow: { kind: 'return' }, sources: ['R20', 'R21'] });
    expect(fx('RET', SM61).flow).toEqual({ kind: 'return' });
    expect(fx('@P0 EXIT').flow).toEqual({ kind: 'exit' });
    expect(fx('KIL', SM52).flow).toEqual({ kind: 'exit' });
    expect(fx('KILL').flow).toEqual({ kind: 'exit' });
  });

  it('SSY/PBK/PCNT/BSSY open a region; SYNC/BRK/CONT go back to their opener', () => {
    expect(fx('SSY `(.L_x_3)', SM61).flow).toEqual({ kind: 'open', opener: 'SSY', target: '.L_x_3' });
    expect(fx('PBK `(.L_x_1)', SM61).flow).toEqual({ kind: 'open', opener: 'PBK', target: '.L_x_1' });
    expect(fx('PCNT `(.L_x_4)', SM61).flow).toEqual({ kind: 'open', opener: 'PCNT', target: '.L_x_4' });
    expect(fx('BSSY B0, `(.L_x_1)').flow).toEqual({ kind: 'open', opener: 'BSSY', target: '.L_x_1' });
    expect(fx('SYNC', SM61).flow).toEqual({ kind: 'sync', opener: 'SSY' });
    expect(instructionEffects(line('@!P0 BRK (*"BRANCH_TARGETS .L_x_1"*)'), SM61)).toMatchObject({ flow: { kind: 'sync', opener: 'PBK' }, sources: ['P0'] });
    expect(fx('CONT', SM61).flow).toEqual({ kind: 'sync', opener: 'PCNT' });
  });

  it('no-result instructions: none unit, falling through', () => {
    for (const text of ['BSYNC B0', 'WARPSYNC 0xffffffff', 'NOP', 'YIELD', 'BAR.SYNC 0x0', 'MEMBAR.SC.GPU', 'DEPBAR.LE SB0, 0x2']) {
      expect(fx(text)).toMatchObject({ destinations: [], unit: { kind: 'none' }, flow: { kind: 'next' }, unknown: null });
    }
    expect(fx('WARPSYNC R2').sources).toEqual(['R2']);
    expect(fx('PRET `(.L_x_0)', SM61)).toMatchObject({ unit: { kind: 'none' }, flow: { kind: 'open', opener: 'PRET', target: '.L_x_0' } });
  });

  it('a branch without a readable target has an unknown flow naming it (never a fall-through)', () => {
    const e = fx('BRA');
    expect(e.flow).toEqual({ kind: 'unknown', why: expect.stringMatching(/BRA names no target/) });
    expect(e.unknown).toBeNull();
  });
});

describe('DEPBAR', () => {
  it('reads scoreboard and limit, in hex or decimal', () => {
    expect(fx('DEPBAR.LE SB0, 0x2').depbar).toEqual({ scoreboard: 0, limit: 2 });
    expect(fx('DEPBAR.LE SB5, 0x1', SM61).depbar).toEqual({ scoreboard: 5, limit: 1 });
    expect(fx('DEPBAR.LE SB1, 5', SM52).depbar).toEqual({ scoreboard: 1, limit: 5 });
  });

  it('a {set} of scoreboards is ignored (waiting less is the conservative reading)', () => {
    // Built by hand: the shared line parser takes a trailing '}' for a dual-issue brace.
    const withSet = (operands: string[]) => instructionEffects({ ...line('DEPBAR.LE SB0, 0x0'), opcode: operands.length > 1 ? 'DEPBAR.LE' : 'DEPBAR', operands }, SM52);
    expect(withSet(['SB0', '0x0', '{5,4}']).depbar).toEqual({ scoreboard: 0, limit: 0 });
    expect(withSet(['{5,4,3}']).depbar).toBeNull();
    expect(fx('NOP').depbar).toBeNull();
  });
});

describe('unknown opcodes', () => {
  it('get conservative effects and say why', () => {
    const e = fx('FOO.64 R2, R4, [R6], UR4');
    expect(e.unknown).toBe('opcode FOO is not in the sm_75 table');
    expect(e.unit).toEqual({ kind: 'variable', queue: 'unknown' });
    expect(e.destinations).toEqual(['R2', 'R3']);
    expect(e.sources).toEqual(['R4', 'R6', 'R7', 'UR4']);
    expect(SM75.queues['unknown']).toMatchObject({ ordered: false });
    expect(fx('FOO [R2], R3').destinations).toEqual([]);
    expect(fx('IMAD R1, R2, R3, R4', SM52).unknown).toBeNull();
  });
});

describe('read-after-write latency between two instructions', () => {
  const between = (arch: ArchitectureTable, producer: string, register: string, consumer: string | null, asGuard = false) =>
    readAfterWriteLatency(arch, fx(producer, arch), register, consumer === null ? null : fx(consumer, arch), asGuard);

  it('Turing: ALU->ALU 4, FMA->FMA 4, cross 5, decoupled readers 6, load/store readers 8', () => {
    expect(between(SM75, 'IADD3 R1, R2, R3, RZ', 'R1', 'IADD3 R4, R1, R3, RZ')).toBe(4);
    expect(between(SM75, 'FFMA R1, R2, R3, R4', 'R1', 'FFMA R4, R1, R3, R4')).toBe(4);
    expect(between(SM75, 'IADD3 R1, R2, R3, RZ', 'R1', 'FFMA R4, R1, R3, R4')).toBe(5);
    expect(between(SM75, 'IMAD R17, R17, c[0x0][0x0], R0', 'R17', 'IMAD.WIDE R18, R17, R18, c[0x0][0x168]')).toBe(4);
    expect(between(SM75, 'IADD3 R2, R0, 0xffffffe, RZ', 'R2', 'F2I.FTZ.U32.TRUNC.NTZ R3, R2')).toBe(6);
    expect(between(SM75, 'IADD3 R9, R9, R10, RZ', 'R9', 'STG.E.SYS [R2], R9')).toBe(8);
    expect(between(SM75, 'IADD3 R9, R9, R10, RZ', 'R9', null)).toBe(8);
  });

  it('Turing predicates: 4-5 to an ALU operand, 12 to a guard', () => {
    expect(between(SM75, 'ISETP.NE.AND P0, PT, R3, RZ, PT', 'P0', 'FSEL R4, R10, 0.5, P0')).toBe(4);
    expect(between(SM75, 'IADD3 R4, P2, R4, 0x4, RZ', 'P2', 'IMAD.X R5, RZ, RZ, R5, P2')).toBe(5);
    expect(between(SM75, 'ISETP.NE.AND P0, PT, R3, RZ, PT', 'P0', '@P0 EXIT', true)).toBe(12);
    expect(between(SM75, 'IADD3 R4, P2, R4, 0x4, RZ', 'R4', 'IADD3 R5, R4, 0x4, RZ')).toBe(4);
  });

  it('Turing uniform: ULDC -> LDG [UR] 2, uniform ALU -> ULDC 12', () => {
    expect(between(SM75, 'ULDC.64 UR36, c[0x0][0x160]', 'UR36', 'LDG.E.SYS R5, [UR36]')).toBe(2);
    expect(between(SM75, 'UIADD3 UR4, UR4, 0x1, URZ', 'UR4', 'ULDC UR5, c[0x0][UR4]')).toBe(12);
  });

  it('Ampere: decoupled readers 4, load/store 5, HFMA2.MMA 10 to an ALU op', () => {
    expect(between(SM80, 'IADD3 R2, R0, 0x1, RZ', 'R2', 'F2I.TRUNC.NTZ R3, R2')).toBe(4);
    expect(between(SM80, 'IADD3 R2, R0, 0x1, RZ', 'R2', 'STG.E [R4.64], R2')).toBe(5);
    expect(between(SM80, 'HFMA2.MMA R3, -RZ, RZ, 0, 0', 'R3', 'IADD3 R4, R3, 0x1, RZ')).toBe(10);
    expect(between(SM80, 'ISETP.NE.AND P0, PT, R3, RZ, PT', 'P0', '@P0 BRA `(.L_x_1)', true)).toBe(13);
  });

  it('Maxwell/Pascal: memory, texture and conversions read 4 cycles late, shared memory 2', () => {
    expect(between(SM61, 'IADD.X R19, R2, c[0x0][0x14c]', 'R19', 'LDG.E R5, [R18]')).toBe(2);
    expect(between(SM61, 'IADD32I R2, R0, 0xffffffe', 'R2', 'F2I.FTZ.U32.F32.TRUNC R2, R2')).toBe(2);
    expect(between(SM61, 'FMUL R4, R4, c[0x0][0x140]', 'R4', 'STS [R9+0x1010], R4')).toBe(4);
    expect(between(SM61, 'FMUL R4, R4, c[0x0][0x140]', 'R4', 'FADD R5, R4, R4')).toBe(6);
    expect(between(SM52, 'LEA P1, R51, R0, 0x4', 'P1', 'PSET.AND.AND R89, P1, PT, PT')).toBe(13);
    expect(between(SM52, 'LEA P1, R51, R0, 0x4', 'R51', 'LDG R2, [R51]')).toBe(2);
  });

  it('Volta reads by Turing\'s pair table, the figures ptxas never issues sooner than (ptxas-sm70-turing)', () => {
    expect(between(SM70, 'IADD3 R1, R2, R3, RZ', 'R1', 'IADD3 R4, R1, R3, RZ')).toBe(4);
    expect(between(SM70, 'IMAD R1, R2, R3, RZ', 'R1', 'IADD3 R4, R1, R3, RZ')).toBe(5);
    expect(between(SM70, 'FMUL R1, R2, R3', 'R1', 'FADD R4, R1, R3')).toBe(4);
    expect(between(SM70, 'IADD3 R1, R2, R3, RZ', 'R1', 'STG.E.SYS [R6], R1')).toBe(8);
    expect(between(SM70, 'ISETP.NE.AND P0, PT, R3, RZ, PT', 'P0', 'SEL R4, R4, R5, !P0')).toBe(4);
    expect(between(SM70, 'ISETP.NE.AND P0, PT, R3, RZ, PT', 'P0', '@P0 EXIT', true)).toBe(12);
    expect(between(SM70, 'HADD2 R1, R2, R3', 'R1', 'HADD2 R4, R1, R3')).toBe(6);
  });
});
