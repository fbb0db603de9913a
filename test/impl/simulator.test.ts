import { describe, expect, it } from 'vitest';
import { compileProgram } from '../../impl/compiled.js';
import { Simulator } from '../../impl/simulator.js';
import { runSchedule } from '../../spec/scoreboard/schedule/runSchedule.js';
import { eagerSchedule, randomSchedule } from '../../spec/scoreboard/schedule/latencySchedule.js';
import { hp, PIPES } from '../helpers.js';

describe('Simulator', () => {
  it('produces the spec events and hazards for the eager schedule', () => {
    const program = hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\nFMUL R2 <- R0\n[B0-----:R1:W-:-:S02] STG <- R2\nMOV R2 <- RZ\nNOP\n`);
    const spec = runSchedule(program, eagerSchedule(program));
    const impl = new Simulator(compileProgram(program)).run(eagerSchedule(program), true);
    expect(impl.events).toEqual(spec.events);
    expect(impl.hazards).toEqual(spec.hazards);
  });

  it('agrees with the spec on random schedules of the bundled-example shapes', () => {
    const program = hp(`.warps 2\n${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\n[B------:R-:W0:-:S01] TEX R3 <- R1\nDEPBAR.LE SB0, 1\nFMUL R2 <- R0\nLDG R3 <- R2\nMOV R1 <- RZ\n`);
    const simulator = new Simulator(compileProgram(program));
    for (let seed = 0; seed < 50; seed++) {
      const schedule = randomSchedule(program, seed, 6);
      const spec = runSchedule(program, schedule);
      const impl = simulator.run(schedule, true);
      expect(impl.events, `seed ${seed}`).toEqual(spec.events);
      expect(impl.hazards, `seed ${seed}`).toEqual(spec.hazards);
    }
  });
});
