import { Deadline } from '../explore/deadline.js';
import type { StopPredicate } from '../explore/search.js';
import type { TimeBudget } from '../impl/budget.js';

/** How a caller bounds a long operation: a wall-clock budget, an `AbortSignal`, or both. */
export interface StopOptions {
  /** Wall-clock budget in milliseconds: when it runs out, the verdict is `unknown` with the reason. */
  readonly timeoutMs?: number;
  /** Aborting stops the operation at its next step; the verdict is then `unknown` with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Why an aborted operation stopped, in the words of a verdict's reason. */
export function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  const text = reason instanceof Error ? reason.message : reason === undefined ? '' : String(reason);
  return `aborted by the caller's AbortSignal${text ? ` (${text})` : ''}`;
}

/** The stop predicate of the search loops, for a budget and a signal (checked at every question). */
export function stopPredicate(options: StopOptions): StopPredicate {
  return timeBudget(options).shouldStop;
}

/** A time budget (stop predicate and time left) for the solver loops, for a budget and a signal. */
export function timeBudget(options: StopOptions): TimeBudget {
  const deadline = new Deadline(options.timeoutMs ?? null, 1);
  const { signal } = options;
  return { shouldStop: () => (signal?.aborted ? abortReason(signal) : deadline.check()), remainingMs: () => deadline.remainingMs() };
}
