import { exploreAll } from '../../explore/exhaustive.js';
import { runSeed } from '../../spec/scoreboard/schedule/runSchedule.js';
import type { Verdict } from '../../explore/verdict.js';
import { FirstWitnesses } from '../../explore/witnesses.js';
import type { LrcAction } from '../../spec/lrc/action.js';
import { lrcFindingKey, type LrcFinding } from '../../spec/lrc/finding.js';
import type { LrcProgram } from '../../spec/lrc/program.js';
import { randomLrcSchedule, runLrcSchedule } from '../../spec/lrc/schedule.js';
import { lrcSystem } from '../../spec/lrc/system.js';

/** A finding with a schedule (spec actions) that shows it, and the seed of the random schedule that found it (null: exhaustive search). */
export interface FoundLrc {
  readonly finding: LrcFinding;
  readonly schedule: readonly LrcAction[];
  readonly seed: number | null;
}

/** Options of `checkLrcProgram` (the same meaning as the scoreboard machine's `check`). */
export interface LrcCheckOptions {
  readonly mode: 'auto' | 'exhaustive' | 'random';
  readonly seed: number;
  readonly runs: number;
  readonly maxLatency: number;
  readonly maxStates: number;
  readonly onProgress?: (progress: { phase: 'exhaustive' | 'random'; done: number; total: number | null }) => void;
}

/** What `check` concluded on an LRC program, with the evidence and what was covered. */
export interface LrcCheckResult {
  readonly verdict: Verdict;
  readonly reason: string;
  readonly findings: readonly FoundLrc[];
  readonly schedulesExplored: number | 'all';
  readonly statesExplored: number | null;
  readonly exhaustiveComplete: boolean | null;
  readonly seed: number;
  readonly runs: number;
  readonly maxLatency: number;
  readonly elapsedMs: number;
}

const COVERS = 'every delay of every request and return, every order of returns a class allows, and every choice of the resource manager';

/**
 * Searches the schedules of an LRC program for hazards, counter overflows and deadlocks and
 * states a verdict. Exhaustive search of the clock-free state space is a proof (see the README);
 * when it does not fit, random latency schedules under round-robin arbitration look for findings.
 */
export function checkLrcProgram(program: LrcProgram, options: LrcCheckOptions): LrcCheckResult {
  const started = performance.now();
  const base = { seed: options.seed, runs: options.runs, maxLatency: options.maxLatency };
  const finish = (rest: Omit<LrcCheckResult, 'seed' | 'runs' | 'maxLatency' | 'elapsedMs'>): LrcCheckResult =>
    ({ ...rest, ...base, elapsedMs: performance.now() - started });
  let statesExplored: number | null = null;
  let exhaustiveComplete: boolean | null = null;
  let stoppedNote = '';
  if (options.mode !== 'random') {
    const result = exploreAll(lrcSystem(program), {
      maxStates: options.maxStates,
      onProgress: (states) => options.onProgress?.({ phase: 'exhaustive', done: states, total: options.maxStates }),
    });
    statesExplored = result.distinctStates;
    exhaustiveComplete = result.complete;
    const findings = result.witnesses.map(({ finding, path }) => ({ finding, schedule: path, seed: null }));
    const common = { findings, schedulesExplored: result.complete ? 'all' as const : 0, statesExplored, exhaustiveComplete };
    if (findings.length > 0) {
      const how = result.complete ? `exhaustive search of all ${result.distinctStates} reachable states` : `exhaustive search (stopped at the ${options.maxStates}-state limit)`;
      return finish({ verdict: 'hazard', reason: `${findings.length} distinct finding(s) found by ${how}; each comes with a shortest schedule`, ...common });
    }
    if (result.complete) {
      const reason = `explored all ${result.distinctStates} reachable states (${result.transitions} transitions) of the machine with the clock abstracted away; ` +
        `every schedule (${COVERS}) passes only through these states, and none has a hazard, a counter overflow or a deadlock`;
      return finish({ verdict: 'proved-safe', reason, ...common });
    }
    if (options.mode === 'exhaustive') {
      const reason = `exhaustive search reached the ${options.maxStates}-state limit without finishing and found nothing; raise --max-states or use --mode random`;
      return finish({ verdict: 'unknown', reason, ...common });
    }
    stoppedNote = `; exhaustive search stopped at the ${options.maxStates}-state limit first`;
  }
  const found = new FirstWitnesses<FoundLrc>((entry) => lrcFindingKey(entry.finding));
  for (let index = 0; index < options.runs; index++) {
    if (index % 64 === 0) options.onProgress?.({ phase: 'random', done: index, total: options.runs });
    const seed = runSeed(options.seed, index);
    const run = runLrcSchedule(program, randomLrcSchedule(program, seed, options.maxLatency));
    for (const finding of run.findings) found.add({ finding, schedule: run.schedule, seed });
  }
  const covered = `${options.runs} random schedules (delays 1..${options.maxLatency} cycles, round-robin arbitration, seeds ${options.seed}..${runSeed(options.seed, options.runs - 1)})`;
  const common = { findings: found.list(), schedulesExplored: options.runs, statesExplored, exhaustiveComplete };
  if (found.size > 0) return finish({ verdict: 'hazard', reason: `${found.size} distinct finding(s) found in ${covered}${stoppedNote}`, ...common });
  return finish({ verdict: 'no-hazard-found', reason: `nothing found in ${covered}${stoppedNote}; this is not a proof`, ...common });
}
