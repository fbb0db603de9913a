/**
 * What compiler output shows about an opcode no source times: the pairs `compilerEvidence`
 * collects, the classes they fit, and the table check `facts --evidence` runs. Each kernel is
 * written as CuAssembler lines for sm_120, where IADD's timing rests on such evidence.
 */
import { describe, expect, it } from 'vitest';
import { evidenceRows } from '../../../../cli/factsEvidence.js';
import { listingKernelsOfText, type LoadedKernel } from '../../../../format/sass/loadKernels.js';
import { chooseClass, classFits } from '../../../../impl/sass/facts/classFit.js';
import { compilerEvidence } from '../../../../impl/sass/facts/compilerEvidence.js';
import { tableFit } from '../../../../impl/sass/facts/tableFit.js';
import { architectureTable } from '../../../../spec/sass/architectures/index.js';

const SM120 = architectureTable('sm_120')!;

function kernels(lines: readonly string[]): LoadedKernel[] {
  return listingKernelsOfText(['\t.section\t.text.k,"ax",@progbits', ...lines].join('\n'), 'k.cuasm', { from: 'cuasm', architecture: 'sm_120', kernels: [] });
}

/** IADD R1 read by a LOP3 (class alu) `stall` cycles later. */
const iaddThenLop = (stall: number) => kernels([
  `      [B------:R-:W-:-:S0${stall}] /*0000*/ IADD R1, R0, 0x1 ;`,
  '      [B------:R-:W-:-:S04] /*0010*/ LOP3.LUT R2, R1, 0xffff, RZ, 0xc0, !PT ;',
  '      [B------:R-:W-:-:S05] /*0020*/ EXIT ;',
]);

describe('compiler evidence about an opcode no source times', () => {
  it('pairs the opcode with the sourced readers of its results, at the stalls between them', () => {
    const [evidence] = compilerEvidence(SM120, iaddThenLop(5), 'IADD');
    expect(evidence).toMatchObject({ opcode: 'IADD', instances: 1, writers: 1, scoreboarded: 0 });
    expect(evidence!.asWriter.map((pair) => [pair.register, pair.distance, pair.readerClass])).toEqual([['R1', 5, 'alu']]);
    expect(evidence!.asReader).toEqual([]);
  });

  it('a class fits when no pair is closer than its figure; the exact pairs decide between those that fit', () => {
    const [evidence] = compilerEvidence(SM120, iaddThenLop(5), 'IADD');
    const fits = classFits(SM120, evidence!);
    // B100: fp16 -> alu 5 (exact), alu -> alu 4 (fits, not exact), hfma2mma -> alu 10 (contradicted).
    const fit = (name: string) => fits.find((entry) => entry.role === 'writer' && entry.latencyClass === name)!;
    expect(fit('fp16')).toMatchObject({ pairs: 1 });
    expect(fit('fp16').tight).toHaveLength(1);
    expect(fit('alu').tight).toHaveLength(0);
    expect(fit('alu').contradicting).toHaveLength(0);
    expect(fit('hfma2mma').contradicting).toHaveLength(1);
    expect(chooseClass(fits)?.tight).toBe(1);
  });

  it('a scoreboarded result is counted, never paired; a straight line stops where another path joins, and goes on past a guarded exit', () => {
    const [scoreboarded] = compilerEvidence(SM120, kernels([
      '      [B------:R-:W0:-:S02] /*0000*/ IADD R1, R0, 0x1 ;',
      '      [B0-----:R-:W-:-:S04] /*0010*/ LOP3.LUT R2, R1, 0xffff, RZ, 0xc0, !PT ;',
      '      [B------:R-:W-:-:S05] /*0020*/ EXIT ;',
    ]), 'IADD');
    expect(scoreboarded).toMatchObject({ writers: 1, scoreboarded: 1, asWriter: [] });
    const [joined] = compilerEvidence(SM120, kernels([
      '      [B------:R-:W-:-:S05] /*0000*/ IADD R1, R0, 0x1 ;',
      '      [B------:R-:W-:-:S05] /*0010*/ @P0 EXIT ;',
      '      [B------:R-:W-:-:S05] /*0020*/ LOP3.LUT R2, R1, 0xffff, RZ, 0xc0, !PT ;',
      '      [B------:R-:W-:-:S05] /*0030*/ @P1 BRA 0x20 ;',
      '      [B------:R-:W-:-:S05] /*0040*/ EXIT ;',
    ]), 'IADD');
    // The LOP3 is a branch target: another path joins there, so its read says nothing about this write.
    expect(joined!.asWriter.map((pair) => pair.distance)).toEqual([]);
    const [straight] = compilerEvidence(SM120, kernels([
      '      [B------:R-:W-:-:S05] /*0000*/ IADD R1, R0, 0x1 ;',
      '      [B------:R-:W-:-:S05] /*0010*/ @P0 EXIT ;',
      '      [B------:R-:W-:-:S05] /*0020*/ LOP3.LUT R2, R1, 0xffff, RZ, 0xc0, !PT ;',
      '      [B------:R-:W-:-:S05] /*0030*/ EXIT ;',
    ]), 'IADD');
    expect(straight!.asWriter.map((pair) => pair.distance)).toEqual([10]);
  });

  it('a listing that reads an IADD result sooner than its class allows contradicts the table; one that does not, does not', () => {
    const contradicting = (stall: number) => evidenceRows(iaddThenLop(stall)).find((row) => row.opcode === 'IADD')!.contradicting;
    expect(contradicting(5)).toEqual([]);
    expect(contradicting(3).map((pair) => [pair.register, pair.distance])).toEqual([['R1', 3]]);
    expect(tableFit(iaddThenLop(3)).contradicting).toHaveLength(1);
    expect(tableFit(iaddThenLop(5))).toMatchObject({ pairs: 1, contradicting: [] });
  });
});
