import type { SassNotation } from '../../format/sass/listing.js';
import { SASS_NOTATIONS } from '../../format/sass/load.js';
import type { ListingOptions } from '../../format/sass/loadKernels.js';
import { architectureName } from '../../format/sass/architectureName.js';
import { ARCHITECTURES } from '../../spec/sass/architectures/index.js';

/** The notations of NVIDIA listings: CuAssembler (`cuasm`), maxas, TuringAs and `cuobjdump -sass`. */
export type ListingNotation = SassNotation;

/** How `loadListing` and `parseListing` read a listing; without an option, the listing itself decides. */
export interface ListingLoadOptions {
  /** The notation (default: from the file's extension and content). */
  readonly from?: ListingNotation;
  /** The architecture whose opcode table models the kernels, e.g. `sm_75` (default: the one the listing names, as in `*.sm_75.cuasm`). */
  readonly architecture?: string;
  /** Names of the kernels to keep (default: every kernel with instructions). */
  readonly kernels?: readonly string[];
}

/**
 * The options as the listing loader takes them.
 * @throws RangeError naming the option whose value no listing can have (an unknown notation, or an
 * architecture that is no `sm_XX` name from sm_50 on; a well-formed one without a table is accepted
 * and its kernels are checked `unknown`, as the command line does).
 */
export function listingReadOptions(options: ListingLoadOptions): ListingOptions {
  const { from, architecture, kernels } = options;
  if (from !== undefined && !SASS_NOTATIONS.includes(from)) {
    // ir3 is a listing too, but of another machine: say where it goes.
    const ir3 = String(from) === 'ir3' ? ' (ir3 listings: loadComponentProgram)' : '';
    throw new RangeError(`from must be ${SASS_NOTATIONS.join(', ')}, got '${String(from)}'${ir3}`);
  }
  // As on the command line: a well-formed name from sm_50 on is accepted even without a table
  // (its kernels are checked unknown, never with another architecture's table).
  const name = typeof architecture === 'string' ? architectureName(architecture) : null;
  if (architecture !== undefined && (name === null || parseInt(name.slice(3), 10) < 50)) {
    throw new RangeError(`architecture must be a name like sm_75, sm_50 or later (tables: ${ARCHITECTURES.flatMap((table) => [table.name, ...table.aliases]).join(', ')}), got '${String(architecture)}'`);
  }
  if (kernels !== undefined && (!Array.isArray(kernels) || kernels.some((name) => typeof name !== 'string'))) {
    throw new RangeError('kernels must be an array of kernel names');
  }
  return { from: from ?? null, architecture: architecture ?? null, kernels: kernels ?? [] };
}
