/**
 * Ampere GA10x: sm_86, sm_87 (Orin). As sm_80 (DMMA included: ptxas 11.8 and 12.5 emit it for
 * sm_86 as for sm_80, ptxas-mma-next-instruction), with I2FP, which ptxas emits for GA10x and no source times (placed in the class its uses fit).
 * Ada (sm_89) has its own table (`sm89.ts`).
 */
import { AMPERE_EXTRA, AMPERE_FIGURES, I2FP_ON_AMPERE } from './ampere.js';
import { voltaPlusTable, UNSCOREBOARDED_BITOPS } from './voltaPlus.js';

export const SM86 = voltaPlusTable({
  name: 'sm_86',
  aliases: ['sm_87'],
  ...AMPERE_FIGURES,
  // I2FP, which ptxas emits for GA10x, is in no source: the class every ptxas use fits (ptxas-i2fp-class).
  extra: { ...AMPERE_EXTRA, I2FP: I2FP_ON_AMPERE },
  orderedPipes: { fp64: 'ptxas-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  // FCHK completes in issue order with MUFU and the conversions (ptxas-fchk-sfu-order).
  fchkInSfuPipe: 'ptxas-fchk-sfu-order',
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  unscoreboardedNotLate: { ...UNSCOREBOARDED_BITOPS, FCHK: 'ptxas-unscoreboarded-fchk' },
  // SHFL completes in order with LDS: ptxas covers one's result by waiting on the other's scoreboard.
  shuffleThroughShared: 'ptxas-shuffle-shared-order',
  // Global and local memory instructions read their operands in issue order: a store's registers are free once a later one's are read.
  readOrders: { global: 'ptxas-global-read-order', local: 'ptxas-local-read-order' },
  // ...and in one order across them and shared memory: an STS's registers are free once a later STG has read its own.
  memoryReadOrder: 'ptxas-memory-read-order',
  uniformSourcesAtIssue: 'ptxas-uniform-reads',
});
