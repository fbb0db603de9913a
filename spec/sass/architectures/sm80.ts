/** Ampere GA100: sm_80. */
import { AMPERE_EXTRA, AMPERE_FIGURES } from './ampere.js';
import { voltaPlusTable, UNSCOREBOARDED_BITOPS, UNSCOREBOARDED_SFU } from './voltaPlus.js';

export const SM80 = voltaPlusTable({
  name: 'sm_80',
  aliases: [],
  ...AMPERE_FIGURES,
  extra: AMPERE_EXTRA,
  orderedPipes: { fp64: 'ptxas-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  // FCHK completes in issue order with MUFU and the conversions (ptxas-fchk-sfu-order).
  fchkInSfuPipe: 'ptxas-fchk-sfu-order',
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  unscoreboardedNotLate: { ...UNSCOREBOARDED_BITOPS, ...UNSCOREBOARDED_SFU },
  decoupledReadOrder: 'ptxas-decoupled-read-order',
  // SHFL completes in order with LDS: ptxas covers one's result by waiting on the other's scoreboard.
  shuffleThroughShared: 'ptxas-shuffle-shared-order',
  // Global and local memory instructions read their operands in issue order: a store's registers are free once a later one's are read.
  readOrders: { global: 'ptxas-global-read-order', local: 'ptxas-local-read-order' },
  // ...and in one order across them and shared memory: an STS's registers are free once a later STG has read its own.
  memoryReadOrder: 'ptxas-memory-read-order',
  uniformSourcesAtIssue: 'ptxas-uniform-reads',
});
