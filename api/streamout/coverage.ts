import type { SpecReplayOutcome } from '../../impl/streamout/specReplay.js';

/** What an exhaustive run (`exhaustive: true`) covered. */
export interface ExhaustiveStreamCoverage {
  readonly mode: 'exhaustive';
  /** True when every interleaving was explored (up to the reduction): the verdict is then a proof or a violation. */
  readonly complete: boolean;
  /** States visited, counting revisits (transitions taken, plus the initial state). */
  readonly states: number;
  readonly distinctStates: number;
  readonly finalStates: number;
  readonly statesPerSecond: number;
  readonly elapsedMs: number;
  /** Why the search stopped before covering everything (state budget, time budget, signal); only on an `unknown` verdict. */
  readonly stoppedBy?: string;
}

/** What a run of random timings covered. */
export interface RandomStreamCoverage {
  readonly mode: 'random';
  readonly engine: 'optimized simulation';
  /** Timings asked for, and those run to the end (up to and including the lowest failing one). */
  readonly runs: number;
  readonly timingsRun: number;
  /** Seed of timing 0; timing k used `seed + k`. */
  readonly seed: number;
  readonly jobs: number;
  /** True when the budget or the signal ended the search before it was decided. */
  readonly timedOut: boolean;
  readonly elapsedMs: number;
  /** Only after a failing timing: how the spec judged its replay, the steps it replayed, and the simulation's steps. */
  readonly specReplay?: SpecReplayOutcome;
  readonly specReplaySteps?: number;
  readonly simulationSteps?: number;
}

/** What a run covered, by mode: tell them apart with `coverage.mode`. */
export type StreamoutCoverage = ExhaustiveStreamCoverage | RandomStreamCoverage;
