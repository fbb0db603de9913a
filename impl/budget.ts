/**
 * Time budgets (`--timeout MS`) inside the checkers. A budget reaches a checker as a stop
 * predicate, `shouldStop`: null while there is time, else the reason (`time budget of N ms
 * reached`), asked between steps of every long loop. A checker that stops answers `unknown` with
 * that reason, or `hazard` when it had already found one: what was found is real either way.
 */
import type { StopPredicate } from '../explore/search.js';

export type { StopPredicate };

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
