import { isDeepStrictEqual } from 'node:util';
import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { traceActions } from '../impl/traceActions.js';
import { exploreExhaustive } from '../spec/scoreboard/explore.js';
import { runSchedule } from '../spec/scoreboard/schedule/runSchedule.js';
import { replay } from '../spec/scoreboard/trace.js';
import type { Hazard } from '../spec/oracle/hazard.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import type { LawInput } from './law.js';
import { firstValueMismatch } from './valueOracle.js';

function differ(what: string, actual: unknown, expected: unknown): string | null {
  if (isDeepStrictEqual(actual, expected)) return null;
  return `${what} differ:\n  got      ${JSON.stringify(actual)}\n  expected ${JSON.stringify(expected)}`;
}

/** impl = spec: the simulator gives the spec's events and hazards under the same schedule. */
export function implEqualsSpec({ program, seed, maxLatency, scoreboardMax }: LawInput, simulator = new Simulator(compileProgram(program), scoreboardMax)): string | null {
  const schedule = randomSchedule(program, seed, maxLatency);
  const spec = runSchedule(program, schedule, scoreboardMax);
  const impl = simulator.run(schedule, true);
  return differ('simulator and spec events', impl.events, spec.events) ?? differ('simulator and spec hazards', impl.hazards, spec.hazards);
}

/** Refinement: the simulator's trace, as spec actions, is accepted step by step and gives the same events and hazards. */
export function refinesSpec({ program, seed, maxLatency, scoreboardMax }: LawInput): string | null {
  const impl = new Simulator(compileProgram(program), scoreboardMax).run(randomSchedule(program, seed, maxLatency), true);
  let trace;
  try {
    trace = replay(program, traceActions(program, impl.events!), scoreboardMax);
  } catch (error) {
    return `the spec does not accept the simulator's trace: ${(error as Error).message}`;
  }
  return differ('replayed and simulated events', trace.steps.flatMap((step) => step.events), impl.events)
    ?? differ('replayed and simulated hazards', trace.hazards, impl.hazards)
    ?? differ('finished flags', trace.finished, impl.finished);
}

/** Every schedule of the program is hazard-free (for programs small enough to explore completely). */
export function hazardFreeUnderEverySchedule({ program }: LawInput): string | null {
  const result = exploreExhaustive(program, { maxStates: 30_000 });
  if (!result.complete) return null; // too big to decide exhaustively: says nothing
  return differ('hazards', result.hazards.map((found) => found.hazard), []);
}

/** Where the oracle says a hazard became visible: the reading instruction, or the final state. */
function site(hazard: Exclude<Hazard, { kind: 'overflow' }>) {
  const reader = hazard.kind === 'RAW' ? hazard.consumer : hazard.kind === 'WAR' ? hazard.producer : hazard.observer ?? 'final';
  return { kind: hazard.kind, warp: hazard.warp, reader, register: hazard.register };
}

/** The oracle agrees with the value-based formulation: hazard iff some value differs, first at the same read, same kind. */
export function oracleAgreesWithValues({ program, seed, maxLatency, scoreboardMax }: LawInput): string | null {
  const run = runSchedule(program, randomSchedule(program, seed, maxLatency), scoreboardMax);
  const finished = !run.hazards.some((h) => h.kind === 'overflow');
  const registerHazards = run.hazards.filter((h): h is Exclude<Hazard, { kind: 'overflow' }> => h.kind !== 'overflow');
  return differ('first value mismatch and first oracle hazard', firstValueMismatch(program, run.events, finished),
    registerHazards.length === 0 ? null : site(registerHazards[0]!));
}
