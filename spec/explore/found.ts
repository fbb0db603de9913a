import type { Action } from '../machine/action.js';
import { hazardKey, type Hazard } from '../oracle/hazard.js';

/** A hazard together with a schedule that exhibits it (replayable with `replay`). */
export interface FoundHazard {
  readonly hazard: Hazard;
  readonly schedule: readonly Action[];
  /** Seed of the random schedule that found it, or null when exhaustive search did. */
  readonly seed: number | null;
}

/** Keeps the first witness of each distinct hazard. */
export class HazardCollection {
  private readonly byKey = new Map<string, FoundHazard>();

  /** Records a hazard unless an equal one (same kind, registers, instructions) is already known. */
  add(found: FoundHazard): void {
    const key = hazardKey(found.hazard);
    if (!this.byKey.has(key)) this.byKey.set(key, found);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** All distinct hazards, in the order first found. */
  list(): FoundHazard[] {
    return [...this.byKey.values()];
  }
}
