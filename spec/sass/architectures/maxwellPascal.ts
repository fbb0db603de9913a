/**
 * The opcode table shared by Maxwell (sm_50, sm_52, sm_53) and Pascal (sm_60, sm_61, sm_62):
 * one ISA, one latency model (Mesa NAK uses the same `instr_latency` for both), so the two
 * architecture files only name themselves. Fixed-latency results take 6 cycles, predicates 13,
 * the half-precision ops 13 (14 for predicates); memory, texture and conversion instructions
 * read their registers a few cycles after issue (`readAfterWrite`).
 */
import type { ArchitectureTable, OpcodeCounterexample, OpcodeInfo } from '../architecture.js';
import { EARLIEST_READER } from '../latency.js';
import { control, each, fixed, inferredFixed, unscoreboardedNotLate, variable, withReadGroup } from './build.js';
import { SOURCES, type SourceKey } from './sources.js';

const ALU = fixed(6, 'nak-sm50-latency', { predicateLatency: 13, latencyClass: 'alu' });
const SET_PREDICATES = fixed(6, 'nak-sm50-latency', { predicateLatency: 13, destinations: 2, latencyClass: 'alu' });
const HALF = fixed(13, 'nak-sm50-latency', { predicateLatency: 14, latencyClass: 'half' });

/**
 * The counterexample side of FP64 arithmetic: through the same unordered queue, reading fixed
 * results as early as any reader may. ptxas issues DMNMX and DSETP 4 cycles after the MOV writing
 * the high half of their operand pair (ptxas-maxwell-fp64-reads): no source says when the FP64 unit
 * reads its registers, so no hazard may rest on its reading them at issue.
 */
const FP64_READS: OpcodeCounterexample = { queue: 'fp64', source: 'ptxas-maxwell-fp64-reads', latencyClass: EARLIEST_READER };

/** The same for the FP64 comparisons, which go through their own in-order queue (`fp64compare`). */
const FP64_COMPARE_READS: OpcodeCounterexample = { ...FP64_READS, queue: 'fp64compare' };

/**
 * The FP64 comparisons (maxas' cmp class: DMNMX, DSET, DSETP) reading their registers as
 * `latencyClass` on the proof side, through the in-order queue `fp64compare`
 * (ptxas-fp64-compare-order). ptxas issues some DSETP with no write scoreboard, its predicate read
 * 15 cycles later with no wait: no hazard rests on such a DSETP being late
 * (ptxas-maxwell-unscoreboarded-dsetp).
 */
function fp64Comparisons(latencyClass: 'alu' | 'shared', source: SourceKey): Record<string, OpcodeInfo> {
  const entry = (destinations: 1 | 2) => variable('fp64compare', source, { operands: 'double', destinations, latencyClass, counterexample: FP64_COMPARE_READS });
  return { DMNMX: entry(1), DSET: entry(1), DSETP: unscoreboardedNotLate(entry(2), 'ptxas-maxwell-unscoreboarded-dsetp') };
}

/**
 * POPC and FLO: variable (NAK), in issue order among themselves; they read their registers as late
 * as MUFU does (the `sfu` reader: 2 cycles after an ALU result; no sooner than 4 cycles after
 * issue, so they complete no sooner either), which ptxas's spacing shows as a bound only, so a
 * counterexample takes them reading as early as any reader may.
 */
const BITOPS = variable('bitops', 'ptxas-maxwell-bitops-reads', {
  latencyClass: 'sfu',
  readDelay: { cycles: 4, source: 'ptxas-maxwell-bitops-reads' },
  counterexample: { queue: 'bitops', source: 'nak-fixed-latency', latencyClass: EARLIEST_READER },
});

/**
 * The entries Maxwell (sm_50, sm_52, sm_53) replaces in the shared table: its FP64 comparisons
 * read their registers at least 2 cycles after issue. ptxas issues them 4 cycles after the 6-cycle
 * ALU result they read, where it waits 6 before DADD, DMUL and DFMA and, on Pascal, before all six
 * (ptxas-maxwell-fp64-compare-reads). An upper bound on the wait only: a proof reads them as shared
 * memory instructions do (4 after an ALU result), a counterexample as early as any reader may.
 */
export const MAXWELL_FP64_COMPARE: Readonly<Record<string, OpcodeInfo>> = fp64Comparisons('shared', 'ptxas-maxwell-fp64-compare-reads');

const opcodes: Record<string, OpcodeInfo> = {
  ...each(
    ['FADD', 'FADD32I', 'FFMA', 'FFMA32I', 'FMUL', 'FMUL32I', 'FMNMX', 'FSET', 'FSWZADD', 'IADD', 'IADD32I', 'IADD3', 'MOV', 'MOV32I', 'PRMT', 'SEL', 'XMAD', 'BFE', 'BFI', 'IMNMX', 'ISET', 'ISCADD', 'ISCADD32I', 'SHF', 'SHL', 'SHR', 'VADD', 'VMAD', 'VABSDIFF', 'VMNMX', 'VSET', 'DP4A', 'DP2A', 'LOP32I', 'CSET', 'FCHK', 'ICMP', 'FCMP', 'PSET'],
    ALU,
  ),
  // LOP.AND.NZ P0, RZ, R2, 0x1 and LOP3.LUT.NZ P0, RZ, ...: a predicate written before the result.
  ...each(['LOP', 'LOP3'], fixed(6, 'nak-sm50-latency', { predicateLatency: 13, predicateFirst: true, latencyClass: 'alu' })),
  // maxas: LEA $p48, $r0cc, $r8, $icr20 (a cmp-class op, 13 for its predicate); other forms 6.
  LEA: fixed(6, 'maxas-grammar', { predicateLatency: 13, predicateFirst: true, latencyClass: 'alu' }),
  ...each(['ISETP', 'FSETP', 'PSETP', 'CSETP'], SET_PREDICATES),
  ...each(['HADD2', 'HMUL2', 'HFMA2', 'HSET2', 'HADD2_32I', 'HMUL2_32I', 'HFMA2_32I'], HALF),
  HSETP2: fixed(13, 'nak-sm50-latency', { predicateLatency: 14, destinations: 2, latencyClass: 'half' }),
  // VOTE.ANY R0, PT, P0: the register, then the predicate it also writes.
  VOTE: fixed(6, 'nak-sm50-latency', { predicateLatency: 13, carryOut: 1, latencyClass: 'alu' }),
  CS2R: fixed(6, 'maxas-cs2r', { latencyClass: 'alu' }),
  P2R: fixed(6, 'nak-sm50-latency', { operands: 'predicateSave', latencyClass: 'alu' }),
  R2P: fixed(6, 'nak-sm50-latency', { predicateLatency: 13, operands: 'predicateRestore', latencyClass: 'alu' }),

  ...each(['LDG', 'LD'], variable('global', 'corpus-readme', { operands: 'load', latencyClass: 'global' })),
  ...each(['STG', 'ST'], variable('global', 'corpus-readme', { operands: 'store', latencyClass: 'global' })),
  ATOM: variable('global', 'nak-fixed-latency', { operands: 'atomic', latencyClass: 'global' }),
  RED: variable('global', 'nak-fixed-latency', { operands: 'reduction', latencyClass: 'global' }),
  // Local memory leaves in order (corpus-local-order) and in one order with global memory
  // (ptxas-maxwell-local-global-order): one queue.
  LDL: variable('global', 'ptxas-maxwell-local-global-order', { operands: 'load', latencyClass: 'global' }),
  STL: variable('global', 'ptxas-maxwell-local-global-order', { operands: 'store', latencyClass: 'global' }),
  LDS: variable('shared', 'corpus-readme', { operands: 'load', latencyClass: 'shared' }),
  STS: variable('shared', 'corpus-readme', { operands: 'store', latencyClass: 'shared' }),
  ATOMS: variable('shared', 'nak-fixed-latency', { operands: 'atomic', latencyClass: 'shared' }),
  LDC: variable('constant', 'nak-fixed-latency', { operands: 'load', latencyClass: 'global' }),
  ...each(['TEX', 'TLD', 'TLD4', 'TXQ', 'TMML', 'TXD', 'TXA'], variable('global', 'corpus-texture-global-order', { operands: 'texture', latencyClass: 'global' })),
  ...each(['TEXS', 'TLDS', 'TLD4S'], variable('global', 'corpus-texture-global-order', { operands: 'textureScalar', latencyClass: 'global' })),
  ...each(['SULD', 'SUATOM'], variable('global', 'corpus-texture-global-order', { operands: 'surfaceLoad', latencyClass: 'global' })),
  ...each(['SUST', 'SURED'], variable('global', 'corpus-texture-global-order', { operands: 'surfaceStore', latencyClass: 'global' })),

  // maxas' qtr class: the multi-function unit and the conversions, one in-order queue.
  // ptxas issues some MUFU with no write scoreboard, its result read 13 cycles later with no wait:
  // no hazard rests on such a MUFU being late (ptxas-maxwell-unscoreboarded-mufu).
  MUFU: unscoreboardedNotLate(variable('sfu', 'corpus-sfu-order', { latencyClass: 'sfu' }), 'ptxas-maxwell-unscoreboarded-mufu'),
  // ...and so are the conversions (an I2F result read 14 cycles later with no wait, ptxas-maxwell-unscoreboarded-mufu).
  ...each(['F2F', 'F2I', 'I2F', 'I2I'], unscoreboardedNotLate(variable('sfu', 'corpus-sfu-order', { operands: 'convert', latencyClass: 'sfu' }), 'ptxas-maxwell-unscoreboarded-mufu')),
  FRND: variable('misc', 'nak-fixed-latency', { operands: 'convert', latencyClass: 'alu' }),
  ...each(['S2R', 'BREV', 'IMAD', 'IMADSP', 'IMAD32I', 'GETCRSPTR', 'GETLMEMBASE', 'IPA', 'ALD', 'OUT', 'PIXLD', 'ISBERD', 'AL2P'], variable('misc', 'nak-fixed-latency', { latencyClass: 'alu' })),
  // IMUL and IMUL32I read their registers after issue: ptxas issues them 4 cycles after the
  // 6-cycle ALU result they read (ptxas-maxwell-imul-reads), a bound for a proof (the shared
  // memory reader's figure); a counterexample takes them reading as early as any reader may.
  // They complete in issue order among themselves (ptxas-maxwell-imul-order: a mul.wide's IMUL read
  // after waiting on its IMUL.HI's scoreboard alone): their own queue.
  ...each(['IMUL', 'IMUL32I'], variable('imul', 'ptxas-maxwell-imul-reads', { latencyClass: 'shared', counterexample: { queue: 'imul', source: 'nak-fixed-latency', latencyClass: EARLIEST_READER } })),
  // RRO.EX2/RRO.SINCOS, the range reduction feeding MUFU: NAK scoreboards it, ptxas never does and
  // issues the MUFU 2 cycles later; maxas gives it a fixed class. The ALU class (6, MUFU readers 2)
  // is the bound ptxas's spacing allows, for a proof only.
  RRO: inferredFixed(6, 'alu', 'ptxas-maxwell-rro'),
  // Some POPC and FLO get no write scoreboard, their result read 15 cycles later with no wait: no
  // hazard rests on such a POPC or FLO being late (ptxas-maxwell-unscoreboarded-popc).
  FLO: unscoreboardedNotLate(BITOPS, 'ptxas-maxwell-unscoreboarded-popc'),
  POPC: unscoreboardedNotLate(BITOPS, 'ptxas-maxwell-unscoreboarded-popc'),
  // FP64: a proof takes its registers read at issue (6 after an ALU result); ptxas reads a pair's
  // high half 4 cycles after a MOV wrote it, so a counterexample may not rest on reads at issue.
  // The comparisons complete in issue order among themselves (ptxas-fp64-compare-order).
  ...each(['DADD', 'DMUL', 'DFMA'], variable('fp64', 'nak-fixed-latency', { operands: 'double', latencyClass: 'alu', counterexample: FP64_READS })),
  ...fp64Comparisons('alu', 'nak-fixed-latency'),
  // SHFL.IDX PT, R7, R0, 0x1, 0x1f: the predicate output comes first. maxas puts it in its shared
  // memory class, and ptxas relies on its going through that queue, in order with LDS and STS
  // (ptxas-maxwell-shuffle-shared-order).
  SHFL: variable('shared', 'ptxas-maxwell-shuffle-shared-order', { predicateFirst: true, latencyClass: 'shared' }),
  // B2R.RESULT R0, P0 (maxas $b2r).
  B2R: variable('misc', 'conservative', { carryOut: 1, latencyClass: 'alu' }),
  ...each(['CCTL', 'CCTLL', 'CCTLT', 'AST'], variable('misc', 'nak-fixed-latency', { destinations: 0, latencyClass: 'alu' })),

  BAR: control('none', 'maxas-sgemm-bar', { latencyClass: 'alu', drains: ['shared'] }),
  ...each(['NOP', 'DEPBAR', 'MEMBAR', 'SSY', 'PBK', 'PCNT', 'PRET', 'PEXIT', 'SETCRSPTR', 'SETLMEMBASE', 'BPT', 'SAM', 'RAM', 'R2B'], control('none', 'nak-fixed-latency', { latencyClass: 'alu' })),
  ...each(['BRA', 'BRX', 'JMP', 'JMX'], control('branch', 'maxas-grammar', { latencyClass: 'alu' })),
  ...each(['CAL', 'JCAL'], control('call', 'maxas-grammar', { latencyClass: 'alu' })),
  RET: control('return', 'maxas-grammar', { latencyClass: 'alu' }),
  ...each(['EXIT', 'KIL'], control('exit', 'maxas-grammar', { latencyClass: 'alu' })),
  ...each(['SYNC', 'BRK', 'CONT'], control('sync', 'maxas-grammar', { latencyClass: 'alu' })),
};

/**
 * Queues. Global memory together with texture and surface (LDG/LD/STG/ST/ATOM/RED, TEX*,
 * SU*: Maxwell and Pascal serve global loads through the unified L1/texture path) and local
 * memory (LDL/STL: ptxas counts them on one scoreboard with generic loads and waits by count),
 * shared (LDS/STS/ATOMS) and the multi-function unit with the conversions (maxas'
 * qtr class) complete in issue order, as ptxas' listings rely on, and so do POPC and FLO among
 * themselves (`bitops`); constant loads, the misc unit (S2R, SHFL...) and the FP64 unit (`fp64`, whose
 * reads Pascal's listings show in issue order) are not assumed to complete in order.
 */
const queues: ArchitectureTable['queues'] = {
  global: { ordered: true, source: 'corpus-readme' },
  shared: { ordered: true, source: 'corpus-readme' },
  sfu: { ordered: true, source: 'corpus-sfu-order' },
  bitops: { ordered: true, source: 'ptxas-maxwell-bitops-order' },
  constant: { ordered: false, source: 'conservative' },
  misc: { ordered: false, source: 'corpus-readme' },
  // The FP64 unit, apart from misc so that a read order can be its own (`MaxwellPascalOrders.fp64ReadOrder`).
  fp64: { ordered: false, source: 'corpus-readme' },
  // maxas' cmp class of it (DSETP, DSET, DMNMX): in issue order among themselves.
  fp64compare: { ordered: true, source: 'ptxas-fp64-compare-order' },
  // IMUL and IMUL32I: in issue order among themselves.
  imul: { ordered: true, source: 'ptxas-maxwell-imul-order' },
  unknown: { ordered: false, source: 'conservative' },
};

/**
 * Register reads of memory, texture and multi-function instructions come after issue (maxas'
 * rlat: 4 cycles for the global-memory and qtr classes, 2 for shared memory), so a 6-cycle
 * result needs only 2 (4) cycles before them; ptxas schedules exactly that. POPC and FLO read as
 * the qtr class does on the proof side (`sfu`, ptxas-maxwell-bitops-reads).
 */
const readAfterWrite: ArchitectureTable['readAfterWrite'] = {
  general: {
    alu: { alu: 6, half: 6, global: 2, sfu: 2, shared: 4 },
    half: { alu: 13, half: 13, global: 9, sfu: 9, shared: 11 },
  },
  source: 'maxas-read-delay',
};

/**
 * Pascal's FP16 instructions: variable latency through the misc queue. ptxas sets a write
 * scoreboard on every one it emits for sm_60 and sm_61 and reads their results after waiting on
 * it, sooner than NAK's fixed 13 (ptxas-pascal-fp16-scoreboards); a scoreboard is never wrong
 * where a stall count might be. They read fixed results as the FP16 class does.
 */
export const PASCAL_FP16: Readonly<Record<string, OpcodeInfo>> = {
  // The 32-bit-immediate forms (HADD2_32I R0, R8, 0, 5.96e-08) with them: ptxas 12.5 scoreboards those too.
  ...each(['HADD2', 'HMUL2', 'HFMA2', 'HSET2', 'HADD2_32I', 'HMUL2_32I', 'HFMA2_32I'], variable('misc', 'ptxas-pascal-fp16-scoreboards', { latencyClass: 'half' })),
  HSETP2: variable('misc', 'ptxas-pascal-fp16-scoreboards', { destinations: 2, latencyClass: 'half' }),
};

/**
 * maxas' operand read latencies (rlat, `maxas-read-delay`) by its op classes: $gmemT (global,
 * local, constant, texture and surface memory) and $qtrT (MUFU and the conversions) read their
 * registers 4 cycles after issue, $smemT (LDS, STS, ATOMS, SHFL) 2. An instruction cannot complete,
 * nor release its write scoreboard, before it has read: ptxas relies on that when it lets a
 * predicated F2F's scoreboard cover a SEL result issued the cycle before it (math-intrins.ll
 * round_float, bf16x2-instructions.ll test_round for sm_50 to sm_61).
 */
const READ_DELAYS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [4, ['LDG', 'LD', 'STG', 'ST', 'ATOM', 'RED', 'LDL', 'STL', 'LDC', 'TEX', 'TLD', 'TLD4', 'TXQ', 'TMML', 'TXD', 'TXA', 'TEXS', 'TLDS', 'TLD4S', 'SULD', 'SUATOM', 'SUST', 'SURED']],
  [4, ['MUFU', 'F2F', 'F2I', 'I2F', 'I2I']],
  [2, ['LDS', 'STS', 'ATOMS', 'SHFL']],
];

/**
 * `opcodes` with maxas' read delays on the variable-latency entries of its classes, and on their
 * alternatives for instances with no write scoreboard (an unscoreboarded MUFU reads as late).
 */
function withReadDelays(opcodes: Readonly<Record<string, OpcodeInfo>>): Record<string, OpcodeInfo> {
  const result = { ...opcodes };
  for (const [cycles, names] of READ_DELAYS) {
    const readDelay = { cycles, source: 'maxas-read-delay' } as const;
    for (const name of names) {
      const info = result[name];
      if (info?.kind !== 'variable') continue;
      const alternative = info.unscoreboarded?.kind === 'variable' ? { unscoreboarded: { ...info.unscoreboarded, readDelay } } : {};
      result[name] = { ...info, readDelay, ...alternative };
    }
  }
  return result;
}

/** Read orders a table's listings show, each with its source. */
export interface MaxwellPascalOrders {
  /** The `sfu` and `bitops` queues read their operands in one issue order across the two (`QueueFacts.readGroup`). */
  readonly decoupledReadOrder?: SourceKey;
  /** The FP64 instructions (queue `fp64`) read their operands in issue order (`QueueFacts.readOrder`). */
  readonly fp64ReadOrder?: SourceKey;
}

/** The Maxwell/Pascal table under `name`, selected also by `aliases`, with `replaced` entries over the shared ones and the read orders its listings show. */
export function maxwellPascalTable(name: string, aliases: readonly string[], replaced: Readonly<Record<string, OpcodeInfo>> = {}, orders: MaxwellPascalOrders = {}): ArchitectureTable {
  // The read order spans the whole unit: the comparisons' queue and the rest read in one order.
  const fp64 = orders.fp64ReadOrder === undefined ? queues : withReadGroup({ ...queues, fp64: { ...queues['fp64']!, readOrder: orders.fp64ReadOrder } }, ['fp64', 'fp64compare'], orders.fp64ReadOrder);
  return {
    name,
    aliases,
    visibilityDelay: 2,
    // ptxas issues DEPBAR.LE SB5, 0x1 one cycle after the SULD that sets SB5 and relies on it
    // counting that SULD (cudatest.6.sm_61.cuasm /*0558*/-/*0568*/).
    depbarVisibilityDelay: 1,
    visibilityDelaySource: 'corpus-readme',
    conditionCode: true,
    readAfterWrite,
    queues: withReadGroup(fp64, ['sfu', 'bitops'], orders.decoupledReadOrder),
    opcodes: withReadDelays({ ...opcodes, ...replaced }),
    sources: SOURCES,
  };
}
