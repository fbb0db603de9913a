import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { annotateProgram } from '../impl/annotate/annotate.js';
import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { releaseZ3 } from '../solver/z3.js';
import { proveDepbar } from '../solver/proveDepbar.js';
import { exploreExhaustive } from '../spec/scoreboard/explore.js';
import { runSeed } from '../explore/search.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { consumerHeavyArbitrary } from './arbitraries/barrierGroup.js';
import { deepProgramArbitrary } from './arbitraries/deepProgram.js';
import { programArbitrary } from './arbitraries/program.js';

afterAll(releaseZ3);

describe('annotate pass', () => {
  it('its output is hazard-free under every schedule (exhaustive), also with too few scoreboards', () => {
    const programs = fc.tuple(programArbitrary({ maxInstructions: 6, registers: 3, scoreboards: 6, maxWarps: 2 }), fc.integer({ min: 1, max: 4 }))
      .map(([program, scoreboards]) => ({ ...program, scoreboards }));
    fc.assert(fc.property(programs, (program) => {
      const annotated = annotateProgram(program).program;
      const result = exploreExhaustive(annotated, { maxStates: 40_000 });
      fc.pre(result.complete);
      expect(result.hazards.map((found) => found.hazard)).toEqual([]);
    }), { numRuns: 150 });
  });

  it('its output has no hazard in random schedules of deep programs, counters drained before they overflow', () => {
    const inputs = fc.tuple(deepProgramArbitrary({ maxRepeat: 30 }), fc.constantFrom(63, 7), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 2 ** 30 }));
    fc.assert(fc.property(inputs, ([deep, scoreboardMax, scoreboards, seed]) => {
      const program = annotateProgram({ ...deep, scoreboards }, scoreboardMax).program;
      const simulator = new Simulator(compileProgram(program), scoreboardMax);
      for (let run = 0; run < 10; run++) {
        expect(simulator.run(randomSchedule(program, runSeed(seed, run), 12)).hazards).toEqual([]);
      }
    }), { numRuns: 60 });
  });

  it('every DEPBAR it inserts is proved sound and tight by Z3', async () => {
    let programs = 0;
    await fc.assert(fc.asyncProperty(consumerHeavyArbitrary(), async (program) => {
      const annotated = annotateProgram(program).program;
      const depbars = [...annotated.instructions.entries()].filter(([, instruction]) => instruction.kind === 'depbar');
      // Only programs the pass gave a DEPBAR count as runs: 40 runs are 40 programs with DEPBARs
      // to prove, under every seed (a floor on a count over random programs was met by chance).
      fc.pre(depbars.length > 0);
      programs++;
      for (const [index] of depbars) expect((await proveDepbar(annotated, index, 10_000)).verdict).toBe('sound-tight');
    }), { numRuns: 40 });
    expect(programs).toBe(40);
  });

  it('its output of consumer-heavy programs is hazard-free under every schedule', () => {
    fc.assert(fc.property(consumerHeavyArbitrary(), (program) => {
      const result = exploreExhaustive(annotateProgram(program).program, { maxStates: 60_000 });
      fc.pre(result.complete);
      expect(result.hazards.map((found) => found.hazard)).toEqual([]);
    }), { numRuns: 60 });
  });
});
