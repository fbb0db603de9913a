/**
 * Ada: sm_89 (RTX 40, L4, L40). Its own table with the Ampere figures, because Mesa NAK's
 * NVIDIA-provided sm80 table is "for Ampere and Ada only" and NAK selects it for sm_89
 * (`is_ada`) as for sm_80..sm_88 (source `nak-ada`). As sm_86: no DMMA (FP64 tensor cores are
 * GA100/GH100 only). FP64 results complete in order, as ptxas relies on. I2FP, which ptxas
 * emits for sm_89, has no source: placed in the FP16 class, which every ptxas use fits.
 */
import { AMPERE_EXTRA, AMPERE_FIGURES } from './ampere.js';
import { inferredFixed } from './build.js';
import { voltaPlusTable } from './voltaPlus.js';

export const SM89 = voltaPlusTable({
  name: 'sm_89',
  aliases: [],
  ...AMPERE_FIGURES,
  source: 'nak-ada',
  readAfterWrite: { ...AMPERE_FIGURES.readAfterWrite, source: 'nak-ada' },
  // I2FP is in no source: placed in the class every ptxas use fits (corpus-sm89-classes), a proof-side bound.
  extra: { ...AMPERE_EXTRA, I2FP: inferredFixed(AMPERE_FIGURES.half, 'fp16', 'corpus-sm89-classes', { predicateLatency: AMPERE_FIGURES.halfPredicate }) },
  without: ['DMMA'],
  orderedPipes: { fp64: 'corpus-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  uniformSourcesAtIssue: 'ptxas-uniform-reads',
});
