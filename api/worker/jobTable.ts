import type { CheckProgress, CheckSettings } from '../checkOptions.js';
import type { HazardproofProgram } from '../program.js';
import type { JobContext } from './jobContext.js';
import type { StreamoutRunProgress } from '../streamout/runProgress.js';
import type { StreamoutRunSettings } from '../streamout/runOptions.js';
import type { StreamoutScenario } from '../streamout/scenario.js';
import type { StreamTraceProgress } from '../streamout/traceCheckOptions.js';
import type { StreamTraceSource } from '../streamout/traceSource.js';
import type { LoadedListing } from '../listing/listing.js';
import type { ListingProgress } from '../listing/progress.js';
import type { LoadedComponentProgram } from '../components/program.js';
import type { ComponentProgress } from '../components/progress.js';

/**
 * Every operation the library runs on a worker thread, by name: each takes plain (cloneable)
 * data and returns its report. The worker script runs them; `runOnWorker` types the calls. Each
 * imports its machine when first run, so a worker starts without loading the others.
 */
export const JOBS = {
  /** `check` of a `.hp`, JSON or LRC program. */
  check: async (input: { readonly program: HazardproofProgram; readonly settings: CheckSettings }, context: JobContext<CheckProgress>) =>
    (await import('../checkLoaded.js')).checkLoaded(input.program, { settings: input.settings, shouldStop: context.shouldStop, ...(context.onProgress ? { onProgress: context.onProgress } : {}) }).report(),
  /** `runStreamout`: random timings (on `jobs` threads of its own) or the exhaustive search of a stream-output scenario. */
  streamoutRun: async (input: { readonly scenario: StreamoutScenario; readonly settings: StreamoutRunSettings }, context: JobContext<StreamoutRunProgress>) =>
    (await import('../streamout/runHere.js')).runStreamoutHere(input.scenario, input.settings, { shouldStop: context.shouldStop, ...(context.onProgress ? { onProgress: context.onProgress } : {}) }),
  /** `checkStreamTrace` of a trace file, text or lines. */
  streamTraceCheck: async (input: { readonly source: StreamTraceSource; readonly scenario: StreamoutScenario | null }, context: JobContext<StreamTraceProgress>) =>
    (await import('../streamout/traceCheckJob.js')).streamTraceCheckJob(input, context),
  /** `checkListing` of an NVIDIA listing's kernels. */
  checkListing: async (input: { readonly listing: LoadedListing }, context: JobContext<ListingProgress>) =>
    (await import('../listing/reports.js')).listingReports(input.listing, context),
  /** `checkComponents` of a `.comp` program's or ir3 listing's units. */
  checkComponents: async (input: { readonly program: LoadedComponentProgram; readonly maxStates: number }, context: JobContext<ComponentProgress>) =>
    (await import('../components/reports.js')).componentReports(input.program, input.maxStates, context),
};

/** The name of a worker job. */
export type JobKind = keyof typeof JOBS;
/** What job `K` takes. */
export type JobInput<K extends JobKind> = Parameters<(typeof JOBS)[K]>[0];
/** What job `K` returns, once it settles. */
export type JobOutput<K extends JobKind> = Awaited<ReturnType<(typeof JOBS)[K]>>;
/** The progress job `K` reports. */
export type JobProgress<K extends JobKind> = Parameters<(typeof JOBS)[K]>[1] extends JobContext<infer Progress> ? Progress : never;
