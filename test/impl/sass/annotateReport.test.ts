import { describe, expect, it } from 'vitest';
import { annotateSassProgram } from '../../../impl/sass/annotate.js';
import { compareAnnotation, type SassDerivation } from '../../../impl/sass/annotateReport.js';
import { alu, exit, load, program } from '../../spec/sass/build.js';

/** The pass with every stall at its largest: still proved (more stall never uncovers a hazard), and slower. */
const slowPass: SassDerivation = (kernel, maxRounds, shouldStop) => {
  const annotation = annotateSassProgram(kernel, maxRounds, shouldStop);
  return { ...annotation, program: { ...annotation.program, instructions: annotation.program.instructions.map((instruction) => ({ ...instruction, control: { ...instruction.control, stall: 15 } })) } };
};

/** A compiler's kernel: a load, a reader that waits for it, a second reader. */
const safe = program([load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }), alu('R1', ['R0'], { wait: [0], stall: 4 }), alu('R2', ['R1']), exit()]);
/** The same with the reader's wait missing: the analysis cannot prove it. */
const unsafe = program([load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }), alu('R1', ['R0'], { stall: 4 }), alu('R2', ['R1']), exit()]);

describe('compareAnnotation: the fallback to the compiler records', () => {
  it("keeps the compiler's records when the pass's own take more cycles and the compiler's are proved safe, and says so", () => {
    const comparison = compareAnnotation(safe, 5, 11, 8, undefined, [], slowPass);
    expect(comparison.kept).toBe('compiler');
    expect(comparison.compilerProved).toBe(true);
    expect(comparison.program).toBe(safe);
    expect(comparison.proof.verdict).toBe('proved-safe');
    expect(comparison.ownCycles).toBeGreaterThan(comparison.compilerCycles);
    expect(comparison.derivedCycles).toBe(comparison.compilerCycles);
  });

  it("never keeps records the analysis does not prove: slower derived records stay when the compiler's are unproved", () => {
    const comparison = compareAnnotation(unsafe, 5, 11, 8, undefined, [], slowPass);
    expect(comparison.kept).toBe('derived');
    expect(comparison.compilerProved).toBe(false);
    expect(comparison.proof.verdict).toBe('proved-safe');
    expect(comparison.derivedCycles).toBe(comparison.ownCycles);
    expect(comparison.derivedCycles).toBeGreaterThan(comparison.compilerCycles);
  });

  it("keeps the pass's own records when they take no more cycles, without analysing the compiler's", () => {
    const comparison = compareAnnotation(safe, 5, 11, 8);
    expect(comparison.kept).toBe('derived');
    expect(comparison.compilerProved).toBeNull();
    expect(comparison.program).toBe(comparison.annotation.program);
    expect(comparison.proof.verdict).toBe('proved-safe');
    expect(comparison.derivedCycles).toBeLessThanOrEqual(comparison.compilerCycles);
  });

  it('an instruction outside the model blocks the proof of either records', () => {
    const note = { kind: 'unknown-opcode' as const, line: 2, column: 1, message: 'not in the table' };
    const comparison = compareAnnotation(safe, 3, 11, 8, undefined, [note], slowPass);
    expect(comparison.compilerProved).toBe(false);
    expect(comparison.kept).toBe('derived');
    expect(comparison.proof.verdict).toBe('unknown');
  });
});
