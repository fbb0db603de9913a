/**
 * Ampere GA10x and Ada: sm_86, sm_87 (Orin), sm_89 (Ada, same NAK latency tables). As sm_80
 * without DMMA (FP64 tensor cores are GA100-only).
 */
import { AMPERE_EXTRA, AMPERE_FIGURES } from './ampere.js';
import { voltaPlusTable } from './voltaPlus.js';

export const SM86 = voltaPlusTable({ name: 'sm_86', aliases: ['sm_87', 'sm_89'], ...AMPERE_FIGURES, extra: AMPERE_EXTRA, without: ['DMMA'] });
