import type { StopPredicate } from '../../explore/search.js';

/** What a job running on a worker thread is given: when to stop, and where its progress goes. */
export interface JobContext<Progress> {
  /** The caller's signal (raised flag) or time budget, as the reason to stop; null to go on. */
  readonly shouldStop: StopPredicate;
  /** Sends progress to the caller's `onProgress`; null when the caller gave none. */
  readonly onProgress: ((progress: Progress) => void) | null;
}
