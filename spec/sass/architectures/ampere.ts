/**
 * What Ampere and Ada (sm_80 .. sm_89) share: Mesa NAK's sm80_instr_latencies.rs figures, per
 * (writer, reader) category in `readAfterWrite` and as each writer's maximum over readers
 * otherwise (coupled results 7, HFMA2.MMA 11, predicates 13, uniform ALU 12 / 11,
 * UMOV/ULDC/VOTEU 5), and the Ampere additions (LDGSTS, REDUX, DMMA, HMNMX2).
 */
import type { ArchitectureTable, LatencyMatrix, OpcodeInfo } from '../architecture.js';
import { IMAD_WIDE_CLASSES } from '../operandShapes.js';
import { conservative, control, each, fixed, inferredFixed, variable } from './build.js';
import { uniformOpcodes } from './voltaPlus.js';

/** NVIDIA's FP16_F32 class (RegLatencySM80::op_category: HADD2 with an f32 result), as a writer and as a reader. */
export const FP16_F32 = 'fp16F32';

/** GPR results, writer -> reader (RegLatencySM80::read_after_write; `memory`, `agu`, `cctl` = DecoupledAgu). */
const lateReaders = (mma: number, decoupledValue: number, agu: number, fp64: number) => ({
  fp64, hfma2mma: fp64, hmma: mma, imma: mma, decoupled: decoupledValue, cbu: decoupledValue, agu, memory: agu, cctl: agu,
});
/** IMAD.WIDE's operand positions as readers: IMADWideReadAB, IMADWideReadCL, IMADWideReadCH. */
const wideReaders = (ab: number, cl: number, ch: number) => ({ [IMAD_WIDE_CLASSES.ab]: ab, [IMAD_WIDE_CLASSES.cl]: cl, [IMAD_WIDE_CLASSES.ch]: ch });
/**
 * The FP16 readers: `fp16` (NVIDIA's FP16 and FP16_Alu: HADD2, HMUL2, HFMA2, HSET2, HSETP2,
 * HMNMX2) and `fp16F32` (FP16_F32: HADD2.F32, the f16 to f32 widening add), at one figure each
 * from every writer but FP16 ones.
 */
const halfReaders = (value: number) => ({ fp16: value, [FP16_F32]: value });
/**
 * IMAD.WIDE's low and high results are IMADWideWriteDL and IMADWideWriteDH; the merged `imadWide` writer is DH, never below DL.
 * An FP16 or FP16_Alu result read by an FP16 or FP16_Alu reader: 4, NVIDIA's figure ("these next
 * two are 4 in the spreadsheet", NAK's comment beside the 5 it chose to pass two dEQP tests),
 * which ptxas relies on for sm_80, sm_86, sm_89 and sm_90 (HADD2 R3, R7.H0_H0, R7.H1_H1 then
 * HADD2 R3, R6.H0_H0, R3.H0_H0 after 4: LoadStoreVectorizer.ll, ptxas 12.5 -O3); FP16_F32
 * writers and readers stay at the spreadsheet's 5.
 */
const general: LatencyMatrix = {
  alu: { alu: 4, disp: 4, fma: 5, imadWide: 5, ...halfReaders(5), ...wideReaders(5, 5, 3), ...lateReaders(7, 4, 5, 6) },
  disp: { alu: 4, disp: 4, fma: 5, imadWide: 5, ...halfReaders(5), ...wideReaders(5, 5, 3), ...lateReaders(7, 4, 5, 6) },
  fma: { alu: 5, disp: 5, fma: 4, imadWide: 4, ...halfReaders(5), ...wideReaders(4, 4, 2), ...lateReaders(7, 4, 5, 6) },
  imadWide: { alu: 5, disp: 5, fma: 4, imadWide: 6, ...halfReaders(5), ...wideReaders(6, 4, 2), ...lateReaders(7, 4, 5, 6) },
  [IMAD_WIDE_CLASSES.low]: { alu: 3, disp: 3, fma: 2, imadWide: 4, ...halfReaders(3), ...wideReaders(4, 2, 2), ...lateReaders(7, 4, 5, 6) },
  [IMAD_WIDE_CLASSES.high]: { alu: 5, disp: 5, fma: 4, imadWide: 6, ...halfReaders(5), ...wideReaders(6, 4, 2), ...lateReaders(7, 4, 5, 6) },
  disp64: { alu: 6, disp: 6, fma: 6, imadWide: 6, ...halfReaders(6), ...wideReaders(6, 6, 4), ...lateReaders(7, 4, 5, 6) },
  fp16: { alu: 5, disp: 5, fma: 5, imadWide: 5, fp16: 4, [FP16_F32]: 5, ...wideReaders(5, 5, 3), ...lateReaders(7, 4, 5, 6) },
  [FP16_F32]: { alu: 5, disp: 5, fma: 5, imadWide: 5, ...halfReaders(5), ...wideReaders(5, 5, 3), ...lateReaders(7, 4, 5, 6) },
  hfma2mma: { alu: 10, disp: 10, fma: 10, imadWide: 10, ...halfReaders(10), ...wideReaders(10, 10, 8), ...lateReaders(11, 6, 7, 6) },
};

/** Predicate results (PredLatencySM80::pred_read_after_write; VOTE reads as Disp_Alu, `guard` = Guard). */
const slowPredicateReaders = { disp: 13, fp64: 13, hfma2mma: 13, decoupled: 13, cbu: 13, agu: 13, memory: 13, guard: 13 };
const predicate: LatencyMatrix = {
  alu: { alu: 4, fma: 5, imadWide: 5, ...slowPredicateReaders },
  disp: { alu: 4, fma: 5, imadWide: 5, ...slowPredicateReaders },
  fma: { alu: 5, fma: 4, imadWide: 4, ...slowPredicateReaders },
  imadWide: { alu: 5, fma: 4, imadWide: 4, ...slowPredicateReaders },
  fp16: { alu: 5, fma: 5, imadWide: 5, ...slowPredicateReaders },
};

/**
 * FP64 arithmetic (RedirectedFP64) as a writer: NVIDIA's figures give it HFMA2_MMA's for GPR
 * results (read_after_write: 10 to coupled readers, 6 to FP64 and decoupled readers, 7 to
 * DecoupledAgu ones) and its own for predicates (pred_read_after_write: 6 to coupled, FMA and
 * FP64 readers, 14 to Disp_Alu, decoupled readers and guards). Ampere scoreboards FP64
 * (needs_scoreboards), so its own table has no such row; a table where ptxas treats FP64 as
 * fixed-latency (Hopper) takes these.
 */
export const FP64_WRITER: { readonly general: Readonly<Record<string, number>>; readonly predicate: Readonly<Record<string, number>> } = {
  general: general.hfma2mma!,
  predicate: { alu: 6, fma: 6, imadWide: 6, fp64: 6, hfma2mma: 6, disp: 14, decoupled: 14, cbu: 14, agu: 14, memory: 14, guard: 14 },
};

/** Uniform results (URegLatencySM80: Coupled, Decoupled, Cbu, Uldc, Udp, Umov/VoteU readers). */
const vectorReaders = (coupled: number, decoupledValue: number, cbu: number) => ({
  alu: coupled, disp: coupled, fma: coupled, imadWide: coupled, fp16: coupled, [FP16_F32]: coupled, disp64: coupled, hfma2mma: coupled,
  decoupled: decoupledValue, agu: decoupledValue, memory: decoupledValue, fp64: decoupledValue, hmma: decoupledValue, imma: decoupledValue, cctl: decoupledValue, cbu,
});
const moveRow = { ...vectorReaders(2, 2, 3), udp: 2, umov: 2, voteu: 2, uldc: 5 };
const uniform: LatencyMatrix = {
  udp: { ...vectorReaders(6, 9, 10), udp: 4, umov: 7, voteu: 7, uldc: 12 },
  umov: moveRow,
  uldc: moveRow,
  voteu: moveRow,
};

/** Uniform predicate results (UPredLatencySM80; a branch's guard is Bra_Jmp, at most UGuard). */
const uniformPredicate: LatencyMatrix = {
  udp: { alu: 6, udp: 4, uldc: 11, guard: 11 },
  voteu: { alu: 1, udp: 1, uldc: 5, guard: 5 },
};

/** Coupled-ALU figures and consumer-aware latencies of Ampere/Ada. */
export const AMPERE_FIGURES = {
  source: 'nak-sm80',
  alu: 7,
  predicate: 13,
  half: 7,
  halfPredicate: 13,
  coupledMoves: true,
  readAfterWrite: { general, predicate, uniform, uniformPredicate, source: 'nak-sm80' } satisfies ArchitectureTable['readAfterWrite'],
} as const;

/**
 * A tensor-core MMA (HMMA, IMMA, BMMA; DMMA on Ampere and Ada) in latency class `latencyClass`:
 * fixed-latency, its results reaching the very next instruction (ptxas-mma-next-instruction).
 * ptxas -O0 gives every MMA a stall of 0, where it gives every other instruction 15, and reads
 * its result, or waits on the scoreboard it sets, in the next instruction, for sm_80 to sm_90 in
 * both releases: the hardware holds that instruction until the MMA has written, which for an
 * in-order issue is what a result ready the next cycle gives. An upper bound compiler output
 * relies on, the same on both sides: no hazard rests on an MMA's result. Its operands are read at
 * issue, as a fixed-latency instruction's are (NVIDIA's figure from an MMA reader to any later
 * writer is 1 cycle, nak-sm80).
 */
export function mmaReadyNextInstruction(latencyClass: string): OpcodeInfo {
  return inferredFixed(1, latencyClass, 'ptxas-mma-next-instruction', { operands: 'matrix' });
}

/**
 * I2FP (integer to float on the FMA-pipe, which ptxas emits for sm_86 and sm_89 and never
 * scoreboards): no NVIDIA table lists it, so it takes the class every use in ptxas's output fits
 * (ptxas-i2fp-class: `alu`, its slowest reader 7 cycles), an upper bound a proof relies on and a
 * counterexample does not.
 */
export const I2FP_ON_AMPERE: OpcodeInfo = inferredFixed(7, 'alu', 'ptxas-i2fp-class', { predicateLatency: 13 });

/** Opcodes Ampere/Ada add to or change in the Volta-family table. */
export const AMPERE_EXTRA: Readonly<Record<string, OpcodeInfo>> = {
  ...uniformOpcodes('nak-sm80', 12, 11, 5),
  // HADD2.F32 R0, -RZ, R2.H0_H0 (f16 to f32) is NVIDIA's FP16_F32 class, not FP16 (RegLatencySM80::op_category).
  HADD2: fixed(7, 'nak-sm80', { predicateLatency: 13, latencyClass: 'fp16', modifierClass: { F32: FP16_F32 } }),
  // HFMA2.MMA runs on the MMA pipe (RegLatencySM80::HFMA2_MMA): 11 cycles to its slowest reader.
  HFMA2: fixed(7, 'nak-sm80', { predicateLatency: 13, latencyClass: 'fp16', modifierLatency: { MMA: 11 }, modifierClass: { MMA: 'hfma2mma' } }),
  // VOTE is a plain coupled ALU op on Ampere (CoupledAlu), read as Disp_Alu for predicates.
  VOTE: fixed(7, 'nak-sm80', { predicateLatency: 13, carryOut: 1, latencyClass: 'disp' }),
  BMOV: variable('misc', 'nak-sm80', { operands: 'load', latencyClass: 'cbu' }),
  LDSM: variable('shared', 'nak-sm80', { operands: 'matrixLoad', latencyClass: 'memory' }),
  MOVM: variable('misc', 'nak-sm80', { latencyClass: 'decoupled' }),
  LDGSTS: variable('asyncCopy', 'ptx-cp-async', { operands: 'asyncCopy', latencyClass: 'memory' }),
  LDGDEPBAR: control('none', 'nak-sm80', { latencyClass: 'decoupled' }),
  // cp.async.mbarrier.arrive (ARRIVES.LDGSTSBAR.64 [UR4]): no register result and no source times
  // it, so conservative, as on sm_90; it reads its uniform address at issue like every vector
  // instruction (ptxas-uniform-reads), which ptxas relies on (it returns right after).
  ARRIVES: conservative({ destinations: 0 }),
  // The tensor-core MMAs (mmaReadyNextInstruction): DMMA too, which ptxas emits for GA10x and Ada as for GA100.
  ...each(['IMMA', 'BMMA', 'DMMA'], mmaReadyNextInstruction('imma')),
  HMMA: mmaReadyNextInstruction('hmma'),
};
