/**
 * Progress of `runStreamout`, by phase: the distinct states the exhaustive search has reached so
 * far (reported every 2048 expansions); the random timings finished out of those to run; or,
 * once a timing has failed, how far the spec's replay of its steps has got (every 1024 steps).
 */
export type StreamoutRunProgress =
  | { readonly phase: 'exhaustive'; readonly distinctStates: number }
  | { readonly phase: 'random'; readonly done: number; readonly total: number }
  /** `timing` counts from 1 (the reason's "random timing N"); `step` of `steps` steps replayed. */
  | { readonly phase: 'spec-replay'; readonly timing: number; readonly step: number; readonly steps: number };
