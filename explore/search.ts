import type { Verdict } from './verdict.js';
import { FirstWitnesses } from './witnesses.js';

/** How `searchForFindings` searches: exhaustive, random, or exhaustive when it fits and random otherwise. */
export type SearchMode = 'auto' | 'exhaustive' | 'random';

/** A finding with the schedule that shows it, and the seed of the random schedule that found it (null: exhaustive search). */
export interface Found<Finding, Action> {
  readonly finding: Finding;
  readonly schedule: readonly Action[];
  readonly seed: number | null;
}

/** What an exhaustive search reported, in the terms the verdict needs. */
export interface ExhaustiveOutcome<Finding, Action> {
  readonly complete: boolean;
  readonly states: number;
  readonly transitions: number;
  readonly found: readonly Found<Finding, Action>[];
}

/** A machine's side of the search: how to explore, how to run one random schedule, and the words of its reasons. */
export interface SearchMachine<Finding, Action> {
  /** Every state within the budget; it ends early (incomplete) once `shouldStop` gives a reason. */
  readonly exhaustive: (onProgress: (states: number) => void, shouldStop: StopPredicate) => ExhaustiveOutcome<Finding, Action>;
  /** The findings of random schedule `seed` (with the schedule that replays them), or none. */
  readonly randomRun: (seed: number) => readonly Found<Finding, Action>[];
  readonly findingKey: (finding: Finding) => string;
  /** `hazard(s)` or `finding(s)`: what the reasons count. */
  readonly noun: string;
  /** What a complete exhaustive search covered, after "every ... passes only through these states". */
  readonly covers: string;
  /** What a complete exhaustive search ruled out, after "and ...". */
  readonly ruledOut: string;
  /** The random schedules' parameters as the reason names them (delays, arbitration). */
  readonly randomSchedules: string;
  /** `no hazard` or `nothing found`: how the reason says a random search came back empty. */
  readonly nothingFound: string;
}

/** Search options common to every machine. */
export interface SearchOptions {
  readonly mode: SearchMode;
  readonly seed: number;
  /** Random schedules to run (random mode, or auto when exhaustive search does not fit). */
  readonly runs: number;
  /** State budget of exhaustive search. */
  readonly maxStates: number;
  readonly onProgress?: (progress: { phase: 'exhaustive' | 'random'; done: number; total: number | null }) => void;
  /**
   * A time budget (`--timeout`): asked during exhaustive search and before each random schedule.
   * Once it gives a reason, the verdict is `hazard` if something was found by then, else
   * `unknown` with that reason and what was covered.
   */
  readonly shouldStop?: StopPredicate;
}

/** Null while a search may go on, else why it must stop (a time budget). */
export type StopPredicate = () => string | null;

/** Options of a machine's `check`: the search's, and the largest delay of a random schedule. */
export interface CheckSearchOptions extends SearchOptions {
  /** Largest delay of a random schedule, in cycles. */
  readonly maxLatency: number;
}

/** A verdict, why it holds, and what the search covered. */
export interface SearchVerdict {
  readonly verdict: Verdict;
  /** Why the verdict holds: what was covered, or why the search could not conclude. */
  readonly reason: string;
  /** `'all'` when exhaustive search covered every schedule, else the number of random schedules run. */
  readonly schedulesExplored: number | 'all';
  /** Distinct machine states visited by exhaustive search, or null if it did not run. */
  readonly statesExplored: number | null;
  readonly exhaustiveComplete: boolean | null;
}

/** What every machine's `check` result has in common: the search verdict and the run's parameters. */
export interface CheckSummary extends SearchVerdict {
  readonly seed: number;
  readonly runs: number;
  readonly maxLatency: number;
  readonly elapsedMs: number;
}

/** A verdict with its reason and evidence. */
export interface SearchResult<Finding, Action> extends SearchVerdict {
  readonly found: readonly Found<Finding, Action>[];
}

/** Seed of run `index` of a campaign started with `seed`: consecutive, so each run replays alone. */
export function runSeed(seed: number, index: number): number {
  return (seed + index) >>> 0;
}

/**
 * The one verdict procedure of `check`: exhaustive search first (a complete search with nothing
 * found is `proved-safe`), then, when it does not fit and the mode allows, random schedules (nothing
 * found is `no-hazard-found`, never a proof). Anything found is `hazard` with a schedule each.
 */
export function searchForFindings<Finding, Action>(machine: SearchMachine<Finding, Action>, options: SearchOptions): SearchResult<Finding, Action> {
  let stoppedBy: string | null = null;
  const shouldStop: StopPredicate = () => (stoppedBy ??= options.shouldStop?.() ?? null);
  let statesExplored: number | null = null;
  let exhaustiveComplete: boolean | null = null;
  let stoppedNote = '';
  let afterExhaustive = '';
  if (options.mode !== 'random') {
    const result = machine.exhaustive((states) => options.onProgress?.({ phase: 'exhaustive', done: states, total: options.maxStates }), shouldStop);
    statesExplored = result.states;
    exhaustiveComplete = result.complete;
    const common = { found: result.found, schedulesExplored: result.complete ? 'all' as const : 0, statesExplored, exhaustiveComplete };
    if (stoppedBy !== null) return budgetVerdict(machine, stoppedBy, `exhaustive search of ${result.states} states`, common);
    if (result.found.length > 0) {
      const how = result.complete ? `exhaustive search of all ${result.states} reachable states` : `exhaustive search (stopped at the ${options.maxStates}-state limit)`;
      return { verdict: 'hazard', reason: `${result.found.length} distinct ${machine.noun} found by ${how}; each comes with a shortest schedule`, ...common };
    }
    if (result.complete) {
      const reason = `explored all ${result.states} reachable states (${result.transitions} transitions) of the machine with the clock abstracted away; ` +
        `every ${machine.covers} passes only through these states, and ${machine.ruledOut}`;
      return { verdict: 'proved-safe', reason, ...common };
    }
    if (options.mode === 'exhaustive') {
      const reason = `exhaustive search reached the ${options.maxStates}-state limit without finishing and found nothing; raise --max-states or use --mode random`;
      return { verdict: 'unknown', reason, ...common };
    }
    stoppedNote = `; exhaustive search stopped at the ${options.maxStates}-state limit first`;
    afterExhaustive = `, after exhaustive search stopped at the ${options.maxStates}-state limit`;
  }
  const found = new FirstWitnesses<Found<Finding, Action>>((entry) => machine.findingKey(entry.finding));
  for (let index = 0; index < options.runs; index++) {
    if (shouldStop() !== null) {
      const seeds = index === 0 ? '' : `, seeds ${options.seed}..${runSeed(options.seed, index - 1)}`;
      const common = { found: found.list(), schedulesExplored: index, statesExplored, exhaustiveComplete };
      return budgetVerdict(machine, stoppedBy!, `${index} of ${options.runs} random schedules (${machine.randomSchedules}${seeds})${afterExhaustive}`, common);
    }
    if (index % 256 === 0) options.onProgress?.({ phase: 'random', done: index, total: options.runs });
    for (const entry of machine.randomRun(runSeed(options.seed, index))) found.add(entry);
  }
  const covered = `${options.runs} random schedules (${machine.randomSchedules}, seeds ${options.seed}..${runSeed(options.seed, options.runs - 1)})`;
  const common = { found: found.list(), schedulesExplored: options.runs, statesExplored, exhaustiveComplete };
  if (found.size > 0) return { verdict: 'hazard', reason: `${found.size} distinct ${machine.noun} found in ${covered}${stoppedNote}`, ...common };
  return { verdict: 'no-hazard-found', reason: `${machine.nothingFound} in ${covered}${stoppedNote}; this is not a proof`, ...common };
}

/** The verdict of a search the budget cut short: what was found by then is real; nothing found is `unknown`. */
function budgetVerdict<Finding, Action>(machine: SearchMachine<Finding, Action>, reason: string, covered: string, common: Omit<SearchResult<Finding, Action>, 'verdict' | 'reason'>): SearchResult<Finding, Action> {
  if (common.found.length > 0) {
    return { verdict: 'hazard', reason: `${common.found.length} distinct ${machine.noun} found in ${covered} before the search stopped (${reason}); each comes with a schedule`, ...common };
  }
  return { verdict: 'unknown', reason: `${reason} after ${covered}; ${machine.nothingFound} found so far`, ...common };
}
