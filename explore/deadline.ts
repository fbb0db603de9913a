/** The reason every command gives when its `--timeout MS` budget runs out. */
export function timeBudgetReason(ms: number): string {
  return `time budget of ${ms} ms reached (--timeout)`;
}

/**
 * A wall-clock budget for one verdict (`--timeout MS`), checked by long loops between steps.
 * Cheap to ask: the clock is read at most once every `every` calls.
 */
export class Deadline {
  private calls = 0;
  private readonly endsAt: number;

  /** A budget of `ms` milliseconds from now; `null` means no limit. */
  constructor(private readonly ms: number | null, private readonly every = 256) {
    this.endsAt = ms === null ? Infinity : performance.now() + ms;
  }

  /** The reason to stop (`time budget of N ms reached`) once the budget is spent, else null. */
  check(): string | null {
    if (this.ms === null || ++this.calls % this.every !== 0) return null;
    return performance.now() >= this.endsAt ? timeBudgetReason(this.ms) : null;
  }

  /** Milliseconds left (Infinity without a limit, 0 once spent). */
  remainingMs(): number {
    return Math.max(0, this.endsAt - performance.now());
  }
}
