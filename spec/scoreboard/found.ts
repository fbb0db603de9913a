import type { Action } from './machine/action.js';
import type { Hazard } from '../oracle/hazard.js';

/** A hazard together with a schedule that exhibits it (replayable with `replay`). */
export interface FoundHazard {
  readonly hazard: Hazard;
  readonly schedule: readonly Action[];
  /** Seed of the random schedule that found it, or null when exhaustive search did. */
  readonly seed: number | null;
}
