import { exploreExhaustive } from '../spec/scoreboard/explore.js';
import { hazardCollection, type FoundHazard } from '../spec/scoreboard/found.js';
import { runSeed } from '../spec/scoreboard/schedule/runSchedule.js';
import type { Verdict } from '../explore/verdict.js';
import { DEFAULT_SCOREBOARD_MAX } from '../spec/scoreboard/machine/step.js';
import type { Program } from '../spec/scoreboard/program.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { compileProgram } from './compiled.js';
import { Simulator } from './simulator.js';
import { traceActions } from './traceActions.js';

/** How `check` searches: exhaustive, random, or exhaustive when it fits and random otherwise. */
export type CheckMode = 'auto' | 'exhaustive' | 'random';

/** Options of `checkProgram`. */
export interface CheckOptions {
  readonly mode: CheckMode;
  readonly seed: number;
  /** Random schedules to run (random mode, or auto when exhaustive search does not fit). */
  readonly runs: number;
  /** Largest queue or execution delay of a random schedule, in cycles. */
  readonly maxLatency: number;
  /** State budget of exhaustive search. */
  readonly maxStates: number;
  readonly scoreboardMax?: number;
  readonly onProgress?: (progress: { phase: 'exhaustive' | 'random'; done: number; total: number | null }) => void;
}

/** What `check` concluded, with the evidence and what was covered. */
export interface CheckResult {
  readonly verdict: Verdict;
  /** Why the verdict holds: what was covered, or why the search could not conclude. */
  readonly reason: string;
  readonly hazards: readonly FoundHazard[];
  /** `'all'` when exhaustive search covered every schedule, else the number of random schedules run. */
  readonly schedulesExplored: number | 'all';
  /** Distinct machine states visited by exhaustive search, or null if it did not run. */
  readonly statesExplored: number | null;
  readonly exhaustiveComplete: boolean | null;
  readonly seed: number;
  readonly runs: number;
  readonly maxLatency: number;
  readonly elapsedMs: number;
}

/** Defaults of the CLI and of `checkProgram` callers that do not care. */
export const DEFAULT_CHECK_OPTIONS: Omit<CheckOptions, 'seed'> = {
  mode: 'auto', runs: 1000, maxLatency: 8, maxStates: 200_000,
};

/** Searches the schedules of a program for hazards and states a verdict (see `Verdict`). */
export function checkProgram(program: Program, options: CheckOptions): CheckResult {
  const started = performance.now();
  const scoreboardMax = options.scoreboardMax ?? DEFAULT_SCOREBOARD_MAX;
  const base = { seed: options.seed, runs: options.runs, maxLatency: options.maxLatency };
  const finish = (rest: Omit<CheckResult, 'seed' | 'runs' | 'maxLatency' | 'elapsedMs'>): CheckResult =>
    ({ ...rest, ...base, elapsedMs: performance.now() - started });
  const interleavings = program.warps > 1 ? ' and every interleaving of its warps' : '';
  let statesExplored: number | null = null;
  let exhaustiveComplete: boolean | null = null;
  let stoppedNote = '';
  if (options.mode !== 'random') {
    const result = exploreExhaustive(program, {
      maxStates: options.maxStates,
      scoreboardMax,
      onProgress: (states) => options.onProgress?.({ phase: 'exhaustive', done: states, total: options.maxStates }),
    });
    statesExplored = result.states;
    exhaustiveComplete = result.complete;
    const common = { hazards: result.hazards, schedulesExplored: result.complete ? 'all' as const : 0, statesExplored, exhaustiveComplete };
    if (result.hazards.length > 0) {
      const how = result.complete ? `exhaustive search of all ${result.states} reachable states` : `exhaustive search (stopped at the ${options.maxStates}-state limit)`;
      return finish({ verdict: 'hazard', reason: `${result.hazards.length} distinct hazard(s) found by ${how}; each comes with a shortest schedule`, ...common });
    }
    if (result.complete) {
      const reason = `explored all ${result.states} reachable states (${result.transitions} transitions) of the machine with the clock abstracted away; ` +
        `every latency schedule of any length${interleavings} passes only through these states, and no transition or final state has a hazard`;
      return finish({ verdict: 'proved-safe', reason, ...common });
    }
    if (options.mode === 'exhaustive') {
      const reason = `exhaustive search reached the ${options.maxStates}-state limit without finishing and found no hazard; raise --max-states or use --mode random`;
      return finish({ verdict: 'unknown', reason, ...common });
    }
    stoppedNote = `; exhaustive search stopped at the ${options.maxStates}-state limit first`;
  }
  // Random schedules run on the simulator (checked equal to the spec by the property suites);
  // a schedule with a hazard is run again with a trace, whose spec actions every report replays.
  const hazards = hazardCollection();
  const simulator = new Simulator(compileProgram(program), scoreboardMax);
  for (let index = 0; index < options.runs; index++) {
    if (index % 256 === 0) options.onProgress?.({ phase: 'random', done: index, total: options.runs });
    const seed = runSeed(options.seed, index);
    const schedule = randomSchedule(program, seed, options.maxLatency);
    if (simulator.run(schedule).hazards.length === 0) continue;
    const run = simulator.run(schedule, true);
    const actions = traceActions(program, run.events!);
    for (const hazard of run.hazards) hazards.add({ hazard, schedule: actions, seed });
  }
  const covered = `${options.runs} random schedules (delays 1..${options.maxLatency} cycles, seeds ${options.seed}..${runSeed(options.seed, options.runs - 1)})`;
  const common = { hazards: hazards.list(), schedulesExplored: options.runs, statesExplored, exhaustiveComplete };
  if (hazards.size > 0) {
    return finish({ verdict: 'hazard', reason: `${hazards.size} distinct hazard(s) found in ${covered}${stoppedNote}`, ...common });
  }
  return finish({ verdict: 'no-hazard-found', reason: `no hazard in ${covered}${stoppedNote}; this is not a proof`, ...common });
}
