import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { proveWholeProgram } from '../solver/wholeProgram.js';
import { releaseZ3 } from '../solver/z3.js';
import { exploreExhaustive } from '../spec/scoreboard/explore.js';
import { replay } from '../spec/scoreboard/trace.js';
import { programArbitrary } from './arbitraries/program.js';

afterAll(releaseZ3);

describe('whole-program proof', () => {
  it('Z3 and exhaustive exploration agree on whether a program has a hazard; every Z3 schedule replays to a hazard', async () => {
    const programs = programArbitrary({ maxInstructions: 5, registers: 3, scoreboards: 2, maxWarps: 2 });
    await fc.assert(fc.asyncProperty(programs, async (program) => {
      const exhaustive = exploreExhaustive(program, { maxStates: 50_000, scoreboardMax: 1_000 });
      fc.pre(exhaustive.complete);
      const answer = await proveWholeProgram(program, 20_000, false);
      expect(answer.verdict).not.toBe('unknown');
      expect(answer.verdict === 'counterexample').toBe(exhaustive.hazards.length > 0);
      if (answer.verdict === 'counterexample') {
        const trace = replay(program, answer.actions, 1_000);
        expect(trace.hazards.length).toBeGreaterThan(0);
      }
    }), { numRuns: 150 });
  });
});
