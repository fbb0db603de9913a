import { describe, expect, it } from 'vitest';
import { protectedDependencies } from '../../impl/depbar/protectedDependencies.js';
import { hp } from '../helpers.js';

const PATENT = hp(`.pipe tex queue 16: TEX\n.pipe alu fixed 4: FMUL
[B------:R-:W0:-:S01] TEX R0 <- R10, R11
[B------:R-:W0:-:S01] TEX R1 <- R12, R13
[B------:R-:W0:-:S01] TEX R2 <- R14, R15
DEPBAR.LE SB0, 2
FMUL R3 <- R0, R0
DEPBAR.LE SB0, 1
FMUL R4 <- R1, R1
DEPBAR.LE SB0, 0
FMUL R5 <- R2, R2
`);

describe('protectedDependencies', () => {
  it("assigns each of the patent's DEPBARs its FMUL's texture write, with largest safe immediates 2, 1, 0", () => {
    const summary = (depbar: number) => protectedDependencies(PATENT, depbar).map(({ kind, register, producer, consumer, largestSafe }) => ({ kind, register, producer, consumer, largestSafe }));
    expect(summary(3)).toEqual([{ kind: 'RAW', register: 'R0', producer: 0, consumer: 4, largestSafe: 2 }]);
    expect(summary(5)).toEqual([{ kind: 'RAW', register: 'R1', producer: 1, consumer: 6, largestSafe: 1 }]);
    expect(summary(7)).toEqual([{ kind: 'RAW', register: 'R2', producer: 2, consumer: 8, largestSafe: 0 }]);
  });

  it('leaves out dependencies another barrier already covers', () => {
    const program = hp(`.pipe tex queue 16: TEX\n.pipe lsu queue 4: LDG\n.pipe alu fixed 4: FMUL
[B------:R-:W0:-:S01] TEX R0 <- R10\n[B------:R-:W1:-:S01] LDG R1 <- R12\nDEPBAR.LE SB0, 0\n[B-1----:R-:W-:-:S01] FMUL R4 <- R1, R0\n`);
    expect(protectedDependencies(program, 2).map((d) => d.register)).toEqual(['R0']);
  });

  it('counts on in-order completion: waiting for a later write of the same pipe covers an earlier one', () => {
    const program = hp(`.pipe tex queue 16: TEX\n.pipe alu fixed 4: FMUL
[B------:R-:W0:-:S01] TEX R0 <- R10\n[B------:R-:W1:-:S01] TEX R1 <- R12\nDEPBAR.LE SB0, 0\n[B-1----:R-:W-:-:S01] FMUL R4 <- R1, R0\n`);
    expect(protectedDependencies(program, 2)).toEqual([]);
  });
});
