import { checkLoaded } from '../checkLoaded.js';
import type { CheckSettings } from '../checkOptions.js';
import type { HazardproofProgram } from '../program.js';
import type { CheckProgress } from '../checkOptions.js';
import type { JobContext } from './jobContext.js';

/**
 * Every operation the library runs on a worker thread, by name: each takes plain (cloneable)
 * data and returns its report. The worker script runs them; `runOnWorker` types the calls.
 */
export const JOBS = {
  /** `check` of a `.hp`, JSON or LRC program. */
  check: (input: { readonly program: HazardproofProgram; readonly settings: CheckSettings }, context: JobContext<CheckProgress>) =>
    checkLoaded(input.program, { settings: input.settings, shouldStop: context.shouldStop, ...(context.onProgress ? { onProgress: context.onProgress } : {}) }).report(),
};

/** The name of a worker job. */
export type JobKind = keyof typeof JOBS;
/** What job `K` takes. */
export type JobInput<K extends JobKind> = Parameters<(typeof JOBS)[K]>[0];
/** What job `K` returns. */
export type JobOutput<K extends JobKind> = ReturnType<(typeof JOBS)[K]>;
/** The progress job `K` reports. */
export type JobProgress<K extends JobKind> = Parameters<(typeof JOBS)[K]>[1] extends JobContext<infer Progress> ? Progress : never;
