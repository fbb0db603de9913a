import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreExhaustive } from '../spec/scoreboard/explore.js';
import { runLatencySchedule } from '../spec/scoreboard/schedule/runSchedule.js';
import { replay } from '../spec/scoreboard/trace.js';
import { hazardKey } from '../spec/oracle/hazard.js';
import { DEFAULT_CONTROL, type Program } from '../spec/scoreboard/program.js';
import { programArbitrary, SMALL_SHAPE } from './arbitraries/program.js';

const seed = fc.integer({ min: 0, max: 2 ** 31 });
const maxLatency = fc.integer({ min: 1, max: 6 });

describe('exploration laws', () => {
  it('every random latency schedule is a schedule of the reference model, with the same hazards on replay', () => {
    fc.assert(fc.property(programArbitrary({ ...SMALL_SHAPE, maxInstructions: 8, maxWarps: 2 }), seed, maxLatency, (program, runSeed, latency) => {
      const run = runLatencySchedule(program, runSeed, latency);
      expect(replay(program, run.schedule).hazards).toEqual(run.hazards);
    }), { numRuns: 200 });
  });

  it('exhaustive search finds every hazard a random schedule finds', () => {
    fc.assert(fc.property(programArbitrary(SMALL_SHAPE), seed, (program, runSeed) => {
      const exhaustive = exploreExhaustive(program, { maxStates: 20_000 });
      fc.pre(exhaustive.complete);
      const known = new Set(exhaustive.hazards.map((found) => hazardKey(found.hazard)));
      for (let run = 0; run < 5; run++) {
        for (const hazard of runLatencySchedule(program, runSeed + run, 4).hazards) expect(known).toContain(hazardKey(hazard));
      }
    }), { numRuns: 100 });
  });

  it('under .interlock registers every program is hazard-free without any annotation (seed 003)', () => {
    const stripped = programArbitrary({ ...SMALL_SHAPE, maxInstructions: 6 }).map((program): Program => ({
      ...program,
      interlock: true,
      instructions: program.instructions.filter((i) => i.kind === 'op').map((i) => ({ ...i, control: DEFAULT_CONTROL })),
    }));
    fc.assert(fc.property(stripped, (program) => {
      const result = exploreExhaustive(program, { maxStates: 50_000 });
      fc.pre(result.complete);
      expect(result.hazards).toEqual([]);
    }), { numRuns: 100 });
  });
});
