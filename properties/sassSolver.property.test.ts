import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { exploreAll } from '../explore/exhaustive.js';
import { analyze } from '../impl/sass/analysis/fixpoint.js';
import { isStraightLine, proveSassStraightLine } from '../solver/sassStraightLine.js';
import { releaseZ3 } from '../solver/z3.js';
import { sassSystem } from '../spec/sass/system.js';
import { sassProgramArbitrary } from './arbitraries/sassProgram.js';

afterAll(releaseZ3);

describe('Z3 as a second judge of SASS kernels (straight-line, no guards)', () => {
  it('agrees with exhaustive search on every kernel, and never contradicts a proof of the fast analysis', async () => {
    const tally = { kernels: 0, hazard: 0, proved: 0, unknown: 0 };
    await fc.assert(fc.asyncProperty(sassProgramArbitrary({ maxInstructions: 6, loops: false, straightLine: true }), async (program) => {
      expect(isStraightLine(program)).toBe(true);
      const exploration = exploreAll(sassSystem(program), { maxStates: 50_000 });
      // Runs are kernels both sides decide: every one of them is compared.
      fc.pre(exploration.complete);
      const answer = await proveSassStraightLine(program, 10_000);
      if (answer.verdict === 'unknown') tally.unknown++;
      fc.pre(answer.verdict !== 'unknown');
      tally.kernels++;
      const hazard = exploration.witnesses.length > 0;
      tally[hazard ? 'hazard' : 'proved']++;
      expect(answer.verdict, `exhaustive search found ${JSON.stringify(exploration.witnesses.map((w) => w.finding))}`).toBe(hazard ? 'hazard' : 'proved');
      if (analyze(program).suspicions.length === 0) expect(answer.verdict).toBe('proved');
    }), { numRuns: 60 });
    console.log(`Z3 vs exhaustive on straight-line kernels: ${tally.kernels} agreed (${tally.hazard} with a hazard, ${tally.proved} proved), ${tally.unknown} unknown`);
    expect(tally.kernels).toBe(60);
  });
});
