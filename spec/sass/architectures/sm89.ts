/**
 * Ada: sm_89 (RTX 40, L4, L40). Its own table with the Ampere figures, because Mesa NAK's
 * NVIDIA-provided sm80 table is "for Ampere and Ada only" and NAK selects it for sm_89
 * (`is_ada`) as for sm_80..sm_88 (source `nak-ada`). As sm_86, DMMA included (ptxas emits it for
 * sm_89: ptxas-mma-next-instruction). FP64 results complete in order, as ptxas relies on. I2FP, which ptxas
 * emits for sm_89, has no source: placed in the ALU class, which every ptxas use fits (as on sm_86).
 */
import { AMPERE_EXTRA, AMPERE_FIGURES, I2FP_ON_AMPERE } from './ampere.js';
import { voltaPlusTable, UNSCOREBOARDED_BITOPS } from './voltaPlus.js';

export const SM89 = voltaPlusTable({
  name: 'sm_89',
  aliases: [],
  ...AMPERE_FIGURES,
  source: 'nak-ada',
  readAfterWrite: { ...AMPERE_FIGURES.readAfterWrite, source: 'nak-ada' },
  // I2FP is in no source: placed in the class every ptxas use fits (ptxas-i2fp-class), a proof-side bound.
  extra: { ...AMPERE_EXTRA, I2FP: I2FP_ON_AMPERE },
  orderedPipes: { fp64: 'corpus-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  // FCHK completes in issue order with MUFU and the conversions (ptxas-fchk-sfu-order).
  fchkInSfuPipe: 'ptxas-fchk-sfu-order',
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  unscoreboardedNotLate: UNSCOREBOARDED_BITOPS,
  // SHFL completes in order with LDS: ptxas covers one's result by waiting on the other's scoreboard.
  shuffleThroughShared: 'ptxas-shuffle-shared-order',
  // Global and local memory instructions read their operands in issue order: a store's registers are free once a later one's are read.
  readOrders: { global: 'ptxas-global-read-order', local: 'ptxas-local-read-order' },
  // ...and in one order across them and shared memory: an STS's registers are free once a later STG has read its own.
  memoryReadOrder: 'ptxas-memory-read-order',
  uniformSourcesAtIssue: 'ptxas-uniform-reads',
});
