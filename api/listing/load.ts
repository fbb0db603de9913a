import { listingKernelsOfText, loadListingKernels } from '../../format/sass/loadKernels.js';
import type { LoadedListing } from './listing.js';
import { listingReadOptions, type ListingLoadOptions } from './loadOptions.js';

/**
 * Reads an NVIDIA listing file (`.cuasm`, `.sass`, maxas, TuringAs or `cuobjdump -sass` output)
 * and lowers the kernels asked for, ready for `checkListing`.
 * @throws RangeError for an unknown `from` or `architecture`.
 * @throws InputError with file, line and column for a mistake in the listing, a listing that
 * names no architecture (pass `architecture`), or a kernel in `kernels` it does not have.
 */
export function loadListing(file: string, options: ListingLoadOptions = {}): LoadedListing {
  const kernels = loadListingKernels(file, listingReadOptions(options));
  return { machine: 'sass', file, kernels };
}

/**
 * Parses an NVIDIA listing from text, as `loadListing` reads a file.
 * @param options.file names the listing in errors and reports (default `<listing>`); its
 * extension can tell the notation and architecture, as a file's does.
 * @throws RangeError for an unknown `from` or `architecture`.
 * @throws InputError with file, line and column for a mistake in the listing.
 */
export function parseListing(text: string, options: ListingLoadOptions & { readonly file?: string } = {}): LoadedListing {
  const file = options.file ?? '<listing>';
  const kernels = listingKernelsOfText(text, file, listingReadOptions(options));
  return { machine: 'sass', file, kernels };
}
