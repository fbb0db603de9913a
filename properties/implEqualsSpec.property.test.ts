import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { traceActions } from '../impl/traceActions.js';
import { runSchedule } from '../spec/explore/latencySchedule.js';
import { replay } from '../spec/explore/trace.js';
import { randomSchedule } from '../spec/schedule/latencySchedule.js';
import type { Program } from '../spec/program.js';
import { deepProgramArbitrary } from './arbitraries/deepProgram.js';
import { programArbitrary } from './arbitraries/program.js';

const seed = fc.integer({ min: 0, max: 2 ** 31 });
const latency = fc.integer({ min: 1, max: 10 });
const scoreboardMax = fc.constantFrom(63, 7, 3);
const programs = fc.oneof(
  programArbitrary({ maxInstructions: 10, registers: 4, scoreboards: 3, maxWarps: 3 }),
  deepProgramArbitrary(),
);

function both(program: Program, scheduleSeed: number, maxLatency: number, max: number) {
  const schedule = randomSchedule(program, scheduleSeed, maxLatency);
  return { spec: runSchedule(program, schedule, max), impl: new Simulator(compileProgram(program), max).run(schedule, true) };
}

describe('impl = spec', () => {
  it('the simulator gives the same events and hazards as the spec under the same schedule', () => {
    fc.assert(fc.property(programs, seed, latency, scoreboardMax, (program, scheduleSeed, maxLatency, max) => {
      const { spec, impl } = both(program, scheduleSeed, maxLatency, max);
      expect(impl.events).toEqual(spec.events);
      expect(impl.hazards).toEqual(spec.hazards);
    }), { numRuns: 300 });
  });

  it('refinement: every simulator trace is a trace of the spec transition system, with the same hazards', () => {
    fc.assert(fc.property(programs, seed, latency, scoreboardMax, (program, scheduleSeed, maxLatency, max) => {
      const impl = new Simulator(compileProgram(program), max).run(randomSchedule(program, scheduleSeed, maxLatency), true);
      const trace = replay(program, traceActions(program, impl.events!), max);
      expect(trace.steps.flatMap((step) => step.events)).toEqual(impl.events);
      expect(trace.hazards).toEqual(impl.hazards);
      expect(trace.finished).toBe(impl.finished);
    }), { numRuns: 300 });
  });
});
