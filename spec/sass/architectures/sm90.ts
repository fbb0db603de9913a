/**
 * Hopper: sm_90 (H100, H200, GH200) and sm_90a. No NVIDIA latency table for Hopper is public:
 * Mesa NAK has none (NVK does not support Hopper) and for sm_90 its code falls back to the
 * Volta-era rules (source `nak-sm90`): which opcodes need scoreboards from `has_fixed_latency`,
 * one figure per register file. Those figures are NAK's admitted guesses, so each is raised to
 * the largest the NVIDIA tables of the generations on either side give (Ampere/Ada, B100), and
 * no per-reader matrix is claimed: a reader ptxas issues sooner is reported, never passed
 * silently. Hopper-only opcodes no source describes get conservative entries.
 */
import { conservative, control, each, fixed, variable } from './build.js';
import { uniformOpcodes, voltaPlusTable } from './voltaPlus.js';

/** Coupled results: NAK's sm_90 6, Ampere/Ada's and B100's slowest reader (an MMA) 7. */
const ALU = 7;
/** Predicates: 13 in NAK's sm_90 path and in both NVIDIA tables (coupled writers). */
const PREDICATE = 13;
/** Uniform results: NAK's sm_90 path gives every uniform result 12 (UMOV and VOTEU included), uniform predicates 11. */
const UNIFORM = 12;
const UNIFORM_PREDICATE = 11;
/** HFMA2.MMA: 11 to its slowest reader on Ampere/Ada and on B100. */
const HFMA2_MMA = 11;

export const SM90 = voltaPlusTable({
  name: 'sm_90',
  aliases: ['sm_90a'],
  source: 'nak-sm90',
  alu: ALU,
  predicate: PREDICATE,
  half: ALU,
  halfPredicate: PREDICATE,
  // has_fixed_latency: I2I and CS2R are variable on NAK's sm_90 path, a fallback the NVIDIA
  // tables on either side (Ampere/Ada, B100: coupled) and ptxas' sm_90 output (CS2R read with no
  // scoreboard, nvaa Mandelbrot_cuda.sass) contradict: a bound for proofs, not shown behaviour.
  coupledMoves: false,
  variableMovesSource: 'nak-sm90',
  extra: {
    ...uniformOpcodes('nak-sm90', UNIFORM, UNIFORM_PREDICATE, UNIFORM),
    // has_fixed_latency: every LDC is a memory op, variable, the uniform one too.
    ULDC: variable('constant', 'nak-sm90', { operands: 'load', latencyClass: 'uldc' }),
    HFMA2: fixed(ALU, 'nak-sm90', { predicateLatency: PREDICATE, latencyClass: 'fp16', modifierLatency: { MMA: HFMA2_MMA }, modifierClass: { MMA: 'hfma2mma' } }),
    LDGSTS: variable('asyncCopy', 'ptx-cp-async', { operands: 'asyncCopy', latencyClass: 'memory' }),
    LDGDEPBAR: control('none', 'ptx-cp-async', { latencyClass: 'decoupled' }),
    // Ampere's matrix loads and FP64 MMA: nothing says how Hopper completes them.
    LDSM: conservative({ operands: 'matrixLoad' }),
    DMMA: conservative({ operands: 'matrix' }),
    ...each(['MOVM', 'I2FP', 'SYNCS'], conservative()),
    // Memory-model and cluster barriers with no register result (FENCE.VIEW.ASYNC.S, CGAERRBAR, ENDCOLLECTIVE).
    ...each(['FENCE', 'CGAERRBAR', 'ENDCOLLECTIVE'], control('none', 'conservative')),
  },
});
