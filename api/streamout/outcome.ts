import type { StreamVerdict } from '../../format/streamout/load.js';
import type { StopPredicate } from '../../explore/search.js';
import type { StreamAction } from '../../spec/streamout/step.js';
import type { StreamoutCoverage } from './coverage.js';
import type { StreamoutRunProgress } from './runProgress.js';

/**
 * The outcome of running one scenario, before it becomes a report: the steps as actions (the
 * HTML report draws them) and their words as the text report indents them.
 */
export interface StreamRunOutcome {
  readonly verdict: StreamVerdict;
  readonly reason: string;
  readonly problems: readonly string[];
  readonly steps: readonly StreamAction[];
  /** The steps in words, numbered (from the spec's states), indented for the text report. */
  readonly stepsInWords: readonly string[];
  readonly coverage: StreamoutCoverage;
}

/** How a run is watched: what may stop it early (beside its own time budget), and where its progress goes. */
export interface StreamRunHooks {
  /** A reason to stop (an abort flag's, say), or null to go on; asked between steps of every phase. */
  readonly shouldStop?: StopPredicate;
  readonly onProgress?: (progress: StreamoutRunProgress) => void;
}

/** A run's time budget: `timeoutMs` for the reason's words, `deadline` its wall-clock end (`Date.now()` milliseconds); both null for none. */
export interface StreamRunBudget {
  readonly timeoutMs: number | null;
  readonly deadline: number | null;
}
