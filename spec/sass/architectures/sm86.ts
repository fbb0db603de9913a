/**
 * Ampere GA10x: sm_86, sm_87 (Orin). As sm_80 without DMMA (FP64 tensor cores are GA100-only).
 * Ada (sm_89) has its own table (`sm89.ts`).
 */
import { AMPERE_EXTRA, AMPERE_FIGURES } from './ampere.js';
import { voltaPlusTable } from './voltaPlus.js';

export const SM86 = voltaPlusTable({
  name: 'sm_86',
  aliases: ['sm_87'],
  ...AMPERE_FIGURES,
  extra: AMPERE_EXTRA,
  without: ['DMMA'],
  orderedPipes: { fp64: 'ptxas-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  uniformSourcesAtIssue: 'ptxas-uniform-reads',
});
