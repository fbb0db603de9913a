/**
 * Turing: sm_75. Latencies from the NVIDIA-provided tables in Mesa NAK's
 * sm75_instr_latencies.rs: per (writer, reader) category in `readAfterWrite`, and as each
 * writer's maximum over readers otherwise (coupled results 8, predicates 12, FP16 8 and 14;
 * uniform ALU 12 and 11, UMOV/ULDC/VOTEU 5). Adds the uniform datapath and LDSM/MOVM.
 * Load/store readers (`memory`) are given the 8 cycles ptxas leaves before every one of them in
 * the sm_75 corpus, where NAK's table has 6 for decoupled readers.
 */
import type { LatencyMatrix } from '../architecture.js';
import { IMAD_WIDE_CLASSES } from '../operandShapes.js';
import { variable } from './build.js';
import { uniformOpcodes, voltaPlusTable, UNSCOREBOARDED_BITOPS, UNSCOREBOARDED_SFU } from './voltaPlus.js';

/** IMAD.WIDE's operand positions as readers: IMADWideAB, IMADWideLower (C low), IMADWideUpper (C high). */
const wideReaders = (ab: number, cl: number, ch: number) => ({ [IMAD_WIDE_CLASSES.ab]: ab, [IMAD_WIDE_CLASSES.cl]: cl, [IMAD_WIDE_CLASSES.ch]: ch });
/** The readers every coupled writer reaches at one figure each: NAK's Decoupled (6 or 8) and, raised, load/store (8). */
const lateReaders = (decoupledValue: number) => ({ fp64: 6, decoupled: decoupledValue, agu: decoupledValue, hmma: decoupledValue, memory: 8, imma: 8, cctl: 8 });

/**
 * GPR results, writer -> reader (RegLatencySM75::read_after_write). `memory` (loads and stores,
 * NAK's Decoupled) is raised to 8 (corpus-sm75-memory-read); the counterexample side reads them
 * as `decoupled`, the table's own. IMAD.WIDE's low and high results are IMADWideLower and
 * IMADWideUpper as writers; the merged `imadWide` writer is the high one, never below the low one.
 */
const general: LatencyMatrix = {
  alu: { alu: 4, disp: 4, fma: 5, imadWide: 5, fp16: 6, ...wideReaders(5, 5, 3), ...lateReaders(6) },
  disp: { alu: 4, disp: 4, fma: 5, imadWide: 5, fp16: 6, ...wideReaders(5, 5, 3), ...lateReaders(6) },
  fma: { alu: 5, disp: 5, fma: 4, imadWide: 4, fp16: 6, ...wideReaders(4, 4, 2), ...lateReaders(6) },
  imadWide: { alu: 5, disp: 5, fma: 4, imadWide: 6, fp16: 6, ...wideReaders(6, 2, 2), ...lateReaders(6) },
  [IMAD_WIDE_CLASSES.low]: { alu: 3, disp: 3, fma: 2, imadWide: 4, fp16: 6, ...wideReaders(4, 2, 2), ...lateReaders(6) },
  [IMAD_WIDE_CLASSES.high]: { alu: 5, disp: 5, fma: 4, imadWide: 6, fp16: 6, ...wideReaders(6, 2, 2), ...lateReaders(6) },
  disp64: { alu: 6, disp: 6, fma: 6, imadWide: 6, fp16: 6, ...wideReaders(6, 6, 4), ...lateReaders(6) },
  fp16: { alu: 8, disp: 8, fma: 8, imadWide: 8, fp16: 6, ...wideReaders(8, 8, 6), ...lateReaders(8), fp64: 8 },
};

/** Predicate results, writer -> reader (pred_read_after_write; `guard` = GuardPredicate). */
const coupledPredicate = { disp: 12, fp16: 12, fp64: 12, decoupled: 12, agu: 12, memory: 12, hmma: 12, guard: 12 };
const predicate: LatencyMatrix = {
  alu: { alu: 4, fma: 5, imadWide: 5, ...coupledPredicate },
  disp: { alu: 4, fma: 5, imadWide: 5, ...coupledPredicate },
  fma: { alu: 5, fma: 4, imadWide: 4, ...coupledPredicate },
  imadWide: { alu: 5, fma: 4, imadWide: 2, ...coupledPredicate },
  fp16: { alu: 8, disp: 14, fma: 8, imadWide: 8, fp16: 6, fp64: 14, decoupled: 14, agu: 14, memory: 14, hmma: 14, guard: 14 },
};

/**
 * Turing's GPR and predicate matrices as NVIDIA gives them (load/store readers raised to 8): the
 * figures ptxas's Volta output never reads sooner than, taken there as upper bounds (`sm70.ts`).
 */
export const TURING_MATRICES: { readonly general: LatencyMatrix; readonly predicate: LatencyMatrix } = { general, predicate };

/** Uniform results, writer -> reader (URegLatencySM75: Udp, VectorCoupled, VectorDecoupled, Uldc, Umov). */
const vectorReaders = (coupled: number, decoupledValue: number) => ({
  alu: coupled, disp: coupled, fma: coupled, imadWide: coupled, fp16: coupled, disp64: coupled,
  decoupled: decoupledValue, agu: decoupledValue, memory: decoupledValue, fp64: decoupledValue, hmma: decoupledValue, imma: decoupledValue, cctl: decoupledValue,
});
const moveRow = { ...vectorReaders(2, 2), udp: 2, umov: 2, uldc: 5 };
const uniform: LatencyMatrix = {
  udp: { ...vectorReaders(6, 9), udp: 4, umov: 7, uldc: 12 },
  umov: moveRow,
  uldc: moveRow,
  voteu: moveRow,
};

/** Uniform predicate results (pred_read_after_write of URegLatencySM75). */
const uniformPredicate: LatencyMatrix = {
  udp: { udp: 4, alu: 6, guard: 11 },
  voteu: { udp: 1, alu: 1, guard: 5 },
};

export const SM75 = voltaPlusTable({
  name: 'sm_75',
  aliases: [],
  source: 'nak-sm75',
  alu: 8,
  predicate: 12,
  half: 8,
  halfPredicate: 14,
  coupledMoves: true,
  readAfterWrite: { general, predicate, uniform, uniformPredicate, source: 'nak-sm75' },
  counterexampleReaders: { from: 'memory', to: 'decoupled', source: 'nak-sm75' },
  orderedPipes: { fp64: 'ptxas-fp64-order', sfu: 'ptxas-sfu-order', bitops: 'ptxas-bitops-order' },
  // FCHK completes in issue order with MUFU and the conversions (ptxas-fchk-sfu-order).
  fchkInSfuPipe: 'ptxas-fchk-sfu-order',
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  unscoreboardedNotLate: { ...UNSCOREBOARDED_BITOPS, ...UNSCOREBOARDED_SFU },
  decoupledReadOrder: 'ptxas-decoupled-read-order',
  // HMMA completes and reads in issue order: a later HMMA's scoreboard covers an earlier one's result.
  mmaInOrder: 'ptxas-sm75-hmma-order',
  // SHFL completes in order with LDS: ptxas covers one's result by waiting on the other's scoreboard.
  shuffleThroughShared: 'ptxas-shuffle-shared-order',
  // Global and local memory instructions read their operands in issue order: a store's registers are free once a later one's are read.
  readOrders: { global: 'ptxas-global-read-order', local: 'ptxas-local-read-order' },
  // ...and in one order across them and shared memory: an STS's registers are free once a later STG has read its own.
  memoryReadOrder: 'ptxas-memory-read-order',
  uniformSourcesAtIssue: 'ptxas-uniform-reads',
  extra: {
    ...uniformOpcodes('nak-sm75', 12, 11, 5),
    LDSM: variable('shared', 'nak-sm75', { operands: 'matrixLoad', latencyClass: 'memory' }),
    MOVM: variable('misc', 'nak-sm75', { latencyClass: 'decoupled' }),
  },
});
