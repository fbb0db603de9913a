import { describe, expect, it } from 'vitest';
import { listingKernelsOfText, type LoadedKernel } from '../../../format/sass/loadKernels.js';
import { mutants } from '../../../impl/sass/mutate.js';

/** One kernel of CuAssembler lines under `arch`, lowered on both sides of its table as `check` lowers it. */
function kernelOf(arch: string, lines: readonly string[]): LoadedKernel {
  const text = ['\t.section\t.text.k,"ax",@progbits', ...lines].join('\n');
  return listingKernelsOfText(text, 'k.cuasm', { from: 'cuasm', architecture: arch, kernels: [] })[0]!;
}

// Every kind of mutant: waits to drop, a stall to lower, a DEPBAR to raise, write scoreboards to move.
// On sm_90 no source times LDG or IADD3, so the two sides of the table differ on both.
const LINES = [
  '      [B------:R-:W0:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
  '      [B------:R-:W1:-:S02] /*0010*/ LDG.E.SYS R7, [R2+0x4] ;',
  '      [B------:R-:W-:-:S02] /*0020*/ DEPBAR.LE SB1, 0x0 ;',
  '      [B0-----:R-:W-:-:S04] /*0030*/ IADD3 R6, R5, R7, RZ ;',
  '      [B------:R-:W-:-:S05] /*0040*/ EXIT ;',
];

describe('mutants: one protection removed, on both sides of the kernel', () => {
  it('changes the same control record or DEPBAR limit at the same index of the counterexample program, and nothing else', () => {
    const kernel = kernelOf('sm_90', LINES);
    const side = kernel.counterexample!;
    expect(side, 'sm_90 has facts no source gives: a counterexample side').not.toBeNull();
    const all = mutants(kernel);
    expect(new Set(all.map((mutant) => mutant.kind))).toEqual(new Set(['drop-wait', 'lower-stall', 'raise-depbar', 'move-scoreboard']));
    for (const mutant of all) {
      const proof = mutant.program.instructions;
      const counterexample = mutant.counterexample!;
      expect(counterexample.gaps, mutant.change).toBe(side.gaps);
      counterexample.program.instructions.forEach((instruction, index) => {
        const original = side.program.instructions[index]!;
        if (index !== mutant.instruction) {
          expect(instruction, `${mutant.change}: instruction ${index}`).toBe(original);
          return;
        }
        // The changed fields are the proof side's; every other field stays the counterexample side's own (its unit, its latency class).
        expect(instruction.control, mutant.change).toEqual(proof[index]!.control);
        expect(instruction.depbar, mutant.change).toEqual(proof[index]!.depbar);
        expect({ ...instruction, control: original.control, depbar: original.depbar }, mutant.change).toEqual(original);
        expect(instruction, mutant.change).not.toEqual(original);
      });
      // The proof program is the kernel's with the one change.
      mutant.program.instructions.forEach((instruction, index) => {
        if (index !== mutant.instruction) expect(instruction).toBe(kernel.program.instructions[index]);
      });
    }
  });

  it('a kernel whose two sides agree (no counterexample side) gives mutants with none', () => {
    const kernel = kernelOf('sm_90', LINES);
    for (const mutant of mutants({ program: kernel.program })) expect(mutant.counterexample).toBeNull();
    expect(mutants({ program: kernel.program }).map((mutant) => mutant.change)).toEqual(mutants(kernel).map((mutant) => mutant.change));
  });
});
