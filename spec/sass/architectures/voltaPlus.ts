/**
 * The opcode table shared by Volta and later (sm_70 .. sm_121): one ISA whose architectures
 * differ in a few figures (coupled-ALU and predicate latencies, whether I2I and CS2R are fixed)
 * and in the opcodes they add (uniform datapath on Turing, LDGSTS and DMMA on Ampere, LDCU and
 * QMMA/OMMA on Blackwell). Each architecture file (or family file: `ampere.ts`, `blackwell.ts`)
 * passes its figures and extra opcodes to `voltaPlusTable`.
 */
import type { ArchitectureTable, OpcodeInfo } from '../architecture.js';
import { control, each, fixed, unscoreboardedNotLate, variable, withReadGroup, type Extra } from './build.js';
import { SOURCES, type SourceKey } from './sources.js';
import { proofOnly, provenanceOf } from './provenance.js';

/** The figures that differ between Volta-family architectures. */
export interface VoltaFigures {
  readonly name: string;
  readonly aliases: readonly string[];
  /** Citation of the latencies and of which opcodes need scoreboards. */
  readonly source: SourceKey;
  /**
   * Citation of the coupled (fixed-latency) opcodes' figures when not `source`: on Volta, where
   * NAK's figures are its own choice and ptxas's output shows tighter ones, the figures ptxas
   * relies on (upper bounds), while which opcodes need scoreboards stays NAK's.
   */
  readonly coupledSource?: SourceKey;
  /**
   * Fixed-latency opcodes whose proof figures are upper bounds only but whose least latency a
   * source gives: a counterexample takes their results ready after `latency` cycles for every
   * reader (`LatencyCounterexample`), citing `source`.
   */
  readonly counterexampleLatency?: { readonly opcodes: readonly string[]; readonly latency: number; readonly source: SourceKey };
  /** Results of coupled (fixed-latency) ALU, FMA, IMAD and move ops. */
  readonly alu: number;
  /** Predicate results of the same ops (guards included). */
  readonly predicate: number;
  /** Results and predicate results of the FP16 ops (HADD2, HFMA2, HMUL2, HSET2, HSETP2). */
  readonly half: number;
  readonly halfPredicate: number;
  /** Whether I2I/I2IP, CS2R and LEPC are coupled (Turing+) rather than variable (Volta). */
  readonly coupledMoves: boolean;
  /**
   * The source of I2I/I2IP and CS2R being variable when `coupledMoves` is false: NAK's
   * `has_fixed_latency` (Volta), or a conservative key where that rule is only NAK's fallback for
   * an architecture no NVIDIA table covers and the tables on either side make them coupled (Hopper).
   */
  readonly variableMovesSource?: SourceKey;
  /**
   * The source of which opcodes are variable-latency (need a scoreboard) and through which queue,
   * when it is not `source`: on Hopper NAK's `has_fixed_latency` rule (a compiler's, provenance
   * `compiler`) says which, while its figures are only guesses (`source`, conservative). A
   * counterexample may then let a load take long, as a compiler that scoreboards it expects.
   */
  readonly variableSource?: SourceKey;
  /** Opcodes added or replaced (uniform datapath, Ampere additions). */
  readonly extra: Readonly<Record<string, OpcodeInfo>>;
  /** Opcodes this architecture lacks. */
  readonly without?: readonly string[];
  /** Consumer-aware latencies (NAK's tables), when the source gives them. */
  readonly readAfterWrite?: ArchitectureTable['readAfterWrite'];
  /**
   * Pipes whose results a listing shows completing in issue order, with that listing's
   * citation: FP64 ops (DADD, DMUL, DFMA, DMNMX, DSET, DSETP) in queue `fp64`, SHFL in queue
   * `shuffle`, MUFU and the conversions (F2F, F2I, I2F, FRND) in queue `sfu`, POPC, FLO and
   * BREV in queue `bitops`, S2UR in queue `s2ur`. Without it they
   * share the unordered `misc` queue.
   */
  readonly orderedPipes?: Readonly<Partial<Record<'fp64' | 'shuffle' | 'sfu' | 'bitops' | 's2ur', SourceKey>>>;
  /**
   * The source showing FCHK going through the MUFU/conversion pipe (queue `sfu`, when
   * `orderedPipes.sfu` is given): ptxas issues FCHK with no write scoreboard and reads its
   * predicate only after waiting on a MUFU or conversion issued after it. Without it FCHK is in
   * the unordered `misc` queue.
   */
  readonly fchkInSfuPipe?: SourceKey;
  /**
   * Variable-latency opcodes ptxas issues with no write scoreboard when their reader is far enough
   * away (POPC, MUFU at -O3), each with the source showing it: no hazard may rest on such an
   * instance's result being late, so a counterexample takes it ready the next cycle
   * (`unscoreboardedNotLate`). A proof keeps the variable entry and its in-order queue, which
   * ptxas relies on elsewhere (ptxas-bitops-order, ptxas-sfu-order).
   */
  readonly unscoreboardedNotLate?: Readonly<Record<string, SourceKey>>;
  /**
   * The source showing the MUFU/conversion pipe (`sfu`) and the bit-counting pipe (`bitops`)
   * reading their operands in one issue order across the two (`QueueFacts.readGroup`): ptxas
   * overwrites an I2F's source after waiting only on a later FLO's read scoreboard.
   */
  readonly decoupledReadOrder?: SourceKey;
  /**
   * The source showing HMMA completing, and reading its operands, in issue order (Volta's
   * `HMMA.884` step groups: ptxas sets a write scoreboard on the last step only and waits on it
   * alone before reading or overwriting every step's registers): HMMA then runs through the in-order
   * `mma` queue for a proof too, not only for a counterexample. Absent: `misc`, unordered.
   */
  readonly mmaInOrder?: SourceKey;
  /**
   * The source showing SHFL going through the shared-memory queue: completing in issue order
   * with LDS, and reading in the memory queues' one order (ptxas covers an LDS result by waiting
   * on a later SHFL's scoreboard, and the other way round). Without it SHFL has a queue of its own
   * (`orderedPipes.shuffle`) or `misc`.
   */
  readonly shuffleThroughShared?: SourceKey;
  /**
   * Whether `cp.async` (LDGSTS, queue `asyncCopy`) reads its registers in the memory queues' one
   * order too (`memoryReadOrder`, whose source cites the listing): ptxas lets a global load
   * overwrite an LDGSTS's address register with no wait on its read scoreboard.
   */
  readonly asyncCopyInReadOrder?: true;
  /**
   * The source showing a `DEPBAR` seeing a scoreboard one cycle after the instruction that set it
   * (`ArchitectureTable.depbarVisibilityDelay`); without it a DEPBAR sees it after 2, as a wait mask does.
   */
  readonly depbarSeesNextCycle?: SourceKey;
  /**
   * Queues only the counterexample side has, in issue order, with the opcodes it runs through
   * them and the source showing the order (a listing that relies on it): a proof keeps their
   * own, unordered queue, so a hazard resting on the order is `unknown`, naming it.
   */
  readonly counterexamplePipes?: Readonly<Record<string, { readonly opcodes: readonly string[]; readonly source: SourceKey }>>;
  /**
   * Readers of class `from` whose figures were raised above the source's by what compiler output
   * relies on: on the counterexample side they read as class `to`, the source's own (`source`).
   */
  readonly counterexampleReaders?: { readonly from: string; readonly to: string; readonly source: SourceKey };
  /** The source saying vector instructions read their uniform registers at issue (`ArchitectureTable.uniformSourcesAtIssue`). */
  readonly uniformSourcesAtIssue?: SourceKey;
  /**
   * Queues whose results may complete in any order but whose operands a listing shows read in
   * issue order (`QueueFacts.readOrder`), with that listing's citation.
   */
  readonly readOrders?: Readonly<Partial<Record<'global' | 'local', SourceKey>>>;
  /**
   * The source showing global, local and shared memory instructions reading their operands in one
   * issue order across the three queues (`QueueFacts.readGroup`): ptxas overwrites an STS's data
   * after waiting only on a later STG's read scoreboard.
   */
  readonly memoryReadOrder?: SourceKey;
}

/** The coupled opcodes of every Volta-family architecture, with their NAK latency classes. */
function coupledOpcodes(figures: VoltaFigures): Record<string, OpcodeInfo> {
  const source = figures.coupledSource ?? figures.source;
  const alu = (extra: Extra = {}) => fixed(figures.alu, source, { predicateLatency: figures.predicate, latencyClass: 'alu', ...extra });
  const fma = (extra: Extra = {}) => alu({ latencyClass: 'fma', ...extra });
  const setPredicates = alu({ destinations: 2 });
  return {
    ...each(['FMNMX', 'FSEL', 'FSET', 'F2FP', 'IABS', 'IMNMX', 'MOV', 'PRMT', 'SEL', 'SGXT', 'SHF', 'BMSK', 'LOP', 'LOP32I', 'IADD', 'IADD32I'], alu()),
    ...each(['FADD', 'FADD32I', 'FFMA', 'FFMA32I', 'FMUL', 'FMUL32I', 'FSWZADD', 'IDP', 'IDP4A'], fma()),
    // VABSDIFF (PTX sad): in no NVIDIA table; ptxas never scoreboards it and every use fits the
    // alu class (ptxas-vabsdiff-class), an upper bound a proof relies on and a counterexample does not.
    VABSDIFF: fixed(figures.alu, 'ptxas-vabsdiff-class', { predicateLatency: figures.predicate, latencyClass: 'alu' }),
    // IADD3 R6, P0, P1, R1, 0x20, R6: up to two carry-outs after the result.
    IADD3: alu({ carryOut: 2 }),
    LEA: alu({ carryOut: 1 }),
    ...each(['IMAD', 'IMUL'], fma({ operands: 'imad', carryOut: 1, modifierClass: { WIDE: 'imadWide' } })),
    // LOP3.LUT P0, RZ, R0, 0x2, RZ, 0xc0, !PT: the predicate output comes first.
    LOP3: alu({ predicateFirst: true }),
    VOTE: alu({ carryOut: 1, latencyClass: 'disp' }),
    P2R: alu({ operands: 'predicateSave' }),
    R2P: alu({ operands: 'predicateRestore' }),
    ...each(['ISETP', 'FSETP', 'PLOP3', 'PSETP'], setPredicates),
    ...each(['HADD2', 'HMUL2', 'HFMA2', 'HSET2', 'HMNMX2'], fixed(figures.half, source, { predicateLatency: figures.halfPredicate, latencyClass: 'fp16' })),
    HSETP2: fixed(figures.half, source, { predicateLatency: figures.halfPredicate, destinations: 2, latencyClass: 'fp16' }),
    ...(figures.coupledMoves
      ? {
          ...each(['I2I', 'I2IP'], alu({ operands: 'convert' })),
          CS2R: alu({ operands: 'cs2r', latencyClass: 'disp64', modifierClass: { '32': 'alu' } }),
          LEPC: alu({ destinationWidth: 2, latencyClass: 'disp64' }),
        }
      : {
          ...each(['I2I', 'I2IP'], variable('misc', figures.variableMovesSource ?? 'nak-fixed-latency', { operands: 'convert', latencyClass: 'decoupled' })),
          CS2R: variable('misc', figures.variableMovesSource ?? 'nak-fixed-latency', { operands: 'cs2r', latencyClass: 'decoupled' }),
          LEPC: variable('misc', 'conservative', { destinationWidth: 2, latencyClass: 'decoupled' }),
        }),
  };
}

/**
 * The variable-latency and control opcodes of every Volta-family architecture. Latency classes
 * as readers: `memory` for the load/store unit, `agu` for the other address-unit ops (SHFL,
 * BAR...), `hmma`/`imma` for tensor ops, `fp64`, `cctl`, `decoupled` for the rest.
 */
function decoupledOpcodes(source: SourceKey, pipes: VoltaFigures['orderedPipes'] = {}, fchkInSfuPipe?: SourceKey): Record<string, OpcodeInfo> {
  const memory = (queue: string, operands: Extra['operands'], extra: Extra = {}, key: SourceKey = source) => variable(queue, key, { operands, latencyClass: 'memory', ...extra });
  const decoupled = (extra: Extra = {}, queue = 'misc') => variable(queue, source, { latencyClass: 'decoupled', ...extra });
  const fp64 = pipes.fp64 === undefined ? 'misc' : 'fp64';
  const sfu = pipes.sfu === undefined ? 'misc' : 'sfu';
  const bitops = pipes.bitops === undefined ? 'misc' : 'bitops';
  return {
    ...each(['LDG', 'LD'], memory('global', 'load')),
    ...each(['STG', 'ST'], memory('global', 'store')),
    // ATOMG.E.ADD.STRONG.GPU PT, R0, [R2.64], R5: a predicate output first.
    ...each(['ATOM', 'ATOMG'], memory('global', 'atomic', { predicateFirst: true })),
    RED: memory('global', 'reduction'),
    LDL: memory('local', 'load'),
    STL: memory('local', 'store'),
    LDS: memory('shared', 'load', {}, 'corpus-sm75-shared-order'),
    STS: memory('shared', 'store', {}, 'corpus-sm75-shared-order'),
    ATOMS: memory('shared', 'atomic'),
    LDC: variable('constant', source, { operands: 'load', latencyClass: 'decoupled' }),
    // TXQ too has two destination operands: ptxas 12.5's `TXQ.NODEP RZ, R4, R4, TEX_HEADER_DIMENSION,
    // 0x0, 0x0, 0x2` (texsurf-queries.ll, sm_70 to sm_90) returns the query in R4, its RET waiting
    // on the TXQ's write scoreboard; `RZ, R0, R3, ...` at -O0 is read by a `MOV R4, R0`.
    ...each(['TEX', 'TLD', 'TLD4', 'TMML', 'TXD', 'TXQ'], variable('texture', 'corpus-texture-order', { operands: 'texture2', latencyClass: 'decoupled' })),
    ...each(['SULD', 'SUATOM'], variable('texture', 'corpus-texture-order', { operands: 'surfaceLoad', latencyClass: 'decoupled' })),
    ...each(['SUST', 'SURED'], variable('texture', 'corpus-texture-order', { operands: 'surfaceStore', latencyClass: 'decoupled' })),

    ...each(['S2R', 'B2R', 'GETLMEMBASE'], decoupled()),
    FCHK: sfu === 'sfu' && fchkInSfuPipe !== undefined ? variable(sfu, fchkInSfuPipe, { latencyClass: 'decoupled' }) : decoupled(),
    ...each(['POPC', 'FLO', 'BREV'], decoupled({}, bitops)),
    MUFU: decoupled({}, sfu),
    ...each(['IPA', 'ALD', 'OUT', 'PIXLD', 'ISBERD', 'AL2P'], decoupled({ latencyClass: 'agu' })),
    ...each(['F2F', 'F2I', 'I2F', 'FRND'], decoupled({ operands: 'convert' }, sfu)),
    ...each(['DADD', 'DMUL', 'DFMA', 'DMNMX', 'DSET'], decoupled({ operands: 'double', latencyClass: 'fp64' }, fp64)),
    DSETP: decoupled({ operands: 'double', destinations: 2, latencyClass: 'fp64' }, fp64),
    // ptxas chains HMMAs overwriting an earlier one's operands with no read scoreboard: a
    // counterexample takes them through one in-order queue (reads before later writes).
    HMMA: decoupled({ operands: 'matrix', latencyClass: 'hmma', counterexample: { queue: 'mma', source: 'corpus-mma-read-order' } }),
    ...each(['IMMA', 'BMMA'], decoupled({ operands: 'matrix', latencyClass: 'imma' })),
    // SHFL.UP PT, R7, R0, 0x1, RZ; MATCH.ALL R3, PT, R2.
    SHFL: decoupled({ predicateFirst: true, latencyClass: 'agu' }, pipes.shuffle === undefined ? 'misc' : 'shuffle'),
    MATCH: decoupled({ carryOut: 1 }),
    // BMOV.32.CLEAR RZ, B0 / BMOV.32 R0, B0 / BMOV.32 B0, R0: only R operands are registers here.
    BMOV: variable('misc', 'nak-fixed-latency', { operands: 'load', latencyClass: 'decoupled' }),
    CCTL: decoupled({ destinations: 0, latencyClass: 'cctl' }),
    AST: decoupled({ destinations: 0, latencyClass: 'agu' }),
    QSPC: variable('misc', 'conservative', { predicateFirst: true, latencyClass: 'decoupled' }),

    ...each(['NOP', 'DEPBAR', 'MEMBAR', 'ERRBAR', 'BSSY', 'BSYNC', 'WARPSYNC', 'YIELD', 'NANOSLEEP', 'BREAK', 'BPT', 'PMTRIG', 'SETLMEMBASE'], control('none', 'nak-fixed-latency', { latencyClass: 'decoupled' })),
    // BAR.SYNC and BAR.RED wait until the warp's memory instructions have read their registers:
    // the memory they access is performed before the barrier completes (cuda-barrier-memory).
    BAR: control('none', 'cuda-barrier-memory', { latencyClass: 'agu', drains: ['global', 'local', 'shared'] }),
    ...each(['BRA', 'JMP'], control('branch', 'nak-fixed-latency', { latencyClass: 'decoupled' })),
    // Volta+ return addresses and call targets in registers are 64-bit (RET.REL.NODEC R20 after MOV R20/R21).
    ...each(['BRX', 'JMX'], control('branch', 'nak-fixed-latency', { sourceWidth: 2, latencyClass: 'decoupled' })),
    CALL: control('call', 'nak-fixed-latency', { sourceWidth: 2, latencyClass: 'decoupled' }),
    RET: control('return', 'nak-fixed-latency', { sourceWidth: 2, latencyClass: 'decoupled' }),
    ...each(['EXIT', 'KILL', 'KIL'], control('exit', 'nak-fixed-latency', { latencyClass: 'decoupled' })),
  };
}

/**
 * Queues. Shared memory and texture/surface complete in issue order (the sm_75 listing relies on
 * both); global, local, constant and misc (S2R, MUFU, conversions, FP64, tensor ops, SHFL...)
 * are not assumed ordered: no Volta-family listing before Ada shows ptxas relying on it (a table
 * whose listings do gets queue `fp64` or `shuffle`, `VoltaFigures.orderedPipes`). Ampere's
 * LDGSTS copies have their own in-order queue (`cp.async.wait_group` semantics).
 */
const queues: ArchitectureTable['queues'] = {
  global: { ordered: false, source: 'conservative' },
  local: { ordered: false, source: 'conservative' },
  shared: { ordered: true, source: 'corpus-sm75-shared-order' },
  texture: { ordered: true, source: 'corpus-texture-order' },
  asyncCopy: { ordered: true, source: 'ptx-cp-async' },
  constant: { ordered: false, source: 'conservative' },
  misc: { ordered: false, source: 'corpus-readme' },
  unknown: { ordered: false, source: 'conservative' },
};

/**
 * The bit-counting pipe (`bitops`: POPC, FLO, BREV), whose opcodes ptxas issues with no write
 * scoreboard when their reader is far enough away (POPC from sm_70 to sm_90, FLO on sm_70:
 * `ptxas-unscoreboarded-popc`); BREV, of the same pipe and NAK class, is taken alike, so no
 * hazard rests on such an instance being late (`VoltaFigures.unscoreboardedNotLate`).
 */
export const UNSCOREBOARDED_BITOPS: Readonly<Record<string, SourceKey>> = { POPC: 'ptxas-unscoreboarded-popc', FLO: 'ptxas-unscoreboarded-popc', BREV: 'ptxas-unscoreboarded-popc' };

/**
 * The MUFU/conversion pipe (`sfu`: MUFU, F2F, F2I, I2F, FRND), where ptxas issues MUFU with no
 * write scoreboard (sm_70 and sm_80: `ptxas-unscoreboarded-mufu`); the conversions, of the same
 * pipe (and unscoreboarded on Maxwell and Pascal, `ptxas-maxwell-unscoreboarded-mufu`), alike.
 */
export const UNSCOREBOARDED_SFU: Readonly<Record<string, SourceKey>> = Object.fromEntries(['MUFU', 'F2F', 'F2I', 'I2F', 'FRND'].map((name) => [name, 'ptxas-unscoreboarded-mufu']));

/**
 * The least latency of any fixed-latency register or predicate result in every table NVIDIA gave
 * (Turing, Ampere and Ada, B100; `nvidia-coupled-floor`): IMAD.WIDE's low half to an FMA's C
 * operand, 2 cycles. ptxas 11.8 and 12.5 never read an unscoreboarded result the next cycle.
 */
export const COUPLED_RESULT_FLOOR = 2;

/**
 * Whether the floor stands for an opcode's results: not VOTEU, whose uniform predicate NVIDIA's
 * B100 table gives a uniform reader after 1 cycle, and not the tensor-core ops, whose one
 * next-cycle reader in ptxas output (`MOV R8, R8` after an HMMA into R8 at -O0) copies a
 * register onto itself, which the model does not tell from a real read.
 */
function coupledFloorApplies(name: string): boolean {
  return name !== 'VOTEU' && !/MMA$/.test(name);
}

/**
 * `opcodes` with the floor as the counterexample side of every fixed-latency entry whose figures
 * are only upper bounds (`inferred-bound`, `conservative`) and that has no sourced side of its own:
 * every such result is still at least `COUPLED_RESULT_FLOOR` cycles late (`nvidia-coupled-floor`),
 * so a reader the next cycle is a hazard a counterexample may show; a later one stays `unknown`.
 */
export function withCoupledFloor(opcodes: Readonly<Record<string, OpcodeInfo>>): Record<string, OpcodeInfo> {
  return Object.fromEntries(Object.entries(opcodes).map(([name, info]) =>
    info.kind !== 'fixed' || info.counterexample !== undefined || !proofOnly(provenanceOf(info.source)) || !coupledFloorApplies(name)
      ? [name, info]
      : [name, { ...info, counterexample: { latency: COUPLED_RESULT_FLOOR, source: 'nvidia-coupled-floor' } }]));
}

/** A Volta-family table from its figures. */
export function voltaPlusTable(figures: VoltaFigures): ArchitectureTable {
  const pipes = figures.orderedPipes ?? {};
  const opcodes: Record<string, OpcodeInfo> = { ...decoupledOpcodes(figures.variableSource ?? figures.source, pipes, figures.fchkInSfuPipe), ...coupledOpcodes(figures), ...figures.extra };
  for (const name of figures.without ?? []) delete opcodes[name];
  // S2UR comes with the uniform datapath (`uniformOpcodes`), not the decoupled pipes: moved here.
  const s2ur = opcodes['S2UR'];
  if (pipes.s2ur !== undefined && s2ur?.kind === 'variable') opcodes['S2UR'] = { ...s2ur, queue: 's2ur' };
  const ordered = Object.fromEntries(Object.entries(pipes).map(([queue, source]) => [queue, { ordered: true, source }]));
  const mmaQueue: ArchitectureTable['queues'] = figures.mmaInOrder === undefined ? {} : { mma: { ordered: true, source: figures.mmaInOrder } };
  const counterexampleQueues: Record<string, { ordered: boolean; source: string }> = { mma: { ordered: true, source: 'corpus-mma-read-order' } };
  for (const [queue, pipe] of Object.entries(figures.counterexamplePipes ?? {})) {
    counterexampleQueues[queue] = { ordered: true, source: pipe.source };
    for (const name of pipe.opcodes) {
      const info = opcodes[name];
      if (info?.kind === 'variable') opcodes[name] = { ...info, counterexample: { queue, source: pipe.source } };
    }
  }
  const least = figures.counterexampleLatency;
  for (const name of least?.opcodes ?? []) {
    const info = opcodes[name];
    if (info?.kind === 'fixed') opcodes[name] = { ...info, counterexample: { latency: least!.latency, source: least!.source } };
  }
  const readers = figures.counterexampleReaders;
  if (readers !== undefined) {
    for (const [name, info] of Object.entries(opcodes)) {
      if (info.kind !== 'variable' || info.latencyClass !== readers.from || info.counterexample !== undefined) continue;
      opcodes[name] = { ...info, counterexample: { queue: info.queue!, source: readers.source, latencyClass: readers.to } };
    }
  }
  const hmma = opcodes['HMMA'];
  if (figures.mmaInOrder !== undefined && hmma?.kind === 'variable') {
    // The counterexample side already runs HMMA through `mma`; now the proof side does too.
    const { counterexample: _side, ...entry } = hmma;
    opcodes['HMMA'] = { ...entry, queue: 'mma' };
  }
  const shfl = opcodes['SHFL'];
  if (figures.shuffleThroughShared !== undefined && shfl?.kind === 'variable') opcodes['SHFL'] = { ...shfl, queue: 'shared', source: figures.shuffleThroughShared };
  for (const [name, source] of Object.entries(figures.unscoreboardedNotLate ?? {})) {
    const info = opcodes[name];
    if (info?.kind === 'variable') opcodes[name] = unscoreboardedNotLate(info, source);
  }
  return {
    name: figures.name,
    aliases: figures.aliases,
    visibilityDelay: 2,
    visibilityDelaySource: 'nak-visibility',
    ...(figures.depbarSeesNextCycle === undefined ? {} : { depbarVisibilityDelay: 1, depbarVisibilityDelaySource: figures.depbarSeesNextCycle }),
    ...(figures.readAfterWrite === undefined ? {} : { readAfterWrite: figures.readAfterWrite }),
    ...(figures.uniformSourcesAtIssue === undefined ? {} : { uniformSourcesAtIssue: figures.uniformSourcesAtIssue }),
    queues: withReadGroup(withReadGroup(withReadOrders({ ...queues, ...ordered, ...mmaQueue }, figures.readOrders ?? {}), ['global', 'local', 'shared', ...(figures.asyncCopyInReadOrder ? ['asyncCopy'] : [])], figures.memoryReadOrder), ['sfu', 'bitops'], figures.decoupledReadOrder),
    counterexampleQueues,
    opcodes: withCoupledFloor(opcodes),
    sources: SOURCES,
  };
}

/**
 * The uniform datapath (Turing+): uniform ALU results after `alu` cycles (`predicate` for UP),
 * UMOV/ULDC/VOTEU after `move`; R2UR and S2UR are variable.
 */
export function uniformOpcodes(source: SourceKey, alu: number, predicate: number, move: number): Record<string, OpcodeInfo> {
  const uniformAlu = (extra: Extra = {}) => fixed(alu, source, { predicateLatency: predicate, latencyClass: 'udp', ...extra });
  return {
    ...each(['USHF', 'USHL', 'USHR', 'USEL', 'UPRMT', 'UFLO', 'UPOPC', 'UBREV', 'UBMSK', 'USGXT', 'UP2UR', 'ULOP', 'ULOP32I', 'UCLEA'], uniformAlu()),
    UIADD3: uniformAlu({ carryOut: 2 }),
    ULEA: uniformAlu({ carryOut: 1 }),
    UIMAD: uniformAlu({ operands: 'imad', carryOut: 1 }),
    ULOP3: uniformAlu({ predicateFirst: true }),
    ...each(['UISETP', 'UPLOP3', 'UPSETP'], uniformAlu({ destinations: 2 })),
    UMOV: fixed(move, source, { latencyClass: 'umov' }),
    ULDC: fixed(move, source, { operands: 'load', latencyClass: 'uldc' }),
    VOTEU: fixed(move, source, { carryOut: 1, latencyClass: 'voteu' }),
    ...each(['R2UR', 'S2UR', 'REDUX'], variable('misc', source, { latencyClass: 'decoupled' })),
  };
}

/** The queues with the read orders a listing shows added (a queue already in order needs none). */
function withReadOrders(queues: ArchitectureTable['queues'], readOrders: NonNullable<VoltaFigures['readOrders']>): ArchitectureTable['queues'] {
  const result = { ...queues };
  for (const [name, source] of Object.entries(readOrders)) {
    const queue = result[name];
    if (queue !== undefined && !queue.ordered) result[name] = { ...queue, readOrder: source };
  }
  return result;
}

