import type { StopOptions } from './stop.js';

/**
 * Refuses a `timeoutMs` no budget can have (a `RangeError` naming it): NaN would never run out
 * and a negative one would stop before the first step, both silently.
 */
export function checkStopOptions(options: StopOptions): void {
  const { timeoutMs } = options;
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new RangeError(`timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
}
