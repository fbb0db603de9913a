import { exploreExhaustive } from '../spec/scoreboard/explore.js';
import type { FoundHazard } from '../spec/scoreboard/found.js';
import { searchForFindings, type CheckSearchOptions, type CheckSummary, type SearchMode } from '../explore/search.js';
import type { Action } from '../spec/scoreboard/machine/action.js';
import { hazardKey, type Hazard } from '../spec/oracle/hazard.js';
import { DEFAULT_SCOREBOARD_MAX } from '../spec/scoreboard/machine/step.js';
import type { Program } from '../spec/scoreboard/program.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { compileProgram } from './compiled.js';
import { Simulator } from './simulator.js';
import { traceActions } from './traceActions.js';

/** How `check` searches: exhaustive, random, or exhaustive when it fits and random otherwise. */
export type CheckMode = SearchMode;

/** Options of `checkProgram`. */
export interface CheckOptions extends CheckSearchOptions {
  readonly scoreboardMax?: number;
}

/** What `check` concluded, with the evidence and what was covered. */
export interface CheckResult extends CheckSummary {
  readonly hazards: readonly FoundHazard[];
}

/** Defaults of the CLI and of `checkProgram` callers that do not care. */
export const DEFAULT_CHECK_OPTIONS: Omit<CheckOptions, 'seed'> = {
  mode: 'auto', runs: 1000, maxLatency: 8, maxStates: 200_000,
};

/** Searches the schedules of a program for hazards and states a verdict (see `Verdict`). */
export function checkProgram(program: Program, options: CheckOptions): CheckResult {
  const started = performance.now();
  const scoreboardMax = options.scoreboardMax ?? DEFAULT_SCOREBOARD_MAX;
  const simulator = new Simulator(compileProgram(program), scoreboardMax);
  const result = searchForFindings<Hazard, Action>({
    exhaustive: (onProgress, shouldStop) => {
      const explored = exploreExhaustive(program, { maxStates: options.maxStates, scoreboardMax, onProgress, shouldStop });
      return { ...explored, found: explored.hazards.map(({ hazard, schedule, seed }) => ({ finding: hazard, schedule, seed })) };
    },
    // Random schedules run on the simulator (checked equal to the spec by the property suites);
    // a schedule with a hazard is run again with a trace, whose spec actions every report replays.
    randomRun: (seed) => {
      const schedule = randomSchedule(program, seed, options.maxLatency);
      if (simulator.run(schedule).hazards.length === 0) return [];
      const run = simulator.run(schedule, true);
      const actions = traceActions(program, run.events!);
      return run.hazards.map((hazard) => ({ finding: hazard, schedule: actions, seed }));
    },
    findingKey: hazardKey,
    noun: 'hazard(s)',
    covers: `latency schedule of any length${program.warps > 1 ? ' and every interleaving of its warps' : ''}`,
    ruledOut: 'no transition or final state has a hazard',
    randomSchedules: `delays 1..${options.maxLatency} cycles`,
    nothingFound: 'no hazard',
  }, options);
  return {
    verdict: result.verdict, reason: result.reason,
    hazards: result.found.map(({ finding, schedule, seed }) => ({ hazard: finding, schedule, seed })),
    schedulesExplored: result.schedulesExplored, statesExplored: result.statesExplored, exhaustiveComplete: result.exhaustiveComplete,
    seed: options.seed, runs: options.runs, maxLatency: options.maxLatency, elapsedMs: performance.now() - started,
  };
}
