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
 *
 * ptxas 12.5's sm_90/sm_90a output (source `corpus-sm90-classes`, `corpus-sm90-mma`) places the
 * opcodes it never scoreboards in a class: R2UR, VIADD, VIMNMX, VIMNMX3, VHMNMX and ELECT are
 * fixed-latency with the class figures every use fits, upper bounds only; the tensor-core MMAs
 * (HMMA, IMMA, BMMA) reach the next instruction, as ptxas -O0 relies on (as on Ampere). The TMA
 * and bulk-copy ops (UTMALDG, UTMASTG, UTMAREDG, UTMAPF, UTMACCTL, UBLKCP, UBLKRED, UBLKPF), whose
 * `[URn]` operands span several uniform registers, read those groups whole (operand shape
 * `bulkCopy`) after issue, released by their read scoreboards (ptxas-sm90-tma).
 *
 * ptxas 12.5's output of LLVM's NVPTX tests (`ptxas-sm90-*`) adds: MUFU and the conversions, and
 * POPC/FLO/BREV, complete in issue order as on Ampere; LDSM joins the in-order shared queue; an
 * ATOM's predicate output is written when it reads its operands (covered by its read-field
 * scoreboard); R2UR's predicate takes B100's r2ur figures as bounds; VABSDIFF and VIADDMNMX are
 * placed in the ALU class; MUFU/conversions and POPC/FLO/BREV read in one issue order. The
 * warpgroup MMAs (HGMMA, IGMMA, QGMMA, BGMMA) go through a serial queue counted on the warpgroup
 * scoreboard `gsb0` (WARPGROUP_MMA, ptx-wgmma); WARPGROUP (wgmma's fence and wait) is a
 * no-result instruction whose `DEPBAR.LE gsb0, k` form waits on that scoreboard.
 */
import type { ArchitectureTable, OpcodeInfo } from '../architecture.js';
import { AMPERE_EXTRA, AMPERE_FIGURES, FP16_F32, FP64_WRITER, mmaReadyNextInstruction } from './ampere.js';
import { conservative, control, each, fixed, inferredFixed, variable, type Extra } from './build.js';
import { EARLIEST_READER } from '../latency.js';
import { uniformOpcodes, voltaPlusTable, withCoupledFloor, UNSCOREBOARDED_BITOPS, UNSCOREBOARDED_SFU } from './voltaPlus.js';

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
  // ptxas reads a shuffle's result after waiting on a later shuffle's scoreboard only; so too
  // MUFU and the conversions, and POPC, FLO and BREV among themselves, as on Volta to Ada; and S2UR among S2URs.
  orderedPipes: { shuffle: 'corpus-sm90-shuffle-order', sfu: 'ptxas-sm90-sfu-order', bitops: 'ptxas-sm90-bitops-order', s2ur: 'ptxas-sm90-s2ur-order' },
  // FCHK completes in issue order with MUFU and the conversions, as on Volta to Ada (ptxas-fchk-sfu-order).
  fchkInSfuPipe: 'ptxas-fchk-sfu-order',
  // Global and local memory instructions read their operands in issue order: a store's registers are free once a later one's are read.
  readOrders: { global: 'ptxas-global-read-order', local: 'ptxas-local-read-order' },
  // ...and in one order across them and shared memory: ptxas lets an LDL overwrite a global load's address with no wait.
  memoryReadOrder: 'ptxas-memory-read-order',
  // A DEPBAR sees a scoreboard the cycle after it is set, as on Volta to Ada.
  depbarSeesNextCycle: 'ptxas-depbar-visibility',
  // MUFU and the conversions, and POPC, FLO and BREV, read their operands in one issue order, as on sm_70 to sm_80.
  decoupledReadOrder: 'ptxas-decoupled-read-order',
  unscoreboardedNotLate: { ...UNSCOREBOARDED_BITOPS, ...UNSCOREBOARDED_SFU },
  // SHFL completes in order with LDS, and reads in order with the memory queues (ptxas-shuffle-shared-order).
  shuffleThroughShared: 'ptxas-shuffle-shared-order',
  // ...and so does LDGSTS: a global load overwrites its address register with no wait (ptxas-memory-read-order).
  asyncCopyInReadOrder: true,
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
    // S2UR is NAK's S2R with a uniform destination (opcode 0x9c3), variable on every generation:
    // its result may come late on both sides, in issue order among S2URs (ptxas-sm90-s2ur-order).
    S2UR: variable('misc', 'nak-sm90-scoreboards', { latencyClass: 'decoupled' }),
    // has_fixed_latency: every LDC is a memory op, variable, the uniform one too.
    ULDC: variable('constant', 'nak-sm90', { operands: 'load', latencyClass: 'uldc' }),
    HFMA2: fixed(ALU, 'nak-sm90', { predicateLatency: PREDICATE, latencyClass: 'fp16', modifierLatency: { MMA: HFMA2_MMA }, modifierClass: { MMA: 'hfma2mma' } }),
    LDGSTS: variable('asyncCopy', 'ptx-cp-async', { operands: 'asyncCopy', latencyClass: 'memory' }),
    LDGDEPBAR: control('none', 'ptx-cp-async', { latencyClass: 'decoupled' }),
    // ldmatrix: a shared-memory load (variable, nak-sm90-scoreboards) that ptxas's sm_90 output
    // relies on completing in issue order, as Ampere's NVIDIA table puts it in the shared queue.
    LDSM: variable('shared', 'corpus-sm90-ldsm-order', { operands: 'matrixLoad', latencyClass: 'memory' }),
    // FP64 MMA: nothing says how Hopper completes it (ptxas scoreboards every DMMA).
    DMMA: conservative({ operands: 'matrix' }),
    ...each(['MOVM', 'I2FP', 'SYNCS'], conservative()),
    // Memory-model and cluster barriers with no register result (FENCE.VIEW.ASYNC.S, CGAERRBAR, ENDCOLLECTIVE).
    ...each(['FENCE', 'CGAERRBAR', 'ENDCOLLECTIVE'], control('none', 'conservative')),
  },
});

/**
 * Writer classes ptxas's sm_90 output (shared/corpus/nvaa, and ptxas 12.5's own for the FP16
 * pipe: corpus-sm90-classes) reads results of without a scoreboard, on straight-line code: the
 * classes whose Ampere figures it was weighed on. `fp16F32` (HADD2.F32) was weighed as part of
 * `fp16` before NVIDIA's FP16_F32 class was told apart from it, and keeps that row's figures.
 */
const WEIGHED = new Set(['alu', 'disp64', 'fma', 'imadWide', 'imadWideLow', 'imadWideHigh', 'fp16', FP16_F32, 'hfma2mma', 'fp64', 'udp', 'umov', 'uldc', 'voteu']);

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
  // R2UR reads its GPR as Ampere's Decoupled readers do (RegLatencySM80::op_category: R2UR => Decoupled as a reader).
  const withR2urReader = (matrix: Readonly<Record<string, Readonly<Record<string, number>>>>) =>
    Object.fromEntries(Object.entries(matrix).map(([writer, row]) => [writer, row['decoupled'] === undefined ? row : { ...row, r2ur: row['decoupled'] }]));
  return {
    source: 'corpus-sm90-ampere',
    // FP64 arithmetic is fixed-latency here (FIXED_ON_HOPPER): NVIDIA's RedirectedFP64 writer figures.
    ...(matrices.general ? { general: withR2urReader({ ...keep(matrices.general)!, fp64: FP64_WRITER.general }) } : {}),
    // R2UR's predicate output (`R2UR P0, URZ, R4`): B100's r2ur predicate column (R2UR_PREDICATE_ROW).
    ...(matrices.predicate ? { predicate: { ...keep(matrices.predicate)!, fp64: FP64_WRITER.predicate, r2ur: R2UR_PREDICATE_ROW } } : {}),
    // R2UR is fixed-latency here (HOPPER_CLASSES): B100's R2Ur row as its bound.
    ...(matrices.uniform ? { uniform: { ...keep(matrices.uniform)!, r2ur: R2UR_ROW } } : {}),
    ...(matrices.uniformPredicate ? { uniformPredicate: keep(matrices.uniformPredicate)! } : {}),
  };
}

/**
 * R2UR's uniform result as B100's NVIDIA table times the `r2ur` writer (nak-sm100 ureg_raw.csv:
 * 13 to every vector, branch and uniform-ALU reader, 15 to ULDC, bindless and to_ur readers),
 * taken as the bound every R2UR of ptxas's sm_90 output fits (corpus-sm90-classes). The reader
 * classes are those of Ampere's uniform matrix.
 */
const R2UR_ROW: Readonly<Record<string, number>> = {
  ...Object.fromEntries(['alu', 'disp', 'fma', 'imadWide', 'fp16', 'disp64', 'hfma2mma', 'decoupled', 'agu', 'memory', 'fp64', 'hmma', 'imma', 'cctl', 'cbu', 'udp', 'umov', 'voteu'].map((reader) => [reader, 13])),
  uldc: 15,
};

/**
 * R2UR's predicate result (`R2UR P0, URZ, R4`, `@P1 R2UR.OR P0, UR5, R7`) as B100's NVIDIA table
 * times the `r2ur` writer of predicates (nak-sm100 pred_raw.csv, sm120_instr_latencies.rs
 * op_pred_latency R2UR => R2Ur: 8 to coupled and dual-ALU readers, 13 to every other reader and
 * to guards), taken as the bound every such R2UR of ptxas 12.5's sm_90 output fits
 * (ptxas-sm90-r2ur-predicate). The reader classes are those of Ampere's predicate matrix.
 */
const R2UR_PREDICATE_ROW: Readonly<Record<string, number>> = {
  ...Object.fromEntries(['fma', 'imadWide', 'disp', 'fp64', 'hfma2mma', 'decoupled', 'cbu', 'agu', 'memory', 'guard'].map((reader) => [reader, 13])),
  alu: 8,
};

/** The slowest figure of a matrix row. */
const slowest = (row: Readonly<Record<string, number>> | undefined) => Math.max(...Object.values(row ?? {}));

/**
 * An entry in latency class `latencyClass` of the sm_90 matrices, with the operand shape `shape`:
 * its results after the class's slowest figure (uniform results in the uniform matrix when the
 * class has a row there), predicates after the slowest of its predicate row.
 */
function inClass(latencyClass: string, source: 'corpus-sm90-ampere' | 'corpus-sm90-classes' | 'ptxas-sm90-classes', shape: Extra = {}): OpcodeInfo {
  const matrices = weighedRows(AMPERE_BOUNDS.readAfterWrite!);
  const row = matrices.general?.[latencyClass] ?? matrices.uniform?.[latencyClass];
  if (row === undefined) throw new Error(`no sm_90 row for writer class ${latencyClass}`);
  const predicate = matrices.predicate?.[latencyClass];
  return inferredFixed(slowest(row), latencyClass, source, { ...shape, ...(predicate === undefined ? {} : { predicateLatency: slowest(predicate) }) });
}

/** The operand shape of a fallback entry (its timing and source dropped). */
function shapeOf(name: string): Extra {
  const { kind: _kind, queue: _queue, source: _source, latencyClass: _class, latency: _latency, predicateLatency: _predicate, ...shape } = FALLBACK.opcodes[name]!;
  return shape;
}

/**
 * Opcodes NAK's fallback scoreboards or does not know that ptxas never scoreboards on sm_90, in
 * the class every use fits (`hazardproof facts --evidence` on the nvaa dumps): DADD (0 of 157),
 * DMUL (0 of 144), DFMA (0 of 83), DSETP (0 of 51), I2FP (0 of 8). ULDC (0 of 109) and CS2R (0
 * of 26) are fixed in Ampere's own entries already.
 */
const FIXED_ON_HOPPER: Readonly<Record<string, OpcodeInfo>> = {
  // FP64 arithmetic in NVIDIA's RedirectedFP64 class (FP64_WRITER), which ptxas times exactly.
  ...Object.fromEntries(['DADD', 'DMUL', 'DFMA', 'DSETP'].map((name) => [name, inClass('fp64', 'corpus-sm90-ampere', shapeOf(name))])),
  // alu, as on sm_86 and sm_89 (ptxas-i2fp-class): the nvaa dumps fit it as well as imadWide, and
  // ptxas 11.8's and 12.5's own sm_90 output fits only alu (an ALU op reads an I2FP result after 4
  // cycles: examples/ptx/hopper/cluster.ptx at -O3; ptxas-sm90-classes).
  I2FP: inClass('alu', 'ptxas-sm90-classes', shapeOf('I2FP')),
};

/**
 * A conservative entry (variable latency through the unordered `unknown` queue) that reads
 * fixed-latency results as `extra.latencyClass`, the class ptxas's output shows it reading them
 * as (corpus-sm90-classes): only that reader class is inferred.
 */
function readsAsClass(extra: Extra): OpcodeInfo {
  return { ...conservative(extra), source: 'corpus-sm90-classes' };
}

/**
 * Opcodes no source times on sm_90 that ptxas 12.5 never scoreboards there, each in the class
 * every use in its sm_90/sm_90a output and the nvaa dumps fits (corpus-sm90-classes): upper
 * bounds a proof may rely on, ready the next cycle for a counterexample. Opcodes with no register
 * result, and the stores and barriers whose timing nothing shows, stay conservative; where
 * ptxas's output shows how soon they read fixed-latency results, they read as that class.
 */
const HOPPER_CLASSES: Readonly<Record<string, OpcodeInfo>> = {
  VIADD: inClass('fma', 'corpus-sm90-classes'),
  ...each(['VIMNMX', 'VIMNMX3', 'VHMNMX'], inClass('alu', 'corpus-sm90-classes')),
  // usad/sad.u32 and the fused add-min/max ptxas 12.5 emits for LLVM's NVPTX tests (ptxas-sm90-classes).
  ...each(['VABSDIFF', 'VIADDMNMX'], inClass('alu', 'ptxas-sm90-classes')),
  // VOTE.ALL P0, PT: NAK's sm_90 fallback times its predicate at 13, which ptxas's output
  // contradicts (SEL reading it after 4); every use fits the ALU class (ptxas-sm90-classes).
  VOTE: inClass('alu', 'ptxas-sm90-classes', shapeOf('VOTE')),
  // ELECT P2, URZ, PT: a predicate (the elected lane) and a uniform register (its lane id).
  ELECT: inClass('alu', 'corpus-sm90-classes', { destinations: 2 }),
  // NAK's fallback scoreboards R2UR (has_fixed_latency); ptxas never does on sm_90.
  R2UR: inClass('r2ur', 'corpus-sm90-classes'),
  // Memory and sync-unit operations: variable, their reads of fixed-latency results as the class ptxas's output fits.
  SYNCS: readsAsClass({ latencyClass: 'decoupled' }),
  STAS: readsAsClass({ destinations: 0, operands: 'store', latencyClass: 'memory' }),
  REDAS: readsAsClass({ destinations: 0, operands: 'reduction', latencyClass: 'memory' }),
  STSM: readsAsClass({ destinations: 0, operands: 'matrixStore', latencyClass: 'memory' }),
};

/**
 * Tensor-core MMAs: NAK's fallback scoreboards them (has_fixed_latency: Hmma, Imma), ptxas never
 * does on sm_90 (corpus-sm90-mma) and, at -O0, reads their results in the next instruction
 * (ptxas-mma-next-instruction), as on Ampere. DMMA, which ptxas scoreboards on sm_90 with a
 * full stall at -O0, keeps the fallback's conservative entry.
 */
const MMA_ON_HOPPER: Readonly<Record<string, OpcodeInfo>> = {
  HMMA: mmaReadyNextInstruction('hmma'),
  ...each(['IMMA', 'BMMA'], mmaReadyNextInstruction('imma')),
};

/**
 * Opcodes ptxas 12.5 emits for sm_90 that NAK's classification covers (memory operations are
 * variable: nak-sm90-scoreboards): REDG (PTX `red.global`, Hopper's RED) and LDGMC
 * (`multimem.ld_reduce`); ATOM and ATOMG, whose predicate output is written when they read their
 * operands (ptxas-sm90-atom-predicate). And Hopper's synchronisation instructions with no
 * register operand: no result, nothing timed.
 */
const HOPPER_MEMORY: Readonly<Record<string, OpcodeInfo>> = {
  REDG: variable('global', 'nak-sm90-scoreboards', { operands: 'reduction', latencyClass: 'memory' }),
  LDGMC: variable('global', 'nak-sm90-scoreboards', { operands: 'load', latencyClass: 'memory' }),
  // ATOM.E.MIN.S64.STRONG.GPU P0, RZ, desc[UR4][R4.64], R10: ptxas reads P0 after waiting on the
  // scoreboard in the read field only, never the write one (from sm_90 on; sm_70 to sm_89 wait on
  // the write scoreboard): the predicate is written when the operands are read.
  ...Object.fromEntries(['ATOM', 'ATOMG'].map((name) => [name, { ...FALLBACK.opcodes[name]!, earlyPredicates: 'ptxas-sm90-atom-predicate' }])),
  // cp.async.mbarrier.arrive (ARRIVES.LDGSTSBAR.64.ARVCNT [UR4]): an arrive on a shared-memory
  // barrier once the warp's cp.async copies land. No register result and no source times it:
  // conservative; like every vector instruction it reads its uniform registers at issue
  // (corpus-sm90-uniform-reads), which ptxas relies on (it returns right after, no read scoreboard).
  ARRIVES: conservative({ destinations: 0 }),
  // setmaxnreg (sm_90a): `USETMAXREG.TRY_ALLOC.CTAPOOL UP0, 0xe8` writes a uniform predicate (whether
  // the registers were granted; ptxas loops until they are), which ptxas scoreboards and waits on
  // (examples/ptx/hopper/ws.ptx); `USETMAXREG.DEALLOC.CTAPOOL 0x28` writes nothing. No source times
  // it: conservative. The register count it changes is no named register's timing (the PTX ISA:
  // the new registers' contents are undefined until written), so it is not modelled.
  USETMAXREG: conservative(),
  // griddepcontrol.wait / .launch_dependents, cluster barrier arrive and wait, the TMA command flush, wgmma's fences and waits.
  ...each(['ACQBULK', 'PREEXIT', 'UCGABAR_ARV', 'UCGABAR_WAIT', 'UTMACMDFLUSH', 'WARPGROUP'], control('none', 'conservative')),
};

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

/**
 * The warpgroup MMAs of sm_90a (wgmma.mma_async: HGMMA, IGMMA, QGMMA, BGMMA), asynchronous
 * (ptx-wgmma): each goes through the `gmma` queue, in issue order and each reading its
 * accumulator once the one before has written it (the PTX ISA orders accumulator accesses across
 * wgmma instructions of one shape), with its register operands in flight until a
 * `WARPGROUP.DEPBAR.LE gsb0, k` (wgmma.wait_group k) retires its group, which the last wgmma of a
 * group counts on the warpgroup scoreboard (`gsb0`, as ptxas 12.5 lowers it). Its descriptors
 * (`gdesc[UR8]`) are read at issue, as every vector instruction reads its uniform registers. No
 * source says how soon it reads a fixed-latency result: a proof waits as for a decoupled
 * reader, a counterexample as for the earliest.
 */
const WARPGROUP_MMA: OpcodeInfo = variable('gmma', 'ptx-wgmma', {
  operands: 'warpgroupMatrix',
  latencyClass: 'decoupled',
  counterexample: { queue: 'gmma', source: 'ptx-wgmma', latencyClass: EARLIEST_READER },
});

/**
 * Hopper's TMA and bulk-copy instructions (cp.async.bulk.tensor and its reduce and prefetch forms,
 * cp.async.bulk and cp.reduce.async.bulk, their prefetches, the tensor-map prefetch: UTMALDG,
 * UTMASTG, UTMAREDG, UTMAPF, UTMACCTL, UBLKCP, UBLKRED, UBLKPF). Uniform-datapath instructions
 * that write no register and read their uniform registers, whole groups of them (`bulkCopy`),
 * after they issue: ptxas sets a read scoreboard on every one and waits on it before any of those
 * registers is written again, in no order among them that it relies on (ptxas-sm90-tma), as
 * B100's NVIDIA table has a TMA reader's registers released only by a scoreboard (nak-sm100
 * ureg_war.csv, "1 & sb"). They read fixed-latency results as decoupled readers do (Ampere's
 * uniform matrix: a uniform ALU result after 9 cycles, B100's figure to its TMA readers, which
 * ptxas spaces exactly: UPRMT UR4 nine cycles before UBLKPF.L2 [UR6], UR4).
 */
const TENSOR_MEMORY_ACCESS: OpcodeInfo = variable('tma', 'ptxas-sm90-tma', { operands: 'bulkCopy', destinations: 0, latencyClass: 'decoupled' });

export const SM90: ArchitectureTable = {
  ...FALLBACK,
  queues: { ...FALLBACK.queues, gmma: { ordered: true, source: 'ptx-wgmma', serial: 'ptx-wgmma' }, tma: { ordered: false, source: 'ptxas-sm90-tma' } },
  readAfterWrite: weighedRows(AMPERE_BOUNDS.readAfterWrite!),
  // Vector instructions read their uniform registers at issue: NVIDIA's tables on either side say
  // so (write-after-read 1 cycle with no scoreboard after a coupled or decoupled reader) and
  // ptxas's sm_90 output relies on it.
  uniformSourcesAtIssue: 'corpus-sm90-uniform-reads',
  // Hopper's own figures are upper bounds throughout: the floor is what a counterexample may use.
  opcodes: withCoupledFloor({
    ...FALLBACK.opcodes,
    ...Object.fromEntries(Object.entries(AMPERE_BOUNDS.opcodes).filter(([name, info]) => adopted(name, info)).map(([name, info]) => [name, bound(info)])),
    ...FIXED_ON_HOPPER,
    ...HOPPER_CLASSES,
    ...MMA_ON_HOPPER,
    ...HOPPER_MEMORY,
    ...each(['HGMMA', 'IGMMA', 'QGMMA', 'BGMMA'], WARPGROUP_MMA),
    ...each(['UTMALDG', 'UTMASTG', 'UTMAREDG', 'UTMAPF', 'UTMACCTL', 'UBLKCP', 'UBLKRED', 'UBLKPF'], TENSOR_MEMORY_ACCESS),
  }),
};
