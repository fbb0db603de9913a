import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { programArbitrary } from '../../properties/arbitraries/program.js';
import { encodeWholeProgram } from '../../solver/wholeProgramEncoding.js';
import { releaseZ3, withZ3 } from '../../solver/z3.js';
import { benchmarkProgram, missingWaitProgram } from '../../bench/programs.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { hp, PIPES } from '../helpers.js';
import { pairwiseEncoding } from './pairwiseEncoding.js';

afterAll(releaseZ3);

/**
 * Asks Z3 whether the pruned encoding and the pairwise one allow the same schedules and agree on
 * the hazard in each: every pairwise constraint follows from the pruned machine and vice versa,
 * and under the machine the two hazards are equivalent. Returns the first disagreement found.
 */
function disagreement(program: Program): Promise<string | null> {
  return withZ3(async (z3) => {
    const pruned = encodeWholeProgram(z3, program);
    const pairwise = pairwiseEncoding(z3, program);
    const follows = async (premises: readonly ReturnType<typeof z3.Bool.val>[], conclusion: ReturnType<typeof z3.Bool.val>) => {
      const solver = new z3.Solver();
      for (const premise of premises) solver.add(premise);
      solver.add(z3.Not(conclusion));
      return (await solver.check()) === 'unsat';
    };
    const all = (formulas: readonly ReturnType<typeof z3.Bool.val>[]) => (formulas.length === 0 ? z3.Bool.val(true) : z3.And(...formulas));
    if (!(await follows(pruned.machine, all(pairwise.machine)))) return 'the pruned machine allows a schedule the pairwise one does not';
    if (!(await follows(pairwise.machine, all(pruned.machine)))) return 'the pairwise machine allows a schedule the pruned one does not';
    if (!(await follows(pruned.machine, z3.Eq(pruned.hazard, pairwise.hazard)))) return 'the hazards differ on some schedule';
    return null;
  });
}

describe('encodeWholeProgram', () => {
  it('allows exactly the schedules of the pairwise encoding, with the same hazards (random programs, up to 2 warps)', async () => {
    const programs = programArbitrary({ maxInstructions: 8, registers: 3, scoreboards: 2, maxWarps: 2 });
    await fc.assert(fc.asyncProperty(programs, async (program) => {
      expect(await disagreement(program)).toBeNull();
    }), { numRuns: 30 });
  });

  it('does so on the benchmark program, one with a missing wait, and a waiting instruction counted by a later DEPBAR', async () => {
    // The second TEX waits on SB0 and counts its own write there: the DEPBAR must still count that write.
    expect(await disagreement(hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R10
[B0-----:R-:W0:-:S01] TEX R1 <- R11
[B------:R-:W0:-:S01] TEX R2 <- R12
DEPBAR.LE SB0, 1
FMUL R3 <- R1, R2
`))).toBeNull();
    expect(await disagreement(benchmarkProgram(24))).toBeNull();
    expect(await disagreement(missingWaitProgram(24))).toBeNull();
    expect(await disagreement({ ...benchmarkProgram(12), warps: 2 })).toBeNull();
  });
});
