import type { LoadedKernel } from '../../format/sass/loadKernels.js';

/**
 * One kernel of a listing, lowered to the reference machine's model: its file, its program (each
 * instruction with its line, column and control record, resolved against the architecture's
 * opcode table) and the notes on what the model had to assume.
 */
export type ListingKernel = LoadedKernel;

/**
 * An NVIDIA listing ready to check (what `loadListing` and `parseListing` return): its file and
 * the kernels asked for, in file order. Plain data, so it crosses to a worker thread as it is.
 */
export interface LoadedListing {
  readonly machine: 'sass';
  readonly file: string;
  readonly kernels: readonly ListingKernel[];
}
