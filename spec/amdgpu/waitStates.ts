/**
 * The wait-state hazards the model checks: pairs of a producer and a consumer of one register
 * that the hardware does not interlock, with the wait states (instructions issued in between, an
 * `s_nop N` counting N + 1) LLVM's GCNHazardRecognizer requires between them, per target.
 * Definitions only; `format/amdgpu/waitStateRoles.ts` says which role an instruction plays for a
 * register, and the lowering turns the rules into the shared machine's read-after-write matrices.
 *
 * Every rule is LLVM 19.1.7's (`llvm-hazard-recognizer`, `llvm-hazard-subtarget`): no AMD manual
 * was found in the stored material, so a requirement LLVM does not make is not here. Wait-state
 * hazards exist on gfx9 only among the checked targets: gfx10 and later have
 * FeatureNoDataDepHazard ("Does not need SW waitstates", `llvm-target-features`), and their own
 * hazards (`hazards.ts`) are resolved with dependency counters, not wait states.
 */
import type { AmdgpuTarget } from './counters.js';
import type { AmdgpuSourceKey } from './sources.js';

/** What a producer does to a register that a rule is about. */
export type WaitStateWriter =
  /** A VALU instruction writes a VGPR. */
  | 'valu-vgpr'
  /** A VALU instruction writes a scalar register (SGPR, VCC, EXEC, M0...). */
  | 'valu-sgpr'
  /** A VALU instruction writes VCC. */
  | 'valu-vcc'
  /** A VALU instruction writes EXEC. */
  | 'valu-exec'
  /** A transcendental VALU instruction writes a VGPR (gfx940's isTRANS). */
  | 'trans-vgpr'
  /** A VALU instruction writes part of a VGPR with its result bits shifted (SDWA dst_sel other than DWORD, or op_sel on the destination). */
  | 'dst-sel-vgpr'
  /**
   * A VOP3P instruction whose src0 op_sel_hi bit is set (every `v_pk_*` unless its op_sel_hi says
   * otherwise): LLVM's dst-sel test reads that bit (SIDefines.h: DST_OP_SEL "share mask with
   * OP_SEL_1"), so it times these writers as partial ones.
   */
  | 'op-sel-hi-vgpr'
  /** An SALU instruction writes M0. */
  | 'salu-m0'
  /** `s_setreg` writes a hardware register (the model's `hwreg:NAME`). */
  | 'setreg'
  /** A VMEM store of more than 8 bytes holds its data register (the model's `vN!store-data` shadow). */
  | 'store-data';

/** What a consumer does with a register that a rule is about. */
export type WaitStateReader =
  /** A VMEM or FLAT instruction reads a scalar register (EXEC included). */
  | 'vmem-sgpr'
  /** A DPP instruction reads a VGPR. */
  | 'dpp-vgpr'
  /** A DPP instruction reads EXEC. */
  | 'dpp-exec'
  /** `v_div_fmas` reads VCC. */
  | 'div-fmas-vcc'
  /** `v_readlane`/`v_writelane` reads its lane-select SGPR. */
  | 'lane-select'
  /** An instruction that reads M0 for s_movrel, interpolation, `ds_*_addtid`, messages, GDS, LDS DMA or lds_direct. */
  | 'm0-reader'
  /** `s_getreg` reads a hardware register. */
  | 'getreg'
  /** `s_setreg` writes part of a hardware register another `s_setreg` wrote. */
  | 'setreg'
  /** `s_rfe_b64` reads TRAPSTS. */
  | 'rfe'
  /** A VALU instruction overwrites a VGPR (it "reads" the register's store-data shadow). */
  | 'valu-overwrite'
  /** A VALU instruction reads a scalar register as an explicit operand, or VCC (gfx940). */
  | 'valu-sgpr-read'
  /** `v_readlane`/`v_readfirstlane` reads its source VGPR (gfx940). */
  | 'readlane-vgpr'
  /** `v_readlane`/`v_readfirstlane`/`v_writelane` reads EXEC (gfx940). */
  | 'rwlane-exec'
  /** A VALU instruction other than a transcendental one reads a VGPR as an explicit operand (gfx940). */
  | 'non-trans-vgpr-read'
  /** A VALU instruction reads a VGPR as an explicit operand (gfx940). */
  | 'valu-vgpr-read';

/** One rule: `waitStates` between a `writer` and a `reader` of the same register. */
export interface WaitStateRule {
  /** The `hazards.ts` entry it checks. */
  readonly hazard: string;
  readonly writer: WaitStateWriter;
  readonly reader: WaitStateReader;
  /** Wait states per target; a target not listed has no such hazard. */
  readonly waitStates: Readonly<Partial<Record<AmdgpuTarget, number>>>;
  /** The LLVM function and figure. */
  readonly llvm: string;
  readonly source: readonly AmdgpuSourceKey[];
  /**
   * True where LLVM asks for the wait states by a predicate that reaches beyond what its source
   * describes: a proof honours it (LLVM's output may rely on nothing less), a counterexample
   * does not (no source shows the hardware needing it), so missing wait states there are `unknown`.
   */
  readonly proofOnly?: boolean;
}

const REC: readonly AmdgpuSourceKey[] = ['llvm-hazard-recognizer', 'llvm-hazard-subtarget'];
const gfx9 = (n: number) => ({ gfx900: n, gfx90a: n, gfx942: n });
const gfx940 = (n: number) => ({ gfx942: n });

/** The rules, as LLVM 19.1.7 states them. */
export const WAIT_STATE_RULES: readonly WaitStateRule[] = [
  { hazard: 'vmem-reads-sgpr-after-valu-write', writer: 'valu-sgpr', reader: 'vmem-sgpr', waitStates: gfx9(5), llvm: 'checkVMEMHazards: VmemSgprWaitStates 5 (hasVMEMReadSGPRVALUDefHazard: VOLCANIC_ISLANDS and later)', source: REC },
  { hazard: 'dpp-reads-after-valu-write', writer: 'valu-vgpr', reader: 'dpp-vgpr', waitStates: gfx9(2), llvm: 'checkDPPHazards: DppVgprWaitStates 2', source: REC },
  { hazard: 'dpp-reads-after-valu-write', writer: 'valu-exec', reader: 'dpp-exec', waitStates: gfx9(5), llvm: 'checkDPPHazards: DppExecWaitStates 5', source: REC },
  { hazard: 'div-fmas-after-vcc-write', writer: 'valu-vcc', reader: 'div-fmas-vcc', waitStates: gfx9(4), llvm: 'checkDivFMasHazards: DivFMasWaitStates 4', source: REC },
  { hazard: 'readlane-lane-select-after-valu-write', writer: 'valu-sgpr', reader: 'lane-select', waitStates: gfx9(4), llvm: 'checkRWLaneHazards: RWLaneWaitStates 4', source: REC },
  { hazard: 'm0-read-after-salu-write', writer: 'salu-m0', reader: 'm0-reader', waitStates: gfx9(1), llvm: 'checkReadM0Hazards: ReadM0WaitStates 1 (hasReadM0MovRelInterpHazard, hasReadM0SendMsgHazard, hasReadM0LdsDmaHazard, hasReadM0LdsDirectHazard on GFX9)', source: REC },
  { hazard: 'getreg-after-setreg', writer: 'setreg', reader: 'getreg', waitStates: gfx9(2), llvm: 'checkGetRegHazards: GetRegWaitStates 2', source: REC },
  { hazard: 'setreg-after-setreg', writer: 'setreg', reader: 'setreg', waitStates: gfx9(2), llvm: 'checkSetRegHazards: getSetRegWaitStates() 2 after SEA_ISLANDS', source: REC },
  { hazard: 'rfe-after-setreg', writer: 'setreg', reader: 'rfe', waitStates: gfx9(1), llvm: 'checkRFEHazards: RFEWaitStates 1 after an s_setreg of TRAPSTS', source: REC },
  { hazard: 'valu-overwrites-vmem-store-data', writer: 'store-data', reader: 'valu-overwrite', waitStates: { gfx900: 1, gfx90a: 1, gfx942: 2 }, llvm: 'checkVALUHazardsHelper: VALUWaitStates "ST.hasGFX940Insts() ? 2 : 1" (createsVALUHazard: MUBUF/MTBUF data over 64 bits without an SGPR soffset, FLAT data over 64 bits)', source: REC },
  { hazard: 'valu-sgpr-write-then-read', writer: 'valu-sgpr', reader: 'valu-sgpr-read', waitStates: gfx940(2), llvm: 'checkVALUHazards (hasVDecCoExecHazard): VALUWriteSGPRVALUReadWaitstates 2', source: REC },
  { hazard: 'valu-sgpr-write-then-read', writer: 'valu-vgpr', reader: 'readlane-vgpr', waitStates: gfx940(1), llvm: 'checkVALUHazards (hasVDecCoExecHazard): VALUWriteVGPRReadlaneRead 1', source: REC },
  { hazard: 'valu-sgpr-write-then-read', writer: 'valu-exec', reader: 'rwlane-exec', waitStates: gfx940(4), llvm: 'checkVALUHazards (hasVDecCoExecHazard): VALUWriteEXECRWLane 4', source: REC },
  { hazard: 'trans-result-forwarding', writer: 'trans-vgpr', reader: 'non-trans-vgpr-read', waitStates: gfx940(1), llvm: 'checkVALUHazards (hasTransForwardingHazard): TransDefWaitstates 1', source: REC },
  { hazard: 'dst-sel-forwarding', writer: 'dst-sel-vgpr', reader: 'valu-vgpr-read', waitStates: gfx940(1), llvm: 'checkVALUHazards (hasDstSelForwardingHazard): Shift16DefWaitstates 1', source: REC },
  { hazard: 'dst-sel-forwarding', writer: 'op-sel-hi-vgpr', reader: 'valu-vgpr-read', waitStates: gfx940(1), llvm: 'checkVALUHazards (hasDstSelForwardingHazard): IsShift16BitDefFn tests src0_modifiers & DST_OP_SEL, the bit a VOP3P instruction\'s op_sel_hi sets; the comment speaks of "partially writing dst with a shift of result bits", which a full v_pk_* write is not', source: REC, proofOnly: true },
];

/** Whether any rule applies on `target` (the lowering counts wait states only there). */
export function hasWaitStateHazards(target: AmdgpuTarget): boolean {
  return WAIT_STATE_RULES.some((rule) => rule.waitStates[target] !== undefined);
}

/**
 * The most wait states any rule on `target` asks for between `writers` and `readers` of one
 * register (0: none); on the `counterexample` side without the proof-only rules.
 */
export function waitStatesBetween(target: AmdgpuTarget, writers: readonly WaitStateWriter[], readers: readonly WaitStateReader[], side: 'proof' | 'counterexample' = 'proof'): number {
  let most = 0;
  for (const rule of WAIT_STATE_RULES) {
    if (side === 'counterexample' && rule.proofOnly === true) continue;
    const figure = rule.waitStates[target];
    if (figure !== undefined && writers.includes(rule.writer) && readers.includes(rule.reader)) most = Math.max(most, figure);
  }
  return most;
}

/** The rules on `target` that a writer and a reader with these roles break when fewer wait states come between them. */
export function rulesBetween(target: AmdgpuTarget, writers: readonly WaitStateWriter[], readers: readonly WaitStateReader[]): WaitStateRule[] {
  return WAIT_STATE_RULES.filter((rule) => rule.waitStates[target] !== undefined && writers.includes(rule.writer) && readers.includes(rule.reader));
}
