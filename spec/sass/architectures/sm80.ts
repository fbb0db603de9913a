/** Ampere GA100: sm_80. */
import { AMPERE_EXTRA, AMPERE_FIGURES } from './ampere.js';
import { voltaPlusTable } from './voltaPlus.js';

export const SM80 = voltaPlusTable({
  name: 'sm_80',
  aliases: [],
  ...AMPERE_FIGURES,
  extra: AMPERE_EXTRA,
  orderedPipes: { fp64: 'ptxas-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  uniformSourcesAtIssue: 'ptxas-uniform-reads',
});
