import { kernelCheckJson, type ListingKernelReport } from '../../reports/sass/checkText.js';
import type { JobContext } from '../worker/jobContext.js';
import { checkListingKernels } from './checkKernels.js';
import type { LoadedListing } from './listing.js';
import type { ListingProgress } from './progress.js';

/**
 * The reports of a listing's kernels, which share the context's stop predicate (one budget per
 * listing, as `--timeout` per file): what `checkListingSync` returns on the calling thread and
 * the worker job `checkListing` computes on a worker thread.
 */
export function listingReports(listing: LoadedListing, context: JobContext<ListingProgress>): ListingKernelReport[] {
  return checkListingKernels(listing.kernels, { shouldStopFor: () => context.shouldStop, onProgress: context.onProgress }).map(kernelCheckJson);
}
