/**
 * The instruction hazards LLVM's AMDGPU backend resolves without a wait counter (GCNHazardRecognizer
 * with s_nop, s_waitcnt_depctr, v_nop, v_mov; AMDGPUInsertDelayAlu with s_delay_alu), listed for
 * the checked targets with the figures the sources give. Definitions only. What the checker does
 * with each:
 * - the gfx9 wait-state hazards with a figure are timed on the shared machine (`waitStates.ts`
 *   holds their rules, `format/amdgpu/waitStateTiming.ts` the timing): too few wait states is a
 *   `hazard`;
 * - the others with a `noted` list are not timed, but a function that may have them is `unknown`
 *   on those targets (`format/amdgpu/unmodelledHazards.ts`: searched for as LLVM searches where the
 *   hazard is a pattern, by the instructions it is about otherwise);
 * - the rest (the dealloc nop, `shift64-high-register`, `s_delay_alu`) are not checked.
 *
 * Sources are LLVM's source and operand pages only (`sources.ts`); no AMD manual was found, so a
 * hazard LLVM does not handle is not listed.
 */
import type { AmdgpuTarget } from './counters.js';
import type { AmdgpuSourceKey } from './sources.js';

/**
 * How LLVM resolves a hazard:
 * - `s_nop`: wait states, one `s_nop N` per 1..8 of them (N = count - 1).
 * - `s_waitcnt_depctr`: a wait on a dependency counter (va_vdst, sa_sdst, vm_vsrc...).
 * - `operand`: a wait field of the instruction itself (lds_direct/lds_param wait_vdst, wait_vsrc).
 * - `v_nop`, `v_mov`, `v_swap`: an inserted vector instruction.
 * - `s_delay_alu`: a scheduling hint on gfx11+, against stalls rather than wrong results.
 */
export type HazardMitigation = 's_nop' | 's_waitcnt_depctr' | 'operand' | 'v_nop' | 'v_mov' | 'v_swap' | 's_delay_alu';

/** One hazard kind. */
export interface HazardFact {
  /** A stable name. */
  readonly id: string;
  /** The producer/consumer pattern, in the source's words where short. */
  readonly description: string;
  /** Checked targets on which LLVM resolves it. */
  readonly targets: readonly AmdgpuTarget[];
  /** Wait states LLVM requires, where one figure is given; null where the figure varies or none is. */
  readonly waitStates: number | null;
  /** How LLVM resolves it. */
  readonly mitigation: HazardMitigation;
  /** `correctness` unless the source says the instruction only avoids a stall. */
  readonly effect: 'correctness' | 'performance';
  /** The LLVM function that handles it. */
  readonly llvm: string;
  /** Citations. */
  readonly source: readonly AmdgpuSourceKey[];
  /**
   * Targets where the checker does not time it but makes a function that may have it `unknown`
   * (`format/amdgpu/unmodelledHazards.ts`); absent where it is timed (`waitStates.ts`) or not checked.
   */
  readonly noted?: readonly AmdgpuTarget[];
}

// Wait-state hazards stop at gfx9 here: gfx10+ has FeatureNoDataDepHazard ("Does not need SW
// waitstates"), and PreEmitNoopsCommon returns before those checks on it.
const GFX9: readonly AmdgpuTarget[] = ['gfx900', 'gfx90a', 'gfx942'];
const REC: readonly AmdgpuSourceKey[] = ['llvm-hazard-recognizer', 'llvm-hazard-subtarget', 'llvm-target-features'];

/** Hazard kinds LLVM 19 handles on the checked targets. */
export const AMDGPU_HAZARDS: readonly HazardFact[] = [
  { id: 'vmem-reads-sgpr-after-valu-write', description: 'A read of an SGPR by a VMEM (or FLAT) instruction after a VALU wrote it.', targets: GFX9, waitStates: 5, mitigation: 's_nop', effect: 'correctness', llvm: 'checkVMEMHazards', source: REC },
  { id: 'valu-overwrites-vmem-store-data', description: 'A VALU writing a register holding the data of a VMEM store of more than 8 bytes just issued.', targets: GFX9, waitStates: null, mitigation: 's_nop', effect: 'correctness', llvm: 'checkVALUHazards (createsVALUHazard): 1 wait state, 2 on gfx940+', source: REC },
  { id: 'dpp-reads-after-valu-write', description: 'A DPP instruction reading a VGPR a VALU wrote (2), or after a VALU wrote EXEC (5).', targets: GFX9, waitStates: null, mitigation: 's_nop', effect: 'correctness', llvm: 'checkDPPHazards', source: REC },
  { id: 'div-fmas-after-vcc-write', description: 'v_div_fmas after a VALU wrote VCC.', targets: GFX9, waitStates: 4, mitigation: 's_nop', effect: 'correctness', llvm: 'checkDivFMasHazards', source: REC },
  { id: 'getreg-after-setreg', description: 's_getreg after s_setreg of the same hardware register.', targets: GFX9, waitStates: 2, mitigation: 's_nop', effect: 'correctness', llvm: 'checkGetRegHazards', source: REC },
  { id: 'setreg-after-setreg', description: 's_setreg after s_setreg of the same hardware register (getSetRegWaitStates: 2 after Sea Islands).', targets: GFX9, waitStates: 2, mitigation: 's_nop', effect: 'correctness', llvm: 'checkSetRegHazards', source: REC },
  { id: 'readlane-lane-select-after-valu-write', description: 'v_readlane/v_writelane whose lane-select SGPR a VALU wrote.', targets: GFX9, waitStates: 4, mitigation: 's_nop', effect: 'correctness', llvm: 'checkRWLaneHazards', source: REC },
  { id: 'rfe-after-setreg', description: 's_rfe after s_setreg (Volcanic Islands and later).', targets: GFX9, waitStates: 1, mitigation: 's_nop', effect: 'correctness', llvm: 'checkRFEHazards', source: REC },
  { id: 'm0-read-after-salu-write', description: 'An instruction reading M0 implicitly (s_movrel, interpolation, ds_*_addtid, LDS DMA, lds_direct, GDS or trace s_sendmsg) after an SALU wrote M0.', targets: GFX9, waitStates: 1, mitigation: 's_nop', effect: 'correctness', llvm: 'checkReadM0Hazards', source: REC },
  { id: 'mfma-and-accvgpr', description: 'MFMA and ACC VGPR producer/consumer pairs (MFMA to MFMA, VALU, memory, export), with figures per MFMA pass count (e.g. 2/8/16 for 4x4/16x16/32x32 SMFMA writing an overlapped SrcC, 4 after a VALU writes EXEC).', targets: ['gfx90a', 'gfx942'], waitStates: null, mitigation: 's_nop', effect: 'correctness', llvm: 'checkMAIHazards90A, checkMAIVALUHazards, checkMAILdStHazards', source: REC, noted: ['gfx90a', 'gfx942'] },
  { id: 'shift64-high-register', description: 'A 64-bit shift whose shift amount is the highest allocated VGPR (gfx90a, not gfx940): the amount is moved with v_swap_b32 after a full wait.', targets: ['gfx90a'], waitStates: null, mitigation: 'v_swap', effect: 'correctness', llvm: 'fixShift64HighRegBug', source: REC },
  { id: 'trans-result-forwarding', description: 'A non-transcendental VALU reading a transcendental result (gfx940).', targets: ['gfx942'], waitStates: 1, mitigation: 's_nop', effect: 'correctness', llvm: 'checkVALUHazards (hasTransForwardingHazard)', source: REC },
  { id: 'dst-sel-forwarding', description: 'A VALU reading the result of a VALU that wrote part of its destination with a shift of result bits (gfx940).', targets: ['gfx942'], waitStates: 1, mitigation: 's_nop', effect: 'correctness', llvm: 'checkVALUHazards (hasDstSelForwardingHazard)', source: REC },
  { id: 'valu-sgpr-write-then-read', description: '"Does not have HW interlocs for VALU writing and then reading SGPRs" (gfx940): VALU reading an SGPR a VALU wrote 2, v_readlane/v_writelane after a VALU wrote EXEC 4, lane select after a VALU wrote it 1.', targets: ['gfx942'], waitStates: null, mitigation: 's_nop', effect: 'correctness', llvm: 'checkVALUHazards (hasVDecCoExecHazard)', source: REC },
  { id: 'fp-atomic-then-denorm-mode', description: 's_denorm_mode after an FP atomic VMEM/FLAT instruction (gfx10), unless a VALU or an s_waitcnt came between.', targets: ['gfx1030'], waitStates: 3, mitigation: 's_nop', effect: 'correctness', llvm: 'checkFPAtomicToDenormModeHazard', source: REC, noted: ['gfx1030'] },
  { id: 'vcmpx-then-permlane', description: 'v_permlane after a v_cmpx writing EXEC: LLVM inserts v_mov_b32 of the permlane source ("V_NOP will be discarded by SQ").', targets: ['gfx1100', 'gfx1200'], waitStates: null, mitigation: 'v_mov', effect: 'correctness', llvm: 'fixVcmpxPermlaneHazards', source: REC, noted: ['gfx1100', 'gfx1200'] },
  { id: 'lds-direct-after-valu', description: 'lds_direct_load/lds_param_load writing or reading a VGPR a recent VALU uses: its wait_vdst field is set (at most 15).', targets: ['gfx1100', 'gfx1200'], waitStates: null, mitigation: 'operand', effect: 'correctness', llvm: 'fixLdsDirectVALUHazard', source: REC, noted: ['gfx1100', 'gfx1200'] },
  { id: 'lds-direct-after-vmem', description: 'lds_direct_load/lds_param_load overwriting a VGPR a pending VMEM reads: s_waitcnt_depctr vm_vsrc(0) on gfx11, the instruction\'s wait_vsrc field on gfx12 (hasLdsWaitVMSRC).', targets: ['gfx1100', 'gfx1200'], waitStates: null, mitigation: 's_waitcnt_depctr', effect: 'correctness', llvm: 'fixLdsDirectVMEMHazard', source: REC, noted: ['gfx1100', 'gfx1200'] },
  { id: 'valu-partial-forwarding', description: 'A VALU reading two VGPRs written by VALUs on either side of an SALU write of EXEC, within 2 and 4 VALUs (gfx11): s_waitcnt_depctr 0x0fff.', targets: ['gfx1100'], waitStates: null, mitigation: 's_waitcnt_depctr', effect: 'correctness', llvm: 'fixVALUPartialForwardingHazard', source: REC, noted: ['gfx1100'] },
  { id: 'valu-trans-use', description: 'A VALU reading a transcendental result with "intv <= 5 VALUs / 1 TRANS" between (gfx11, FeatureVALUTransUseHazard): s_waitcnt_depctr va_vdst(0).', targets: ['gfx1100'], waitStates: null, mitigation: 's_waitcnt_depctr', effect: 'correctness', llvm: 'fixVALUTransUseHazard', source: REC, noted: ['gfx1100'] },
  { id: 'valu-mask-write', description: 'A VALU reads an SGPR as lane mask, an SALU writes it, an SALU reads it (gfx11): "s_waitcnt_depctr sa_sdst(0) mitigates hazard".', targets: ['gfx1100'], waitStates: null, mitigation: 's_waitcnt_depctr', effect: 'correctness', llvm: 'fixVALUMaskWriteHazard', source: REC, noted: ['gfx1100'] },
  { id: 'wmma-operand-overlap', description: 'A WMMA/SWMMAC reading as A or B (and before gfx12 C) the destination of the previous WMMA: v_nop.', targets: ['gfx1100', 'gfx1200'], waitStates: null, mitigation: 'v_nop', effect: 'correctness', llvm: 'fixWMMAHazards', source: REC, noted: ['gfx1100', 'gfx1200'] },
  { id: 'smem-soft-clause', description: 'A clause of consecutive SMEM instructions (which "may return out of order and/or may be replayed") must not overwrite a register another reads; only with XNACK enabled.', targets: ['gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'], waitStates: 1, mitigation: 's_nop', effect: 'correctness', llvm: 'checkSoftClauseHazards', source: ['llvm-hazard-recognizer', 'llvm-waitcnt-order'], noted: GFX9 },
  { id: 'dealloc-vgprs-nop', description: 'S_NOP 0 before s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) at s_endpgm: "all targets that support the dealloc VGPRs message also require the nop".', targets: ['gfx1100', 'gfx1200'], waitStates: 1, mitigation: 's_nop', effect: 'correctness', llvm: 'SIInsertWaitcnts (requiresNopBeforeDeallocVGPRs)', source: ['llvm-waitcnt-calls'] },
  { id: 'alu-dependency-delay', description: 'A VALU, TRANS or SALU result read soon after: s_delay_alu instid0/instskip/instid1 ("to avoid stalls on GFX11+"; VALU_DEP_1-4, TRANS32_DEP_1-3, SALU_CYCLE_1-3). Memory, export and s_sendmsg_rtn instructions "wait for VA_VDST==0 before issuing".', targets: ['gfx1100', 'gfx1200'], waitStates: null, mitigation: 's_delay_alu', effect: 'performance', llvm: 'AMDGPUInsertDelayAlu', source: ['llvm-insert-delay-alu', 'llvm-doc-delay-depctr', 'llvm-hazard-subtarget'] },
];
