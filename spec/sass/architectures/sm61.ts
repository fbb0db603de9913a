/**
 * Pascal: sm_60 (GP100), sm_61 (GP10x), sm_62 (Tegra X2). Same ISA and latency model as
 * Maxwell (Mesa NAK's sm50.rs serves both); FP64 stays variable even on GP100, where it is fast,
 * because a scoreboard is never wrong where a stall count might be.
 */
import { maxwellPascalTable } from './maxwellPascal.js';

export const SM61 = maxwellPascalTable('sm_61', ['sm_60', 'sm_62']);
