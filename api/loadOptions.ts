import type { ComponentNotation } from './components/notation.js';
import type { ListingNotation } from './listing/loadOptions.js';

/**
 * How `load` reads an input. Without options the input itself decides, as `hazardproof check`
 * does; each option applies to the kinds it names and is ignored for the others, so one set of
 * options serves a folder of mixed inputs.
 */
export interface LoadOptions {
  /**
   * The notation, as `check --from` takes it: `ir3`, or an NVIDIA listing's (`cuasm`, `maxas`,
   * `turingas`, `cuobjdump`, `nvaa`), which reads any input but a `.comp`, `.asm` or `.log` file
   * as a listing; also `comp`, the component machine's `.comp` notation, for a text or file of
   * another name.
   */
  readonly from?: ListingNotation | ComponentNotation;
  /** Listings: the architecture whose opcode table models the kernels, e.g. `sm_75` (default: the one the listing names). */
  readonly architecture?: string;
  /** Listings: names of the kernels to keep (default: every kernel with instructions). */
  readonly kernels?: readonly string[];
  /** ir3 listings: the numbers of the shaders to keep (default: every shader). */
  readonly shaders?: readonly number[];
}
