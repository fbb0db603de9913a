/**
 * What the Blackwell tables (sm_100 and sm_120) share: the Volta-family opcode table with Mesa
 * NAK's Blackwell classification (sm120_instr_latencies.rs `SM120Latency::needs_scoreboards`,
 * which NAK uses for every Blackwell: sm_100..sm_109 and sm_120..sm_129) and the B100 latency
 * figures (`blackwellReadAfterWrite`), each opcode's fixed latency being its class's slowest
 * reader. Each architecture file passes the padding its sources support and its own opcodes.
 */
import type { ArchitectureTable, OpcodeInfo } from '../architecture.js';
import { conservative, control, each, fixed, inferredFixed, variable } from './build.js';
import { blackwellReadAfterWrite, type BlackwellPadding } from './blackwellLatency.js';
import type { SourceKey } from './sources.js';
import { uniformOpcodes, voltaPlusTable, type VoltaFigures } from './voltaPlus.js';

/** One Blackwell architecture's figures. */
export interface BlackwellFigures {
  readonly name: string;
  readonly aliases: readonly string[];
  /** Citation of the classification and of the latency figures. */
  readonly source: SourceKey;
  readonly padding: BlackwellPadding;
  /**
   * Whether HMMA results are fixed-latency (through the `hmma` class) or scoreboarded, and why;
   * `alike` are opcodes given HMMA's fixed entry.
   */
  readonly hmma: { readonly kind: 'fixed'; readonly source: SourceKey; readonly alike: readonly string[] } | { readonly kind: 'variable' };
  /**
   * The citation of IMMA's entry when `padding.imma` raises its figures above the B100 ones by a
   * padding only a proof may rely on (provenance inferred-bound: a counterexample takes IMMA
   * ready the next cycle); absent: the table's own `source`.
   */
  readonly immaSource?: SourceKey;
  /** Opcodes added or replaced. */
  readonly extra: Readonly<Record<string, OpcodeInfo>>;
  /** Pipes a listing shows completing in order (`VoltaFigures.orderedPipes`). */
  readonly orderedPipes?: VoltaFigures['orderedPipes'];
  /** Orders only a counterexample may rely on (`VoltaFigures.counterexamplePipes`). */
  readonly counterexamplePipes?: VoltaFigures['counterexamplePipes'];
  /** Queues a listing shows reading their operands in issue order (`VoltaFigures.readOrders`). */
  readonly readOrders?: VoltaFigures['readOrders'];
  /**
   * Unsourced opcodes placed in a latency class by what compiler output shows (every use fits
   * the class, some exactly: `hazardproof facts --evidence`), with the citation: a fixed-latency
   * opcode gets the class's slowest figures as upper bounds (`inferredFixed`), a variable one
   * reads fixed results as that class. Proof side only; the rest stay conservative.
   */
  readonly inferredClasses?: Readonly<Record<string, InferredClass>>;
}

type Matrices = NonNullable<ArchitectureTable['readAfterWrite']>;

/** The latency of a writer class to its slowest reader in one register file. */
function slowest(matrices: Matrices, file: 'general' | 'predicate' | 'uniform' | 'uniformPredicate', writer: string): number {
  const row = matrices[file]?.[writer];
  if (row === undefined) throw new Error(`no ${file} row for writer class ${writer}`);
  return Math.max(...Object.values(row));
}

/**
 * Opcodes whose Blackwell timing no source gives: conservative entries. All but BMMA are seen
 * in ptxas output for sm_120 (the sass-king and simpetre dumps); BMMA, a Volta-family opcode, is
 * in none of NAK's Blackwell categories. IADD and VIMNMX may write predicates after their result
 * (`VIMNMX.U32 R0, PT, PT, ...`): taken as written. STSM (`[address], data`, PTX `stmatrix`)
 * reads as many data registers as its count says (`matrixStore`: `.16.M88` 1, `.2` 2, `.4` 4).
 */
const UNSOURCED: Readonly<Record<string, OpcodeInfo>> = {
  ...each(['IADD', 'VIMNMX'], conservative({ carryOut: 2 })),
  ...each(['I2FP', 'UI2F', 'UI2FP', 'UFSEL', 'BMMA'], conservative()),
  // CS2UR UR6, SR_CLOCKLO writes a uniform pair, as CS2R does (ptxas reads it as one:
  // tensor_cores__13_hmma_fp16__13e_hmma_latency_16.sass /*0160*/ -> /*04e0*/ IADD.64 R2, R2, -UR6).
  CS2UR: conservative({ operands: 'cs2r' }),
  STSM: conservative({ destinations: 0, operands: 'matrixStore' }),
};

/**
 * The entries of unsourced opcodes placed in a class: operand shapes as in `UNSOURCED`, timing
 * from the class (uniform-datapath opcodes in the uniform matrices).
 */
function inferredEntries(matrices: Matrices, classes: NonNullable<BlackwellFigures['inferredClasses']>): Record<string, OpcodeInfo> {
  const entries: Record<string, OpcodeInfo> = {};
  for (const [name, { latencyClass, source, results }] of Object.entries(classes)) {
    const unsourced = UNSOURCED[name];
    if (unsourced === undefined) throw new Error(`${name} is not an unsourced Blackwell opcode`);
    const { kind: _kind, queue: _queue, source: _source, ...shape } = unsourced;
    if (unsourced.kind === 'variable' && unsourced.destinations === 0) {
      // A store: only its class as a reader is inferred; it stays in the unordered unknown queue.
      entries[name] = { ...unsourced, source, latencyClass };
      continue;
    }
    const uniform = (results ?? (name.startsWith('U') ? 'uniform' : 'general')) === 'uniform';
    const result = slowest(matrices, uniform ? 'uniform' : 'general', latencyClass);
    const predicateRow = matrices[uniform ? 'uniformPredicate' : 'predicate']?.[latencyClass];
    const predicate = predicateRow === undefined ? {} : { predicateLatency: Math.max(...Object.values(predicateRow)) };
    entries[name] = inferredFixed(result, latencyClass, source, { ...shape, ...predicate });
  }
  return entries;
}

/** An unsourced opcode's class as compiler output shows it (`BlackwellFigures.inferredClasses`). */
export interface InferredClass {
  readonly latencyClass: string;
  readonly source: SourceKey;
  /** The register file of its results when the opcode's name does not say (`CS2UR` writes uniform registers; `U*` opcodes do). */
  readonly results?: 'general' | 'uniform';
}

/** A Blackwell table from its figures. */
export function blackwellTable(figures: BlackwellFigures): ArchitectureTable {
  const { source } = figures;
  const matrices = blackwellReadAfterWrite(figures.padding, source);
  const alu = slowest(matrices, 'general', 'alu');
  const predicate = slowest(matrices, 'predicate', 'alu');
  const half = slowest(matrices, 'general', 'fp16');
  const halfPredicate = slowest(matrices, 'predicate', 'fp16');
  const mma = (key: SourceKey, klass: 'hmma' | 'imma') => fixed(slowest(matrices, 'general', klass), key, { operands: 'matrix', latencyClass: klass });
  const uniform = uniformOpcodes(source, slowest(matrices, 'uniform', 'udp'), slowest(matrices, 'uniformPredicate', 'udp'), slowest(matrices, 'uniform', 'umov'));
  const extra: Record<string, OpcodeInfo> = {
    ...uniform,
    // Uniform constant loads are `to_ur` writers, scoreboarded (needs_scoreboards: Uldc, ToUr).
    ...each(['ULDC', 'LDCU'], variable('constant', source, { operands: 'load', latencyClass: 'uldc' })),
    // R2UR is no uniform-scoreboard category (op_ureg_latency: R2Ur): fixed, its UR result after
    // the `r2ur` column; it reads its GPR as an ALU op.
    R2UR: fixed(slowest(matrices, 'uniform', 'r2ur'), source, { latencyClass: 'r2ur' }),
    HFMA2: fixed(half, source, { predicateLatency: halfPredicate, latencyClass: 'fp16', modifierLatency: { MMA: slowest(matrices, 'general', 'hfma2mma') }, modifierClass: { MMA: 'hfma2mma' } }),
    // BMOV is NAK's `Branch` category, scoreboarded.
    BMOV: variable('misc', source, { operands: 'load', latencyClass: 'cbu' }),
    // LDSM: DecoupledAgu in NAK's category list; shared loads complete in order.
    LDSM: variable('shared', source, { operands: 'matrixLoad', latencyClass: 'memory' }),
    LDGSTS: variable('asyncCopy', 'ptx-cp-async', { operands: 'asyncCopy', latencyClass: 'memory' }),
    LDGDEPBAR: control('none', 'ptx-cp-async', { latencyClass: 'decoupled' }),
    // IMMA is a coupled category on Blackwell (not in needs_scoreboards).
    IMMA: mma(figures.immaSource ?? source, 'imma'),
    ...(figures.hmma.kind === 'fixed' ? each(['HMMA', ...figures.hmma.alike], mma(figures.hmma.source, 'hmma')) : {}),
    ...UNSOURCED,
    ...inferredEntries(matrices, figures.inferredClasses ?? {}),
    ...figures.extra,
  };
  return voltaPlusTable({
    name: figures.name,
    aliases: figures.aliases,
    source,
    alu,
    predicate,
    half,
    halfPredicate,
    coupledMoves: true,
    readAfterWrite: matrices,
    extra,
    // VABSDIFF's alu class rests on ptxas output for Volta to Hopper (ptxas-vabsdiff-class); no
    // ptxas here targets Blackwell, so it stays outside the table there.
    without: ['VABSDIFF'],
    // ureg_war.csv: a uniform register read by a vector instruction may be rewritten 1 cycle later
    // with no scoreboard ("1"), except after `to_ur` and `tma` readers ("1 & sb").
    uniformSourcesAtIssue: 'nak-sm100',
    ...(figures.orderedPipes === undefined ? {} : { orderedPipes: figures.orderedPipes }),
    ...(figures.counterexamplePipes === undefined ? {} : { counterexamplePipes: figures.counterexamplePipes }),
    ...(figures.readOrders === undefined ? {} : { readOrders: figures.readOrders }),
  });
}
