/**
 * Time budgets (`--timeout MS`) inside the checkers. A budget reaches a checker as a stop
 * predicate, `shouldStop`: null while there is time, else the reason (`time budget of N ms
 * reached`), asked between steps of every long loop. A checker that stops answers `unknown` with
 * that reason, or `hazard` when it had already found one: what was found is real either way.
 */
import { runSeed, searchForFindings, type ExhaustiveOutcome, type Found, type SearchMachine, type SearchOptions, type SearchResult } from '../explore/search.js';
import { FirstWitnesses } from '../explore/witnesses.js';

/** Null while a search may go on, else why it must stop (a time budget). */
export type StopPredicate = () => string | null;

/** One input file's time budget: the stop predicate, and the time left (Infinity without a limit) for solver timeouts. */
export interface TimeBudget {
  readonly shouldStop: StopPredicate;
  readonly remainingMs: () => number;
}

/**
 * Wraps a stop predicate so the caller can tell afterwards whether it fired, and why: an
 * explorer that ends incomplete may have hit its state budget instead.
 */
export class RecordedStop {
  private stoppedBy: string | null = null;

  constructor(private readonly shouldStop: StopPredicate | undefined) {}

  /** The predicate to hand to a loop (asks the wrapped one until it fires, then keeps its reason). */
  readonly ask: StopPredicate = () => {
    this.stoppedBy ??= this.shouldStop?.() ?? null;
    return this.stoppedBy;
  };

  /** The reason it fired, or null. */
  get reason(): string | null {
    return this.stoppedBy;
  }
}

/** A machine for `searchWithinBudget`: its exhaustive search takes the stop predicate too. */
export interface BudgetedSearchMachine<Finding, Action> extends Omit<SearchMachine<Finding, Action>, 'exhaustive'> {
  readonly exhaustive: (onProgress: (states: number) => void, shouldStop: StopPredicate) => ExhaustiveOutcome<Finding, Action>;
}

/**
 * Thrown through `searchForFindings` when the budget runs out, saying in which phase: that
 * procedure takes no stop predicate, and leaving it by an exception keeps it (and its verdicts
 * when there is time) exactly as it is.
 */
class BudgetSpent extends Error {
  constructor(readonly reason: string, readonly phase: 'exhaustive' | 'random') {
    super(reason);
  }
}

/**
 * `searchForFindings` under a time budget: the exhaustive search gets the stop predicate, and
 * each random schedule starts only while there is time. When the budget runs out the verdict is
 * `hazard` if something was found by then (each finding has its schedule), else `unknown` with
 * the budget's reason and what the search covered. Without `shouldStop` it is `searchForFindings`.
 */
export function searchWithinBudget<Finding, Action>(
  machine: BudgetedSearchMachine<Finding, Action>,
  options: SearchOptions,
  shouldStop?: StopPredicate,
): SearchResult<Finding, Action> {
  const stop = new RecordedStop(shouldStop);
  let exhaustive: ExhaustiveOutcome<Finding, Action> | null = null;
  let runs = 0;
  const found = new FirstWitnesses<Found<Finding, Action>>((entry) => machine.findingKey(entry.finding));
  const plain: SearchMachine<Finding, Action> = {
    ...machine,
    exhaustive: (onProgress) => {
      exhaustive = machine.exhaustive(onProgress, stop.ask);
      if (stop.reason !== null) throw new BudgetSpent(stop.reason, 'exhaustive');
      return exhaustive;
    },
    randomRun: (seed) => {
      const reason = stop.ask();
      if (reason !== null) throw new BudgetSpent(reason, 'random');
      const entries = machine.randomRun(seed);
      runs++;
      for (const entry of entries) found.add(entry);
      return entries;
    },
  };
  try {
    return searchForFindings(plain, options);
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    const cut: BudgetCut<Finding, Action> = { reason: error.reason, phase: error.phase, exhaustive, runs, randomFound: found.list() };
    return budgetVerdict(machine, options, cut);
  }
}

/** Where the budget stopped a search, and what it had covered. */
interface BudgetCut<Finding, Action> {
  readonly reason: string;
  readonly phase: 'exhaustive' | 'random';
  readonly exhaustive: ExhaustiveOutcome<Finding, Action> | null;
  readonly runs: number;
  readonly randomFound: readonly Found<Finding, Action>[];
}

/** The verdict of a search the budget cut short. */
function budgetVerdict<Finding, Action>(machine: BudgetedSearchMachine<Finding, Action>, options: SearchOptions, cut: BudgetCut<Finding, Action>): SearchResult<Finding, Action> {
  const { exhaustive, runs } = cut;
  const statesExplored = exhaustive?.states ?? null;
  const exhaustiveComplete = exhaustive === null ? null : exhaustive.complete;
  let covered: string;
  let found: readonly Found<Finding, Action>[];
  if (cut.phase === 'exhaustive') {
    covered = `exhaustive search of ${statesExplored ?? 0} states`;
    found = exhaustive?.found ?? [];
  } else {
    const seeds = runs === 0 ? '' : `, seeds ${options.seed}..${runSeed(options.seed, runs - 1)}`;
    const first = exhaustive === null ? '' : `, after exhaustive search stopped at the ${options.maxStates}-state limit`;
    covered = `${runs} of ${options.runs} random schedules (${machine.randomSchedules}${seeds})${first}`;
    found = cut.randomFound;
  }
  const common = { found, schedulesExplored: cut.phase === 'random' ? runs : 0, statesExplored, exhaustiveComplete };
  if (found.length > 0) {
    return { verdict: 'hazard', reason: `${found.length} distinct ${machine.noun} found in ${covered} before the search stopped (${cut.reason}); each comes with a schedule`, ...common };
  }
  return { verdict: 'unknown', reason: `${cut.reason} after ${covered}; ${machine.nothingFound} found so far`, ...common };
}
