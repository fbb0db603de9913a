import type { StopPredicate } from '../../explore/search.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../impl/sass/check.js';
import type { KernelCheck } from '../../reports/sass/checkText.js';
import type { ListingKernel } from './listing.js';
import type { ListingProgress } from './progress.js';

/** How `checkListingKernels` runs: when each file's kernels stop, and where progress goes. */
export interface KernelCheckRun {
  /**
   * The stop predicate of a file's kernels, asked as each kernel starts. Kernels of one file
   * share one budget (`--timeout` is per file), so the caller hands out the same one per file.
   */
  readonly shouldStopFor: (file: string) => StopPredicate;
  readonly onProgress?: ((progress: ListingProgress) => void) | null;
}

/**
 * Decides kernels one after another, each timed. The one check loop of listings: the CLI's
 * `check`, `checkListingSync` and the worker job of `checkListing` all run it.
 */
export function checkListingKernels(kernels: readonly ListingKernel[], run: KernelCheckRun): KernelCheck[] {
  return kernels.map((kernel, done): KernelCheck => {
    run.onProgress?.({ file: kernel.file, kernel: kernel.program.name, done, total: kernels.length });
    const started = performance.now();
    const result = checkSassProgram(kernel.program, kernel.notes, { ...DEFAULT_SASS_CHECK, shouldStop: run.shouldStopFor(kernel.file), counterexample: kernel.counterexample ?? null });
    // A hazard's schedule runs on the counterexample side: its reports and replays render it there.
    const program = result.hazards.length > 0 ? kernel.counterexample?.program ?? kernel.program : kernel.program;
    return { file: kernel.file, program, result, elapsedMs: performance.now() - started };
  });
}
