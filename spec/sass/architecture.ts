/**
 * An architecture's opcode table: what each opcode does to the model (fixed or variable
 * latency, which queue, how many leading operands it writes), each figure with its source.
 */
import type { ReadAfterWriteMatrices } from './program.js';

export type { LatencyMatrix } from './program.js';

/**
 * How an opcode's operands map to registers, beyond "the leading `destinations` operands are
 * written, every other register operand is read" (`alu`, the default). Widths (register pairs
 * and quads) follow from the modifiers as `spec/sass/operandShapes.ts` documents per shape.
 */
export type OperandShape =
  /** Leading `destinations` operands written (R, UR, P, UP), every other register read; `.64` makes each register a pair. */
  | 'alu'
  /** `IMAD`: `.WIDE` writes a pair and reads its third source (C) as a pair. */
  | 'imad'
  /** `DADD`, `DMUL`, `DFMA`, `DMNMX`, `DSET`, `DSETP`: every R operand is a pair (except DSET's result). */
  | 'double'
  /** `F2F`, `F2I`, `I2F`, `I2I`, `FRND`: pairs where the type modifiers say 64 bits. */
  | 'convert'
  /** `LDG`, `LD`, `LDL`, `LDS`, `LDC`, `ULDC`: destination width from `.64`/`.128`, address read. */
  | 'load'
  /** `STG`, `ST`, `STL`, `STS`: `[address], data`, data width from `.64`/`.128`. */
  | 'store'
  /** `ATOM`, `ATOMG`, `ATOMS`: result and data operands 64-bit with `.64`/`.U64`/`.S64`/`.F64`. */
  | 'atomic'
  /** `RED`: `[address], data`, widths as `atomic`. */
  | 'reduction'
  /** `LDSM`: as many destination registers as its matrices give each thread (`.16.M88` 1, `.2` 2, `.4` 4). */
  | 'matrixLoad'
  /** `STSM`: `[address], data`, the data as many registers as its matrices give each thread (as `matrixLoad`). */
  | 'matrixStore'
  /** `LDGSTS`: `[shared address], [global address]`, nothing written to registers. */
  | 'asyncCopy'
  /** Maxwell/Pascal `TEX`, `TLD`, `TLD4`, `TXQ`, `TMML`, `TXD`: one destination vector. */
  | 'texture'
  /** Volta+ `TEX`, `TLD`, `TLD4`, `TXQ`, `TMML`, `TXD`: two destination vectors. */
  | 'texture2'
  /** `TEXS`, `TLDS`, `TLD4S`: two destination operands of at most 2 registers. */
  | 'textureScalar'
  /** `SULD`, `SUATOM`: a result, then `[coordinates]`. */
  | 'surfaceLoad'
  /** `SUST`, `SURED`: `[coordinates], data`. */
  | 'surfaceStore'
  /** `HMMA`, `IMMA`, `BMMA`, `DMMA`: D, A, B, C with widths from the shape and types. */
  | 'matrix'
  /** `HGMMA`, `IGMMA`, `QGMMA`, `BGMMA` (wgmma): D, [A,] gdesc[URa], C, scale-d, [gsb0] with D and C as wide as the shape's accumulator. */
  | 'warpgroupMatrix'
  /** `UTMALDG`, `UTMASTG`, `UTMAREDG`, `UTMAPF`, `UTMACCTL`, `UBLKCP`, `UBLKRED`, `UBLKPF`: nothing written; `[URa]` a group of uniform registers (`.nD` coordinates and more), the tensor map or global address a pair. */
  | 'bulkCopy'
  /** `P2R Rd, PR, Rs, mask`: reads the predicates selected by the mask. */
  | 'predicateSave'
  /** `R2P PR, Rs, mask`: writes the predicates selected by the mask. */
  | 'predicateRestore'
  /** Volta+ `CS2R`: a 64-bit result unless `.32`. */
  | 'cs2r';

/** What an opcode does, as the model needs it. */
export interface OpcodeInfo {
  /**
   * `fixed`: result after `latency` cycles, covered by stall counts only.
   * `variable`: through queue `queue`, covered by scoreboards.
   * `branch`/`call`/`return`/`exit`: control transfer (no pipe). `sync`: Maxwell/Pascal
   * `SYNC`/`BRK`/`CONT`, a jump to the target of the innermost `SSY`/`PBK`/`PCNT`.
   * `none`: no pipe and no result (NOP, barriers, DEPBAR, BSSY...).
   */
  readonly kind: 'fixed' | 'variable' | 'branch' | 'call' | 'return' | 'exit' | 'sync' | 'none';
  /**
   * Fixed latency in cycles (kind 'fixed'): the latency of every result, or of the R/UR/CC
   * results when `predicateLatency` is given. Where the source gives a latency per
   * (producer, consumer) pair, this is the maximum over consumers (sound for a checker).
   */
  readonly latency?: number;
  /** Latency of predicate (P, UP) results when it differs from `latency` (kind 'fixed'). */
  readonly predicateLatency?: number;
  /** Latency replacing `latency` when the opcode carries the modifier (`HFMA2.MMA` on Ampere). */
  readonly modifierLatency?: Readonly<Record<string, number>>;
  /** Queue name (kind 'variable'); must be a key of the table's `queues`. */
  readonly queue?: string;
  /**
   * How many leading operands are destinations (default 1 for fixed/variable, 0 otherwise):
   * stores and `RED` have 0, `ISETP P0, PT, ...` has 2.
   */
  readonly destinations?: number;
  /**
   * Predicate operands written right after a register destination (Volta+ carry-outs:
   * `IADD3 R4, P2, ...` up to 2, `LEA R2, P0, ...` and `IMAD.WIDE.U32 R2, P0, ...` 1,
   * `VOTE.ANY R5, PT, P0` 1). Only predicates directly following count; none by default.
   */
  readonly carryOut?: number;
  /**
   * A leading predicate operand is written too, before the destinations:
   * `LOP3.LUT P0, RZ, ...`, maxas' `LEA P1, R51, R0, 0x4`, `SHFL.UP PT, R7, ...`.
   */
  readonly predicateFirst?: boolean;
  /**
   * Class of the opcode in the table's `readAfterWrite` matrices, as a writer (fixed latency)
   * and as a reader (NAK's latency categories: `alu`, `fma`, `decoupled`, `memory`...).
   */
  readonly latencyClass?: string;
  /** Class replacing `latencyClass` when the opcode carries the modifier (`IMAD.WIDE`: `imadWide`). */
  readonly modifierClass?: Readonly<Record<string, string>>;
  /** Width in registers of each destination operand when constant (`LEPC` 2); default 1. */
  readonly destinationWidth?: number;
  /** Width of register sources of a control instruction (Volta+ `RET.REL R20` reads R20, R21). */
  readonly sourceWidth?: number;
  /** How operands map to registers (default `alu`). */
  readonly operands?: OperandShape;
  /**
   * Queues whose instructions must all have read their sources before this one issues
   * (Maxwell/Pascal `BAR`: maxas' SGEMM rewrites an `STS` address register right after a
   * `BAR.SYNC`, with no read scoreboard).
   */
  readonly drains?: readonly string[];
  /** Key into the table's `sources` for where the figure comes from. */
  readonly source: string;
  /**
   * Every register source of a variable-latency opcode is read when it issues, not when its queue
   * hands it over: the key into `sources` that says so (Ampere's HMMA). Absent: read late.
   */
  readonly sourcesAtIssue?: string;
  /**
   * The predicate outputs of a variable-latency opcode are written when it reads its operands,
   * released with its read scoreboard rather than its write scoreboard (sm_90's ATOM: ptxas waits
   * on that scoreboard only before reading the predicate; CUDA 12.8's cuobjdump prints the field
   * as `&wr_early` on sm_120): the key into `sources` that says so. Absent: every result lands
   * when the queue completes the instruction, with its write scoreboard.
   */
  readonly earlyPredicates?: string;
  /**
   * A variable-latency opcode that reads its operands no sooner than `cycles` after it issues
   * (maxas' rlat on Maxwell and Pascal), with the key into `sources` that says so: its results,
   * and the release of its write scoreboard, come later still, predicated off or not (a skipped
   * instruction passes through its unit as any other). Absent: it may read the next cycle.
   */
  readonly readDelay?: { readonly cycles: number; readonly source: string };
  /**
   * What a counterexample may take the opcode to do where a source shows more than the entry a
   * proof relies on (see `architectures/counterexample.ts`): another queue (a tensor-core
   * instruction reads its operands before a later one writes them), or the least latency a
   * source shows for a fixed-latency entry whose proof figures are only upper bounds (Volta's
   * FP32 FMA results: 4 cycles in NVIDIA's tuning guide). Absent: the entry itself, unless its
   * source is `conservative` or `inferred-bound`.
   */
  readonly counterexample?: OpcodeCounterexample;
  /**
   * The entry an instance takes when the listing sets no write scoreboard on it, for a
   * variable-latency opcode that compiler output also issues as a coupled one: NVIDIA's table
   * gives Ampere's MMA results both a scoreboard and read-after-write delays, and ptxas leaves
   * `HMMA.1684.F32.TF32` unscoreboarded on sm_80 to sm_89 while older ptxas scoreboards
   * `HMMA.16816`. A fixed-latency entry with its own source; an instance with a write
   * scoreboard keeps this (variable) entry, so a reader that skips its wait is never proved safe
   * on a delay the compiler did not rely on.
   */
  readonly unscoreboarded?: OpcodeInfo;
}

/** The counterexample side of an opcode entry, with its own source: through a queue, or a sourced least latency. */
export type OpcodeCounterexample = QueueCounterexample | LatencyCounterexample;

/**
 * A fixed-latency entry's counterexample side where a source gives a lower bound: its results
 * are taken as ready after `latency` cycles for every reader (no reader waits longer, none
 * shorter), so a hazard may rest on a reader coming sooner than that and on nothing else.
 */
export interface LatencyCounterexample {
  /** Cycles after issue before any reader may read a result: the least the source shows. */
  readonly latency: number;
  /** Key into the table's `sources`. */
  readonly source: string;
}

/** A variable-latency entry's counterexample side: another queue, with its own source. */
export interface QueueCounterexample {
  /** The queue a counterexample runs the opcode through (kind `variable`). */
  readonly queue: string;
  /** Key into the table's `sources`. */
  readonly source: string;
  /**
   * The class the opcode reads fixed-latency results as, where the entry's own class rests on
   * figures raised above the source's by what compiler output relies on (sm_75 load/store
   * readers: `memory`, 8 cycles inferred; NAK's `decoupled`, 6).
   */
  readonly latencyClass?: string;
}

/**
 * Read-after-write latencies by (writer class, reader class), per register file of the value:
 * R and CC (`general`), P (`predicate`), UR (`uniform`), UP (`uniformPredicate`). The reader
 * `guard` is a guard predicate read. A pair missing here falls back to the writer's latency
 * (the maximum over readers), so the matrices only ever shorten a wait, as their source allows.
 */
export interface ReadAfterWrite extends ReadAfterWriteMatrices {
  /** Key into the table's `sources`. */
  readonly source: string;
}

/** What a table says about one variable-latency queue's order, each part with its source. */
export interface QueueFacts {
  /** Results complete, and operands are read, in issue order. */
  readonly ordered: boolean;
  /** Key into `sources` for `ordered`. */
  readonly source: string;
  /**
   * Key into `sources` saying that, though results may complete in any order, operands are read
   * in issue order (`SassQueue.readsInOrder`); absent when no source says so or `ordered` holds.
   */
  readonly readOrder?: string;
  /**
   * Key into `sources` saying that the queues naming it read their operands in one issue order
   * across them (`SassQueue.readGroup`: global and local memory instructions, both through the
   * load/store unit); absent when the queue's order is its own.
   */
  readonly readGroup?: string;
  /**
   * Key into `sources` saying that each instruction of the queue reads its operands only once
   * the one before it has written its results (`SassQueue.serial`): a later one may read an
   * earlier one's results with no wait (wgmma accumulator chains, which the PTX ISA orders).
   * Implies `ordered`.
   */
  readonly serial?: string;
}

/** One architecture's table. */
export interface ArchitectureTable {
  /** `sm_50`, `sm_52`, `sm_61`, `sm_70`, `sm_75`, `sm_80`, `sm_86`. */
  readonly name: string;
  /** Other names that select this table (`sm_52` for `sm_50`'s table...). */
  readonly aliases: readonly string[];
  /** Cycles before a scoreboard increment is visible to a waiter (see `SassProgram.visibilityDelay`). */
  readonly visibilityDelay: number;
  /** The same for `DEPBAR`, when shorter than `visibilityDelay`. */
  readonly depbarVisibilityDelay?: number;
  /** Key into `sources` for `depbarVisibilityDelay`, when another source than `visibilityDelaySource` gives it. */
  readonly depbarVisibilityDelaySource?: string;
  /** Key into `sources` for `visibilityDelay`. */
  readonly visibilityDelaySource?: string;
  /**
   * Maxwell/Pascal condition code: `.CC` on an opcode or on its destination operand
   * (`IADD R6.CC, ...`) writes the register `CC`, `.X` reads it, and an operand `CC.EQ` reads it.
   * Absent (false) on Volta+, where carries are explicit predicate operands.
   */
  readonly conditionCode?: boolean;
  /** Consumer-aware fixed latencies (Maxwell/Pascal read delays, Turing/Ampere NAK tables); absent on Volta. */
  readonly readAfterWrite?: ReadAfterWrite;
  /** Variable-latency queues and whether each completes in order. */
  readonly queues: Readonly<Record<string, QueueFacts>>;
  /**
   * Uniform registers (UR) read by a variable-latency vector instruction are read when it issues,
   * as its guard is, not when its queue hands it over: the key into `sources` that says so. Not
   * for uniform-datapath instructions (`U*`) nor for those writing uniform registers (NVIDIA's
   * `to_ur` and `tma` readers need a read scoreboard). Absent: read late, like every other source.
   */
  readonly uniformSourcesAtIssue?: string;
  /** Queues only counterexamples use (`QueueCounterexample.queue`). */
  readonly counterexampleQueues?: Readonly<Record<string, QueueFacts>>;
  /** Base opcode (no modifiers) -> what it does. */
  readonly opcodes: Readonly<Record<string, OpcodeInfo>>;
  /** Citation key -> full citation (paper, file and commit, README section). */
  readonly sources: Readonly<Record<string, string>>;
}
