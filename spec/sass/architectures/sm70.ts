/**
 * Volta: sm_70 (GV100), sm_72 (Xavier). No NVIDIA latency table for Volta is public. Mesa NAK's
 * Volta model (source `nak-sm70-latency`, its own choice: 6 cycles for every coupled result, 13
 * for predicates and for FP16) says which opcodes need scoreboards; its figures are only what
 * NAK waits, and ptxas waits less: it issues dependent IMAD, IADD3, MOV, FFMA... 4 or 5 cycles
 * apart, predicates 4 to ALU readers and 12 to guards.
 *
 * Every result ptxas's Volta output reads without a scoreboard is read no sooner than NVIDIA's
 * Turing figures allow (source `ptxas-sm70-turing`: the `nak-sm75` matrices, load/store readers
 * at 8), so those are the fixed-latency figures here: upper bounds a proof relies on, never a
 * counterexample's, which takes each such result ready the next cycle. The exception is the
 * FP32 FMA pipe (FADD, FMUL, FFMA): NVIDIA's Volta tuning guide gives its dependent-issue
 * latency, 4 cycles (source `nvidia-volta-tuning`), so a counterexample may rest on a reader
 * issued sooner. CS2R, which NAK scoreboards on Volta, ptxas never does (0 of 48): fixed, in
 * Turing's CS2R class. I2I, CS2R's siblings and LEPC keep NAK's variable entries.
 */
import { inferredFixed } from './build.js';
import { TURING_MATRICES } from './sm75.js';
import { voltaPlusTable, UNSCOREBOARDED_BITOPS, UNSCOREBOARDED_SFU } from './voltaPlus.js';

/** The FP32 core math ops the tuning guide's 4 cycles are about (the `fma` class's float members). */
const FP32_FMA = ['FADD', 'FADD32I', 'FMUL', 'FMUL32I', 'FFMA', 'FFMA32I'];

export const SM70 = voltaPlusTable({
  name: 'sm_70',
  aliases: ['sm_72'],
  source: 'nak-sm70-latency',
  coupledSource: 'ptxas-sm70-turing',
  // Turing's slowest reader of each writer class (as sm_75): coupled results 8, predicates 12, FP16 8 and 14.
  alu: 8,
  predicate: 12,
  half: 8,
  halfPredicate: 14,
  coupledMoves: false,
  readAfterWrite: { ...TURING_MATRICES, source: 'ptxas-sm70-turing' },
  counterexampleLatency: { opcodes: FP32_FMA, latency: 4, source: 'nvidia-volta-tuning' },
  extra: {
    // CS2R R4, SR_GLOBALTIMERLO and CS2R R10, SRZ: never scoreboarded by ptxas for sm_70.
    CS2R: inferredFixed(8, 'disp64', 'ptxas-sm70-turing', { predicateLatency: 12, operands: 'cs2r', modifierClass: { '32': 'alu' } }),
  },
  orderedPipes: { fp64: 'ptxas-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  // FCHK completes in issue order with MUFU and the conversions (ptxas-fchk-sfu-order).
  fchkInSfuPipe: 'ptxas-fchk-sfu-order',
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  unscoreboardedNotLate: { ...UNSCOREBOARDED_BITOPS, ...UNSCOREBOARDED_SFU },
  // MUFU/conversions and POPC/FLO/BREV read in one issue order: an I2F's source is overwritten after waiting only on a later FLO's read scoreboard.
  decoupledReadOrder: 'ptxas-decoupled-read-order',
  // HMMA.884 step groups complete and read in order: ptxas waits on the last step's scoreboard alone.
  mmaInOrder: 'ptxas-sm70-hmma-order',
  // SHFL completes in order with LDS: ptxas covers one's result by waiting on the other's scoreboard.
  shuffleThroughShared: 'ptxas-shuffle-shared-order',
  // Global and local memory instructions read their operands in issue order: a store's registers are free once a later one's are read.
  readOrders: { global: 'ptxas-global-read-order', local: 'ptxas-local-read-order' },
  memoryReadOrder: 'ptxas-memory-read-order',
});
