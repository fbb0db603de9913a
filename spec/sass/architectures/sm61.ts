/**
 * Pascal: sm_60 (GP100), sm_61 (GP10x), sm_62 (Tegra X2). Same ISA and latency model as
 * Maxwell (Mesa NAK's sm50.rs serves both); FP64 stays variable even on GP100, where it is fast,
 * because a scoreboard is never wrong where a stall count might be. So are the FP16 instructions,
 * which ptxas scoreboards on Pascal (PASCAL_FP16).
 */
import { maxwellPascalTable, PASCAL_FP16 } from './maxwellPascal.js';

// Pascal's MUFU/conversion and bit-counting pipes read in one order (an I2F's source overwritten by
// a later POPC with no wait), and so do its FP64 instructions (a DSET's pair overwritten by the next DSET).
export const SM61 = maxwellPascalTable('sm_61', ['sm_60', 'sm_62'], PASCAL_FP16, { decoupledReadOrder: 'ptxas-decoupled-read-order', fp64ReadOrder: 'ptxas-pascal-fp64-read-order' });
