/**
 * Blackwell read-after-write latencies: the NVIDIA-provided B100 tables Mesa NAK ships as CSV
 * files (`src/nouveau/compiler/latencies/sm100/{reg,pred,ureg,upred}_raw.csv`, source key
 * `nak-sm100`), in this project's latency classes, writer -> reader. A class standing for
 * several NAK categories takes the largest figure of them (NAK's `dualalu` is `alu`, `fma_alu`
 * is `fma`, `fp16_alu` and `fp16_f32` are `fp16`; `imadWide` reads as the slowest of
 * `imad_wide_read_ab/cl/ch` and writes as `imad_wide_write_dh`), so a merged class never waits
 * less than one of its members. IMAD.WIDE's registers also have their own classes
 * (`IMAD_WIDE_CLASSES`: `imad_wide_write_dl`/`dh` as writers, `imad_wide_read_ab/cl/ch` as
 * readers), which the lookup takes where they have a figure. Categories whose CSV entry is
 * "1 & sb" (scoreboarded writers) have no row: their opcodes are variable.
 */
import type { ArchitectureTable, LatencyMatrix } from '../architecture.js';
import { IMAD_WIDE_CLASSES } from '../operandShapes.js';
import type { SourceKey } from './sources.js';

/** IMAD.WIDE's operand positions as readers of a writer class: A/B, C low, C high (reg_raw.csv rows `imad_wide_read_ab/cl/ch`). */
function wideReaders(ab: number, cl: number, ch: number): Record<string, number> {
  return { [IMAD_WIDE_CLASSES.ab]: ab, [IMAD_WIDE_CLASSES.cl]: cl, [IMAD_WIDE_CLASSES.ch]: ch };
}

/** What a Blackwell table adds to the B100 figures (Mesa NAK pads them for the RTX chips). */
export interface BlackwellPadding {
  /** Cycles added to a GPR pair whose writer is in the HMMA class (NAK's sm120 code: 9, reader or writer). */
  readonly hmma: number;
  /**
   * Cycles added to a GPR pair whose writer or reader is in the IMMA class (NAK's sm120 code since
   * it pads IMMA: 5; an IMMA result read by an HMMA takes the HMMA padding, as NAK tests HMMA
   * first). Absent: none.
   */
  readonly imma?: number;
  /** Cycles added to every other pair (0: the B100 figures as NVIDIA gives them). */
  readonly other: number;
}

/**
 * GPR readers of a coupled writer (reg_raw.csv column of the writer): `coupled` to ALU, FMA and
 * FP16 readers as the caller lists them, `late` to HFMA2.MMA and FP64 readers, `mma` to
 * HMMA/IMMA/DMMA, `decoupled` to decoupled and branch (CBU) readers, `agu` to decoupled-AGU
 * readers (loads, stores, CCTL, SHFL...).
 */
function gprRow(coupled: Record<string, number>, late: number, fp64: number, mma: number, decoupledValue: number, agu: number): Record<string, number> {
  return {
    ...coupled,
    // R2UR reads its GPR as an ALU op (sm120_instr_latencies.rs op_reg_latency: R2UR => Alu).
    r2ur: coupled['alu']!,
    hfma2mma: late, fp64, hmma: mma, imma: mma, dmma: mma,
    decoupled: decoupledValue, cbu: decoupledValue, agu, memory: agu, cctl: agu,
  };
}

/**
 * GPR results (reg_raw.csv). VOTE's GPR result is `dualalu`, so `disp` reads and writes as `alu`.
 * IMAD.WIDE's low and high results are the `imad_wide_write_dl` and `dh` columns; the merged
 * `imadWide` writer is the high one, never below the low one.
 */
const general: LatencyMatrix = {
  alu: gprRow({ alu: 4, disp: 4, fma: 5, imadWide: 5, fp16: 5, ...wideReaders(5, 5, 3) }, 6, 6, 7, 4, 5),
  disp: gprRow({ alu: 4, disp: 4, fma: 5, imadWide: 5, fp16: 5, ...wideReaders(5, 5, 3) }, 6, 6, 7, 4, 5),
  fma: gprRow({ alu: 5, disp: 5, fma: 4, imadWide: 4, fp16: 5, ...wideReaders(4, 4, 2) }, 6, 6, 7, 4, 5),
  imadWide: gprRow({ alu: 5, disp: 5, fma: 4, imadWide: 6, fp16: 5, ...wideReaders(6, 4, 2) }, 6, 6, 7, 4, 5),
  [IMAD_WIDE_CLASSES.low]: gprRow({ alu: 3, disp: 3, fma: 2, imadWide: 4, fp16: 3, ...wideReaders(4, 2, 2) }, 6, 6, 7, 4, 5),
  [IMAD_WIDE_CLASSES.high]: gprRow({ alu: 5, disp: 5, fma: 4, imadWide: 6, fp16: 5, ...wideReaders(6, 4, 2) }, 6, 6, 7, 4, 5),
  disp64: gprRow({ alu: 6, disp: 6, fma: 6, imadWide: 6, fp16: 6, ...wideReaders(6, 6, 4) }, 6, 6, 7, 4, 5),
  fp16: gprRow({ alu: 5, disp: 5, fma: 5, imadWide: 5, fp16: 5, ...wideReaders(5, 5, 3) }, 6, 6, 7, 4, 5),
  hfma2mma: gprRow({ alu: 10, disp: 10, fma: 10, imadWide: 10, fp16: 10, ...wideReaders(10, 10, 8) }, 8, 8, 11, 6, 7),
  hmma: gprRow({ alu: 19, disp: 19, fma: 19, imadWide: 19, fp16: 19, ...wideReaders(19, 19, 19) }, 19, 19, 20, 19, 19),
  imma: gprRow({ alu: 19, disp: 19, fma: 19, imadWide: 19, fp16: 19, ...wideReaders(19, 19, 19) }, 19, 19, 20, 19, 19),
};

/**
 * Predicate results (pred_raw.csv): coupled and dual-ALU writers reach coupled readers after 4
 * (FMA readers 5), FMA writers FMA readers after 4; VOTE (`disp_dual_alu` as a reader), FP16,
 * HFMA2.MMA, FP64, decoupled readers and guards wait 13. IMAD.WIDE's carry is an FMA result.
 */
const slowPredicateReaders = { disp: 13, hfma2mma: 13, fp64: 13, decoupled: 13, cbu: 13, agu: 13, memory: 13, cctl: 13, guard: 13 };
const predicate: LatencyMatrix = {
  alu: { alu: 4, fma: 5, imadWide: 5, fp16: 13, ...slowPredicateReaders },
  disp: { alu: 4, fma: 5, imadWide: 5, fp16: 13, ...slowPredicateReaders },
  fma: { alu: 5, fma: 4, imadWide: 4, fp16: 13, ...slowPredicateReaders },
  imadWide: { alu: 5, fma: 4, imadWide: 4, fp16: 13, ...slowPredicateReaders },
  fp16: { alu: 5, fma: 5, imadWide: 5, fp16: 5, ...slowPredicateReaders },
};

/**
 * Uniform results (ureg_raw.csv): coupled vector readers (`coupled`, `coupled_mma`), decoupled
 * ones (texture, TMA and RPCMOV read like them), branch (CBU) readers, and the uniform readers:
 * UDP ops, UMOV, ULDC/LDCU (`uldc`, `to_ur` and the bindless constant readers, the slowest),
 * R2UR results arriving last. ELECT and VOTEU results land like UMOV's.
 */
function uniformRow(coupled: number, hfma2mma: number, decoupledValue: number, branch: number, udp: number, umov: number, uldc: number): Record<string, number> {
  return {
    alu: coupled, disp: coupled, fma: coupled, imadWide: coupled, fp16: coupled, disp64: coupled, r2ur: coupled, hmma: coupled, imma: coupled,
    hfma2mma, decoupled: decoupledValue, agu: decoupledValue, memory: decoupledValue, fp64: decoupledValue, cctl: decoupledValue,
    cbu: branch, udp, umov, uldc,
  };
}
const moveRow = uniformRow(2, 2, 2, 3, 2, 2, 5);
const uniform: LatencyMatrix = {
  udp: uniformRow(6, 9, 9, 10, 4, 7, 12),
  umov: moveRow,
  voteu: moveRow,
  r2ur: uniformRow(13, 13, 13, 13, 13, 13, 15),
};

/**
 * Uniform predicate results (upred_raw.csv; a uniform guard is `u_guard`, 11 and 5). `BRA.U
 * !UP0, target` reads its predicate operand as `bra_jmp` (9 and 2): branches are in the
 * `decoupled` class, and no other decoupled op reads a uniform predicate in NAK's categories.
 */
const uniformPredicate: LatencyMatrix = {
  udp: { alu: 6, udp: 4, uldc: 11, guard: 11, decoupled: 9 },
  voteu: { alu: 1, udp: 1, uldc: 5, guard: 5, decoupled: 2 },
};

function padded(matrix: LatencyMatrix, padding: BlackwellPadding): LatencyMatrix {
  const imma = padding.imma ?? padding.other;
  const pad = (writer: string, reader: string): number => {
    if (writer === 'hmma') return padding.hmma;
    if (writer === 'imma') return reader === 'hmma' ? Math.max(padding.hmma, imma) : imma;
    return reader === 'imma' ? imma : padding.other;
  };
  return Object.fromEntries(
    Object.entries(matrix).map(([writer, row]) => [
      writer,
      Object.fromEntries(Object.entries(row).map(([reader, cycles]) => [reader, cycles + pad(writer, reader)])),
    ]),
  );
}

/**
 * The B100 matrices with `padding` added, cited by `source`. NAK pads the GPR figures with HMMA
 * on either side by 9 and every other figure of every register file by 1 on the RTX chips
 * (sm120_instr_latencies.rs); each table says which of it its sources support.
 */
export function blackwellReadAfterWrite(padding: BlackwellPadding, source: SourceKey): NonNullable<ArchitectureTable['readAfterWrite']> {
  const others: BlackwellPadding = { hmma: padding.other, imma: padding.other, other: padding.other };
  return {
    general: padded(general, padding),
    predicate: padded(predicate, others),
    uniform: padded(uniform, others),
    uniformPredicate: padded(uniformPredicate, others),
    source,
  };
}

