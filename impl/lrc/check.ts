import { exploreAll } from '../../explore/exhaustive.js';
import { searchForFindings, type CheckSearchOptions, type CheckSummary, type Found } from '../../explore/search.js';
import type { LrcAction } from '../../spec/lrc/action.js';
import { lrcFindingKey, type LrcFinding } from '../../spec/lrc/finding.js';
import type { LrcProgram } from '../../spec/lrc/program.js';
import { randomLrcSchedule } from '../../spec/lrc/schedule.js';
import { lrcSystem } from '../../spec/lrc/system.js';
import { compileLrcProgram } from './compiled.js';
import { LrcSimulator } from './simulator.js';
import { lrcTraceActions } from './traceActions.js';

/** A finding with a schedule (spec actions) that shows it, and the seed of the random schedule that found it (null: exhaustive search). */
export type FoundLrc = Found<LrcFinding, LrcAction>;

/** Options of `checkLrcProgram` (the same meaning as the scoreboard machine's `check`). */
export type LrcCheckOptions = CheckSearchOptions;

/** What `check` concluded on an LRC program, with the evidence and what was covered. */
export interface LrcCheckResult extends CheckSummary {
  readonly findings: readonly FoundLrc[];
}

/**
 * Searches the schedules of an LRC program for hazards, counter overflows and deadlocks and
 * states a verdict. Exhaustive search of the clock-free state space is a proof (see the README);
 * when it does not fit, random latency schedules under round-robin arbitration run on the
 * optimized simulator, and a schedule with a finding is traced and turned into spec actions.
 */
export function checkLrcProgram(program: LrcProgram, options: LrcCheckOptions): LrcCheckResult {
  const started = performance.now();
  const simulator = new LrcSimulator(compileLrcProgram(program));
  const result = searchForFindings<LrcFinding, LrcAction>({
    exhaustive: (onProgress, shouldStop) => {
      const explored = exploreAll(lrcSystem(program), { maxStates: options.maxStates, onProgress, shouldStop });
      const found = explored.witnesses.map(({ finding, path }) => ({ finding, schedule: path, seed: null }));
      return { complete: explored.complete, states: explored.distinctStates, transitions: explored.transitions, found };
    },
    randomRun: (seed) => {
      const schedule = randomLrcSchedule(program, seed, options.maxLatency);
      if (simulator.run(schedule).findings.length === 0) return [];
      const run = simulator.run(schedule, true);
      const actions = lrcTraceActions(program, run.events!);
      return run.findings.map((finding) => ({ finding, schedule: actions, seed }));
    },
    findingKey: lrcFindingKey,
    noun: 'finding(s)',
    covers: 'schedule (every delay of every request and return, every order of returns a class allows, and every choice of the resource manager)',
    ruledOut: 'none has a hazard, a counter overflow or a deadlock',
    randomSchedules: `delays 1..${options.maxLatency} cycles, round-robin arbitration`,
    nothingFound: 'nothing found',
  }, options);
  return {
    verdict: result.verdict, reason: result.reason, findings: result.found,
    schedulesExplored: result.schedulesExplored, statesExplored: result.statesExplored, exhaustiveComplete: result.exhaustiveComplete,
    seed: options.seed, runs: options.runs, maxLatency: options.maxLatency, elapsedMs: performance.now() - started,
  };
}
