/**
 * What each AMDGPU mnemonic is to the wait-counter model: a memory instruction of one of the
 * `INSTRUCTION_KINDS` of `counters.ts` (which then fixes its counters and queue, `queues.ts`), a
 * wait, a control transfer, an ALU instruction (interlocked: never a counter hazard), or an
 * instruction with no effect on registers or counters. Definitions only, with citations; the
 * assembly importer (`format/amdgpu/`) reads mnemonics and modifiers and asks here.
 */
import type { AmdgpuGeneration, InstructionKind } from './counters.js';
import type { AmdgpuSourceKey } from './sources.js';

/**
 * The class of an instruction:
 * - `memory`: counted on wait counters (its `kind` says which, by generation);
 * - `untracked-memory`: a cache invalidate or write-back LLVM does not count;
 * - `wait`: `s_waitcnt`, `s_waitcnt_*cnt`, `s_wait_*cnt`;
 * - `valu` / `salu`: results interlocked by the hardware (fixed latency 1 in the model);
 * - `branch`, `conditional-branch`, `call` (`s_swappc_b64`), `jump` (`s_setpc_b64`: a return or
 *   a tail call), `exit` (`s_endpgm`);
 * - `no-effect`: reads and writes no register and counts on nothing (`s_nop`, `s_delay_alu`,
 *   `s_barrier`...); `hazard-mitigation` marks those LLVM inserts against the wait-state hazards of
 *   `hazards.ts`, which the model does not cover.
 */
export type AmdgpuInstructionClass =
  | 'memory' | 'untracked-memory' | 'wait' | 'valu' | 'salu'
  | 'branch' | 'conditional-branch' | 'call' | 'jump' | 'exit' | 'no-effect' | 'hazard-mitigation';

/** One rule of the table: mnemonics it covers, what they are, and why. */
export interface InstructionKindRule {
  /** Mnemonics (without encoding suffixes removed: `_e32`, `_e64`, `_sdwa`, `_dpp` stay). */
  readonly pattern: RegExp;
  readonly class: AmdgpuInstructionClass;
  /**
   * For `memory`: the kind, or a function of the modifiers written after the operands (`glc`,
   * `sc0`, `th:TH_ATOMIC_RETURN`, `lds`, `gds`) where they decide it.
   */
  readonly kind?: InstructionKind | ((modifiers: readonly string[], generation: AmdgpuGeneration) => InstructionKind);
  /** What the sources say, in short. */
  readonly note: string;
  readonly source: readonly AmdgpuSourceKey[];
}

/** The classification of one instruction. */
export interface AmdgpuOperation {
  readonly class: AmdgpuInstructionClass;
  /** For `memory` only. */
  readonly kind: InstructionKind | null;
  /** The rule that decided it, for reports. */
  readonly rule: InstructionKindRule;
}

const EVENTS: readonly AmdgpuSourceKey[] = ['llvm-waitcnt-instruction-events', 'llvm-waitcnt-events'];

/** glc (gfx9-gfx11), sc0 (gfx940-gfx942) or a th: value ending in RETURN (gfx12) on an atomic: it returns the old value. */
export function atomicReturns(modifiers: readonly string[]): boolean {
  return modifiers.some((modifier) => modifier === 'glc' || modifier === 'sc0' || /^th:TH_ATOMIC_\w*RETURN$/.test(modifier));
}

const atomic = (modifiers: readonly string[]): InstructionKind => (atomicReturns(modifiers) ? 'vmem-atomic-return' : 'vmem-atomic-no-return');
const flatAtomic = (modifiers: readonly string[]): InstructionKind => (atomicReturns(modifiers) ? 'flat-load' : 'flat-store');

/**
 * The rules, first match wins. Memory mnemonics follow the instruction families of LLVM's
 * assembler (buffer_/tbuffer_ MUBUF/MTBUF, global_/scratch_/flat_ FLAT, image_ MIMG, ds_ DS,
 * s_load/s_buffer_load SMEM, exp EXP); SIInsertWaitcnts' event rules (`llvm-waitcnt-instruction-events`)
 * give the kind.
 */
export const INSTRUCTION_KIND_RULES: readonly InstructionKindRule[] = [
  // Cache maintenance first: buffer_wbinvl1*, buffer_wbl2, buffer_inv... share the buffer_ prefix.
  { pattern: /^(buffer_(wbinvl1(_sc|_vol)?|wbl2|invl2|inv|gl0_inv|gl1_inv)|global_(inv|wb|wbinv))$/, class: 'untracked-memory', note: 'Cache invalidates and write-backs: not counted by LLVM (IsBufferInv, GLOBAL_INV/WB/WBINV); they write no register.', source: ['llvm-cache-ops-untracked'] },
  // LDS DMA: a memory load whose data goes to LDS, not to a register.
  { pattern: /^(global|scratch)_load_lds_\w+$/, class: 'memory', kind: 'lds-dma', note: 'Loads from memory into LDS (mayWriteLDSThroughDMA).', source: [...EVENTS, 'llvm-doc-asm-lists'] },
  { pattern: /^t?buffer_load_\w+$/, class: 'memory', kind: (modifiers) => (modifiers.includes('lds') ? 'lds-dma' : 'vmem-load'), note: 'MUBUF/MTBUF loads; with the lds modifier the data goes to LDS.', source: EVENTS },
  { pattern: /^t?buffer_store_\w+$/, class: 'memory', kind: 'vmem-store', note: 'MUBUF/MTBUF stores.', source: EVENTS },
  { pattern: /^buffer_atomic_\w+$/, class: 'memory', kind: atomic, note: 'MUBUF atomics: with glc/sc0/th:TH_ATOMIC_RETURN they return the old value.', source: [...EVENTS, 'llvm-doc-atomic-return'] },
  { pattern: /^(global|scratch)_load_\w+$/, class: 'memory', kind: (modifiers) => (modifiers.includes('lds') ? 'lds-dma' : 'vmem-load'), note: 'FLAT global and scratch loads use the VMEM counter only ("do not use the lgkm counter"); with the lds modifier the data goes to LDS (LDS DMA, mayWriteLDSThroughDMA).', source: EVENTS },
  { pattern: /^(global|scratch)_store_\w+$/, class: 'memory', kind: 'vmem-store', note: 'FLAT global and scratch stores.', source: EVENTS },
  { pattern: /^global_atomic_\w+$/, class: 'memory', kind: atomic, note: 'FLAT global atomics.', source: [...EVENTS, 'llvm-doc-atomic-return'] },
  { pattern: /^flat_load_\w+$/, class: 'memory', kind: 'flat-load', note: 'Generic-address loads: may reach LDS or memory.', source: EVENTS },
  { pattern: /^flat_store_\w+$/, class: 'memory', kind: 'flat-store', note: 'Generic-address stores.', source: EVENTS },
  { pattern: /^flat_atomic_\w+$/, class: 'memory', kind: flatAtomic, note: 'Generic-address atomics: a returning one counts as a FLAT load.', source: [...EVENTS, 'llvm-doc-atomic-return'] },
  { pattern: /^image_bvh\w*_intersect_ray$/, class: 'memory', kind: 'image-bvh', note: 'BVH reads (VMEM_BVH_READ_ACCESS).', source: EVENTS },
  { pattern: /^image_(sample|gather4|get_lod)\w*$/, class: 'memory', kind: 'image-sample', note: 'Image instructions with a sampler.', source: EVENTS },
  { pattern: /^image_store\w*$/, class: 'memory', kind: 'vmem-store', note: 'Image stores.', source: EVENTS },
  { pattern: /^image_atomic_\w+$/, class: 'memory', kind: atomic, note: 'Image atomics.', source: [...EVENTS, 'llvm-doc-atomic-return'] },
  { pattern: /^image_(load|get_resinfo)\w*$/, class: 'memory', kind: 'vmem-load', note: 'Image loads without a sampler (VMEM_NOSAMPLER before gfx12).', source: EVENTS },
  // LDSDIR: lds_direct_load/lds_param_load on gfx11, ds_direct_load/ds_param_load on gfx12.
  { pattern: /^(lds|ds)_(direct|param)_load$/, class: 'memory', kind: 'ldsdir', note: 'LDS parameter and direct loads count as exports (EXP_LDS_ACCESS).', source: [...EVENTS, 'llvm-doc-waitcnt-gfx11'] },
  // Always-GDS opcodes, then any DS with the gds modifier.
  { pattern: /^ds_(gws_\w+|ordered_count|add_gs_reg_rtn|sub_gs_reg_rtn)$/, class: 'memory', kind: 'gds', note: 'Always-GDS DS opcodes (isAlwaysGDS).', source: EVENTS },
  { pattern: /^ds_\w+$/, class: 'memory', kind: (modifiers) => (modifiers.includes('gds') ? 'gds' : 'lds'), note: 'DS instructions: GDS with the gds modifier, else LDS.', source: EVENTS },
  // SMEM (SMRD): loads, gfx9 scalar stores and atomics, cache operations, timers, and gfx12 prefetches.
  { pattern: /^s_(load|buffer_load|scratch_load|store|buffer_store|scratch_store|atomic|buffer_atomic|dcache|atc_probe|prefetch)\w*$/, class: 'memory', kind: 'smem', note: 'Scalar memory instructions (isSMRD).', source: EVENTS },
  { pattern: /^s_(memtime|memrealtime|get_waveid_in_workgroup|barrier_signal_isfirst|get_barrier_state|barrier_leave)\w*$/, class: 'memory', kind: 'smem', note: 'Counted as SMEM_ACCESS (S_MEMTIME, S_MEMREALTIME, the gfx12 barrier-state queries; s_get_waveid_in_workgroup is SMRD); s_barrier_signal_isfirst\'s SCC result lands when kmcnt says (an SCC_WRITE event on KM_CNT, which LLVM 19 does not wait for).', source: [...EVENTS, 'llvm-pr-157843-scc-write'] },
  { pattern: /^s_sendmsg(halt|_rtn_b32|_rtn_b64)?$/, class: 'memory', kind: 'message', note: 'Messages (SQ_MESSAGE).', source: EVENTS },
  { pattern: /^(exp|export)$/, class: 'memory', kind: 'export', note: 'Exports (EXP_GPR_LOCK, EXP_PARAM_ACCESS or EXP_POS_ACCESS by target); gfx12 spells it export.', source: EVENTS },
  // Waits.
  { pattern: /^s_waitcnt(_vmcnt|_expcnt|_lgkmcnt|_vscnt)?$/, class: 'wait', note: 'Pre-gfx12 waits.', source: ['llvm-waitcnt-counters', 'llvm-doc-waitcnt-gfx9', 'llvm-doc-waitcnt-gfx1030', 'llvm-doc-waitcnt-gfx11'] },
  { pattern: /^s_wait_(loadcnt|storecnt|dscnt|kmcnt|samplecnt|bvhcnt|expcnt|loadcnt_dscnt|storecnt_dscnt)$/, class: 'wait', note: 'gfx12 waits.', source: ['llvm-waitcnt-counters', 'llvm-pr-77336-gfx12-waits'] },
  // Control flow.
  { pattern: /^s_branch$/, class: 'branch', note: 'Unconditional branch.', source: ['llvm-doc-asm-lists'] },
  { pattern: /^s_cbranch_(scc0|scc1|vccz|vccnz|execz|execnz)$/, class: 'conditional-branch', note: 'Branch on SCC, VCC or EXEC: taken or not.', source: ['llvm-doc-asm-lists'] },
  { pattern: /^s_swappc_b64$/, class: 'call', note: 'Call through a register pair.', source: ['llvm-waitcnt-call-sites'] },
  { pattern: /^s_setpc_b64$/, class: 'jump', note: 'Return (to the address in s[30:31]) or tail call.', source: ['llvm-waitcnt-call-sites'] },
  { pattern: /^s_endpgm(_saved|_ordered_ps_done)?$/, class: 'exit', note: 'End of the wave.', source: ['llvm-waitcnt-calls'] },
  // Instructions LLVM inserts against wait-state hazards (GCNHazardRecognizer, AMDGPUInsertDelayAlu): not modelled.
  { pattern: /^(s_nop|s_delay_alu|s_waitcnt_depctr|v_nop)$/, class: 'hazard-mitigation', note: 'Wait states and ALU delays against the hazards of hazards.ts: on gfx9 an s_nop N is N + 1 wait states of the timed rules (waitStates.ts); the gfx10+ mitigations are not modelled.', source: ['llvm-hazard-recognizer', 'llvm-insert-delay-alu'] },
  // No register, no counter: scheduling hints, barriers, priorities, traps, padding.
  { pattern: /^s_(clause|barrier|barrier_signal|barrier_wait|setprio|sleep|sethalt|trap|icache_inv|code_end|inst_prefetch|set_inst_prefetch_distance|ttracedata|ttracedata_imm|wakeup|denorm_mode|round_mode|singleuse_vdst|version|incperflevel|decperflevel|setkill)$/, class: 'no-effect', note: 'No register result and no counter.', source: ['llvm-waitcnt-instruction-events'] },
  // Everything else of the two ALU families.
  { pattern: /^v_\w+$/, class: 'valu', note: 'VALU: results interlocked by the hardware, except the gfx9 wait-state pairs of waitStates.ts.', source: ['llvm-hazard-recognizer', 'llvm-target-features'] },
  { pattern: /^s_\w+$/, class: 'salu', note: 'SALU: results interlocked by the hardware, except the gfx9 wait-state pairs of waitStates.ts (M0, s_setreg).', source: ['llvm-hazard-recognizer', 'llvm-target-features'] },
];

/**
 * The class of a mnemonic with the modifiers written after its operands, on a generation; null
 * for a mnemonic of no known family (not `v_`, `s_`, a memory prefix or `exp`).
 */
export function classifyAmdgpuInstruction(mnemonic: string, modifiers: readonly string[], generation: AmdgpuGeneration): AmdgpuOperation | null {
  const rule = INSTRUCTION_KIND_RULES.find((candidate) => candidate.pattern.test(mnemonic));
  if (!rule) return null;
  const kind = rule.kind === undefined ? null : typeof rule.kind === 'function' ? rule.kind(modifiers, generation) : rule.kind;
  return { class: rule.class, kind, rule };
}
