/**
 * Volta: sm_70 (GV100), sm_72 (Xavier). Mesa NAK's Volta model: coupled results 6 cycles,
 * predicates 13, FP16 13 (15 for predicates); I2I, CS2R and LEPC variable; no uniform datapath.
 */
import { voltaPlusTable } from './voltaPlus.js';

export const SM70 = voltaPlusTable({
  name: 'sm_70',
  aliases: ['sm_72'],
  source: 'nak-sm70-latency',
  alu: 6,
  predicate: 13,
  half: 13,
  halfPredicate: 15,
  coupledMoves: false,
  extra: {},
  orderedPipes: { fp64: 'ptxas-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
});
