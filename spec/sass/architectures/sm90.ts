/**
 * Hopper: sm_90 (H100, H200, GH200) and sm_90a. No NVIDIA latency table for Hopper is public:
 * Mesa NAK has none (NVK does not support Hopper) and for sm_90 its code falls back to the
 * Volta-era rules (source `nak-sm90`): which opcodes need scoreboards from `has_fixed_latency`,
 * one figure per register file. Those figures are NAK's admitted guesses, so each is raised to
 * the largest the NVIDIA tables of the generations on either side give (Ampere/Ada, B100): the
 * fallback below, every entry of it conservative.
 *
 * Over it, what ptxas's sm_90 output shows (source `corpus-sm90-ampere`, an upper bound only):
 * every result it reads without a scoreboard is read no sooner than Ampere's NVIDIA figures
 * allow (`hazardproof facts --evidence` weighs whole tables), so the fixed-latency opcodes of
 * the writer classes it was weighed on take Ampere's entries and per-reader figures, and the
 * opcodes ptxas never scoreboards on sm_90 (FP64 arithmetic, ULDC, CS2R, I2FP) are fixed-latency
 * in the class their uses fit. A proof may rely on these; a counterexample takes each ready the
 * next cycle. Hopper-only opcodes no source describes keep conservative entries.
 */
import type { ArchitectureTable, OpcodeInfo } from '../architecture.js';
import { AMPERE_EXTRA, AMPERE_FIGURES, FP64_WRITER } from './ampere.js';
import { conservative, control, each, fixed, inferredFixed, variable } from './build.js';
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

/** NAK's sm_90 fallback, raised to the neighbours' largest figures: what a proof may rely on where ptxas's output shows nothing. */
const FALLBACK = voltaPlusTable({
  name: 'sm_90',
  aliases: ['sm_90a'],
  source: 'nak-sm90',
  variableSource: 'nak-sm90-scoreboards',
  // ptxas reads a shuffle's result after waiting on a later shuffle's scoreboard only.
  orderedPipes: { shuffle: 'corpus-sm90-shuffle-order' },
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

/**
 * Writer classes ptxas's sm_90 output (shared/corpus/nvaa) reads results of without a
 * scoreboard, on straight-line code: the classes whose Ampere figures it was weighed on.
 */
const WEIGHED = new Set(['alu', 'disp64', 'fma', 'imadWide', 'imadWideLow', 'imadWideHigh', 'hfma2mma', 'fp64', 'udp', 'umov', 'uldc', 'voteu']);

/** Ampere's table as the Volta-family builder makes it, its figures taken as Hopper's upper bounds. */
const AMPERE_BOUNDS = voltaPlusTable({
  name: 'sm_90', aliases: ['sm_90a'], ...AMPERE_FIGURES, source: 'corpus-sm90-ampere',
  readAfterWrite: { ...AMPERE_FIGURES.readAfterWrite, source: 'corpus-sm90-ampere' },
  extra: AMPERE_EXTRA,
});

/** Whether every class an Ampere entry times its results with was weighed on sm_90 output. */
function weighed(info: OpcodeInfo): boolean {
  if (info.kind !== 'fixed' || info.latencyClass === undefined) return false;
  return [info.latencyClass, ...Object.values(info.modifierClass ?? {})].every((name) => WEIGHED.has(name));
}

/** An entry whose figures are only upper bounds ptxas's sm_90 output fits (its writes ordered as `inferredFixed` says). */
function bound(info: OpcodeInfo): OpcodeInfo {
  return { ...info, source: 'corpus-sm90-ampere' };
}

/** The rows of Ampere's matrices for the weighed writer classes. */
function weighedRows(matrices: NonNullable<ArchitectureTable['readAfterWrite']>): NonNullable<ArchitectureTable['readAfterWrite']> {
  const keep = (matrix: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined) =>
    matrix === undefined ? undefined : Object.fromEntries(Object.entries(matrix).filter(([writer]) => WEIGHED.has(writer)));
  return {
    source: 'corpus-sm90-ampere',
    // FP64 arithmetic is fixed-latency here (FIXED_ON_HOPPER): NVIDIA's RedirectedFP64 writer figures.
    ...(matrices.general ? { general: { ...keep(matrices.general)!, fp64: FP64_WRITER.general } } : {}),
    ...(matrices.predicate ? { predicate: { ...keep(matrices.predicate)!, fp64: FP64_WRITER.predicate } } : {}),
    ...(matrices.uniform ? { uniform: keep(matrices.uniform)! } : {}),
    ...(matrices.uniformPredicate ? { uniformPredicate: keep(matrices.uniformPredicate)! } : {}),
  };
}

/**
 * Opcodes NAK's fallback scoreboards or does not know that ptxas never scoreboards on sm_90, in
 * the class every use fits (`hazardproof facts --evidence` on the nvaa dumps): DADD (0 of 157),
 * DMUL (0 of 144), DFMA (0 of 83), DSETP (0 of 51), I2FP (0 of 8). ULDC (0 of 109) and CS2R (0
 * of 26) are fixed in Ampere's own entries already.
 */
const FIXED_ON_HOPPER: Readonly<Record<string, OpcodeInfo>> = (() => {
  const matrices = weighedRows(AMPERE_BOUNDS.readAfterWrite!);
  const slowest = (row: Readonly<Record<string, number>> | undefined) => Math.max(...Object.values(row ?? {}));
  const inClass = (name: string, latencyClass: string): OpcodeInfo => {
    const { kind: _kind, queue: _queue, source: _source, latencyClass: _class, ...shape } = FALLBACK.opcodes[name]!;
    const predicate = matrices.predicate?.[latencyClass];
    return inferredFixed(slowest(matrices.general?.[latencyClass]), latencyClass, 'corpus-sm90-ampere', { ...shape, ...(predicate === undefined ? {} : { predicateLatency: slowest(predicate) }) });
  };
  return {
    // FP64 arithmetic in NVIDIA's RedirectedFP64 class (FP64_WRITER), which ptxas times exactly.
    ...Object.fromEntries(['DADD', 'DMUL', 'DFMA', 'DSETP'].map((name) => [name, inClass(name, 'fp64')])),
    I2FP: inClass('I2FP', 'imadWide'),
  };
})();

/**
 * Whether Ampere's entry replaces the fallback's: its classes were weighed, and it is of the same
 * kind, or ptxas's sm_90 output shows the fallback's kind wrong (no write scoreboard on any of
 * the opcode's results: CS2R 0 of 26, ULDC 0 of 109). I2I, fixed on Ampere but variable in
 * NAK's sm_90 path and absent from the listings, keeps the fallback.
 */
function adopted(name: string, info: OpcodeInfo): boolean {
  const fallback = FALLBACK.opcodes[name];
  return fallback !== undefined && weighed(info) && (fallback.kind === info.kind || name === 'CS2R' || name === 'ULDC');
}

export const SM90: ArchitectureTable = {
  ...FALLBACK,
  readAfterWrite: weighedRows(AMPERE_BOUNDS.readAfterWrite!),
  opcodes: {
    ...FALLBACK.opcodes,
    ...Object.fromEntries(Object.entries(AMPERE_BOUNDS.opcodes).filter(([name, info]) => adopted(name, info)).map(([name, info]) => [name, bound(info)])),
    ...FIXED_ON_HOPPER,
  },
};
