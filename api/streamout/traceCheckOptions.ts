import type { StopOptions } from '../stop.js';
import type { StreamoutScenario } from './scenario.js';

/** Progress of a trace check: the step lines checked so far and the time taken (every 250,000 lines). */
export interface StreamTraceProgress {
  readonly lines: number;
  readonly elapsedMs: number;
}

/** Options of `checkStreamTrace`. */
export interface StreamTraceCheckOptions extends StopOptions {
  /** The scenario the trace records (from `loadScenario`); else the trace's first line `{"scenario": {...}}`. */
  readonly scenario?: StreamoutScenario;
  /** Called as the check goes (see `StreamTraceProgress`). */
  readonly onProgress?: (progress: StreamTraceProgress) => void;
}
