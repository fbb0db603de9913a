import type { ListingKernelReport } from '../../reports/sass/checkText.js';
import { stopPredicate, type StopOptions } from '../stop.js';
import { checkStopOptions } from '../stopOptionsCheck.js';
import { runOnWorker } from '../worker/runOnWorker.js';
import type { LoadedListing } from './listing.js';
import type { ListingProgress } from './progress.js';
import { listingReports } from './reports.js';

/** Options of `checkListing` and `checkListingSync`. `timeoutMs` is the budget of the whole listing: its kernels share it, as with `--timeout`. */
export interface ListingCheckOptions extends StopOptions {
  /** Called as each kernel starts. */
  readonly onProgress?: (progress: ListingProgress) => void;
}

/**
 * Checks each kernel of a listing on the calling thread: a sound analysis of every path, loop
 * count and latency rules hazards out, and a suspected hazard is reported as a `hazard` only when
 * a concrete schedule on the reference machine shows it. One report per kernel, in file order:
 * the objects `hazardproof check LISTING --json` prints.
 *
 * The thread is busy until it returns, so an `AbortSignal` is seen only if `onProgress` aborts
 * it; use `timeoutMs`, or `checkListing`, which runs on a worker thread.
 * @throws RangeError for a `timeoutMs` that is not a positive number.
 */
export function checkListingSync(listing: LoadedListing, options: ListingCheckOptions = {}): ListingKernelReport[] {
  checkListingInput(listing, options);
  return listingReports(listing, { shouldStop: stopPredicate(options), onProgress: options.onProgress ?? null });
}

/**
 * `checkListingSync` on a worker thread, so that the caller's thread stays free: an `AbortSignal`
 * stops the check at its next step, and the kernels not decided by then get the verdict `unknown`
 * with the signal's reason; progress arrives through `onProgress`.
 * @throws RangeError (as a rejection) for a `timeoutMs` that is not a positive number.
 */
export async function checkListing(listing: LoadedListing, options: ListingCheckOptions = {}): Promise<ListingKernelReport[]> {
  checkListingInput(listing, options);
  return runOnWorker('checkListing', { listing }, options);
}

/** Refuses what is not a loaded listing (a caller without types may pass anything) and impossible budgets. */
function checkListingInput(listing: LoadedListing, options: ListingCheckOptions): void {
  if ((listing as { readonly machine?: unknown } | null)?.machine !== 'sass') throw new TypeError('checkListing takes what loadListing or parseListing returns');
  checkStopOptions(options);
}
