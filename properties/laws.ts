import { expect } from 'vitest';
import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { traceActions } from '../impl/traceActions.js';
import { runSchedule } from '../spec/explore/latencySchedule.js';
import { replay } from '../spec/explore/trace.js';
import { randomSchedule } from '../spec/schedule/latencySchedule.js';
import type { LawInput } from './law.js';

/** impl = spec: the simulator gives the spec's events and hazards under the same schedule. */
export function implEqualsSpec({ program, seed, maxLatency, scoreboardMax }: LawInput, simulator = new Simulator(compileProgram(program), scoreboardMax)): void {
  const schedule = randomSchedule(program, seed, maxLatency);
  const spec = runSchedule(program, schedule, scoreboardMax);
  const impl = simulator.run(schedule, true);
  expect(impl.events).toEqual(spec.events);
  expect(impl.hazards).toEqual(spec.hazards);
}

/** Refinement: the simulator's trace, as spec actions, is accepted step by step and gives the same events and hazards. */
export function refinesSpec({ program, seed, maxLatency, scoreboardMax }: LawInput): void {
  const impl = new Simulator(compileProgram(program), scoreboardMax).run(randomSchedule(program, seed, maxLatency), true);
  const trace = replay(program, traceActions(program, impl.events!), scoreboardMax);
  expect(trace.steps.flatMap((step) => step.events)).toEqual(impl.events);
  expect(trace.hazards).toEqual(impl.hazards);
  expect(trace.finished).toBe(impl.finished);
}
