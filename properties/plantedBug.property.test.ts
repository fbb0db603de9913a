import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import type { Program } from '../spec/scoreboard/program.js';
import { deepProgramArbitrary } from './arbitraries/deepProgram.js';
import { programArbitrary } from './arbitraries/program.js';
import { implEqualsSpec } from './laws.js';
import { findViolation, lawInputs } from './law.js';

/** A simulator whose scoreboard counters have 4 bits instead of 6: wrong only with 16 or more outstanding events on one scoreboard. */
class FourBitCounters extends Simulator {
  protected override counterValue(value: number): number {
    return value & 15;
  }
}

const buggy = (program: Program, max: number) => new FourBitCounters(compileProgram(program), max);
const inputs = (programs: fc.Arbitrary<Program>) => lawInputs(programs, fc.constant(63));

describe('planted deep bug (4-bit scoreboard counters)', () => {
  it('is found by impl = spec over deep programs, shrunk to one scoreboard run just past 15', () => {
    const violation = findViolation(inputs(deepProgramArbitrary()), (input) => implEqualsSpec(input, buggy(input.program, input.scoreboardMax)), 300);
    expect(violation).not.toBeNull();
    const producers = violation!.input.program.instructions.filter((i) => i.control.writeScoreboard !== null || i.control.readScoreboard !== null);
    expect(producers.length).toBeGreaterThanOrEqual(16);
  });

  it('is out of reach of short generic programs (which is why the deep generators exist)', () => {
    const violation = findViolation(inputs(programArbitrary({ maxInstructions: 10, registers: 4, scoreboards: 3, maxWarps: 3 })),
      (input) => implEqualsSpec(input, buggy(input.program, input.scoreboardMax)), 300);
    expect(violation).toBeNull();
  });
});
