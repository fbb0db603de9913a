import { exploreAll } from '../../explore/exhaustive.js';
import type { FoundHazard } from './found.js';
import type { Program } from './program.js';
import { scoreboardSystem } from './system.js';

/** Options of an exhaustive exploration. */
export interface ExhaustiveOptions {
  /** Give up (incomplete) after this many distinct states. */
  readonly maxStates: number;
  readonly scoreboardMax?: number;
  /** Called now and then with the number of states seen so far. */
  readonly onProgress?: (states: number) => void;
  /** Asked before each expansion: a reason (a time budget) stops the search incomplete. */
  readonly shouldStop?: () => string | null;
}

/** What an exhaustive exploration covered and found. */
export interface ExhaustiveResult {
  /** True when every reachable state was expanded: then every schedule of any latency was covered. */
  readonly complete: boolean;
  readonly states: number;
  readonly transitions: number;
  /** Distinct hazards, each with a shortest schedule (fewest actions) that shows it. */
  readonly hazards: readonly FoundHazard[];
}

/**
 * Every state the scoreboard machine can reach, by the generic breadth-first explorer, with the
 * hazard oracle on every transition and in every finished state. Breadth-first order makes each
 * reported schedule a shortest one. States after a scoreboard overflow are not expanded.
 */
export function exploreExhaustive(program: Program, options: ExhaustiveOptions): ExhaustiveResult {
  const result = exploreAll(scoreboardSystem(program, options.scoreboardMax), {
    maxStates: options.maxStates,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
  });
  return {
    complete: result.complete,
    states: result.distinctStates,
    transitions: result.transitions,
    hazards: result.witnesses.map(({ finding, path }) => ({ hazard: finding, schedule: path, seed: null })),
  };
}
