/**
 * AMDGPU wait counters, by generation, for the targets the checker covers: how wide each counter
 * is, how a wait instruction encodes it, which instructions increment it, and whether it counts
 * down in issue order. These are the facts against which `s_waitcnt` / `s_wait_*` instructions in
 * `llc` output are judged (LLVM's SIInsertWaitcnts pass). Definitions only: nothing here decides a
 * verdict.
 *
 * Every entry names its citations (`sources.ts`). Where LLVM's documentation and LLVM's source
 * both speak, both are cited; where only the source does (the gfx12 counters: LLVM 19 ships no
 * gfx12 memory-model section or instruction pages), only the source is.
 */
import type { AmdgpuSourceKey } from './sources.js';

/** The processors checked, as `llc -mcpu` names them. */
export const AMDGPU_TARGETS = ['gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100', 'gfx1200'] as const;

/** One of `AMDGPU_TARGETS`. */
export type AmdgpuTarget = (typeof AMDGPU_TARGETS)[number];

/**
 * Wait-counter generations. gfx90a and gfx942 are gfx9 for the counters (same fields, same
 * widths: the gfx90a and gfx940 operand pages equal gfx9's); their differences are in which
 * instructions exist and in tgsplit mode, recorded per instruction kind below.
 */
export const AMDGPU_GENERATIONS = ['gfx9', 'gfx10.3', 'gfx11', 'gfx12'] as const;

/** One of `AMDGPU_GENERATIONS`. */
export type AmdgpuGeneration = (typeof AMDGPU_GENERATIONS)[number];

/** A target's generation and the ISA major version LLVM's width getters switch on. */
export interface AmdgpuTargetInfo {
  /** The counter generation. */
  readonly generation: AmdgpuGeneration;
  /** `IsaVersion.Major` in AMDGPUBaseInfo.cpp (the getters in `llvm-waitcnt-bit-widths`). */
  readonly isaMajor: 9 | 10 | 11 | 12;
  /** Citations for the target's feature set. */
  readonly source: readonly AmdgpuSourceKey[];
}

/** Generation and ISA major version of each target. */
export const AMDGPU_TARGET_INFO: Readonly<Record<AmdgpuTarget, AmdgpuTargetInfo>> = {
  gfx900: { generation: 'gfx9', isaMajor: 9, source: ['llvm-target-features'] },
  gfx90a: { generation: 'gfx9', isaMajor: 9, source: ['llvm-target-features'] },
  gfx942: { generation: 'gfx9', isaMajor: 9, source: ['llvm-target-features'] },
  gfx1030: { generation: 'gfx10.3', isaMajor: 10, source: ['llvm-target-features'] },
  gfx1100: { generation: 'gfx11', isaMajor: 11, source: ['llvm-target-features'] },
  gfx1200: { generation: 'gfx12', isaMajor: 12, source: ['llvm-target-features'] },
};

/**
 * Counter names as the assembly spells them: `vmcnt`, `lgkmcnt`, `expcnt` (the `s_waitcnt`
 * fields), `vscnt` (`s_waitcnt_vscnt`, gfx10/gfx11), and the gfx12 counters of `s_wait_*`.
 */
export const WAIT_COUNTERS = [
  'vmcnt',
  'lgkmcnt',
  'expcnt',
  'vscnt',
  'loadcnt',
  'storecnt',
  'dscnt',
  'kmcnt',
  'samplecnt',
  'bvhcnt',
] as const;

/** One of `WAIT_COUNTERS`. */
export type WaitCounter = (typeof WAIT_COUNTERS)[number];

/** SIInsertWaitcnts' name for a counter (enum InstCounterType). */
export type LlvmCounterType = 'LOAD_CNT' | 'DS_CNT' | 'EXP_CNT' | 'STORE_CNT' | 'SAMPLE_CNT' | 'BVH_CNT' | 'KM_CNT';

/** How one counter is held and waited for on one generation. */
export interface CounterEncoding {
  /** The counter. */
  readonly counter: WaitCounter;
  /** SIInsertWaitcnts' counter type: LOAD_CNT is vmcnt before gfx12, DS_CNT lgkmcnt, STORE_CNT vscnt. */
  readonly llvmCounter: LlvmCounterType;
  /** Width of the counter's field(s), in bits. */
  readonly bits: number;
  /**
   * The largest encodable value, 2^bits - 1. A wait for this value does not wait (an omitted
   * field defaults to it), and SIInsertWaitcnts never asks for more than `max - 1`.
   */
  readonly max: number;
  /** Bit ranges of the wait instruction's immediate holding the value, low part first. */
  readonly fields: readonly string[];
  /** The wait instructions that name the counter, in assembler syntax (N the count). */
  readonly waits: readonly string[];
  /** Citations. */
  readonly source: readonly AmdgpuSourceKey[];
}

/** The counters of one generation. */
export interface GenerationCounters {
  /** The generation. */
  readonly generation: AmdgpuGeneration;
  /** The checked targets of this generation. */
  readonly targets: readonly AmdgpuTarget[];
  /** Every counter the generation has, each once. */
  readonly counters: readonly CounterEncoding[];
  /** What else the sources say about the wait instructions of this generation. */
  readonly note: string;
  /** Citations for `note`. */
  readonly source: readonly AmdgpuSourceKey[];
}

// The combined pre-gfx12 wait: one 16-bit immediate holding vmcnt, expcnt and lgkmcnt.
const S_WAITCNT = 's_waitcnt vmcnt(N) expcnt(N) lgkmcnt(N)';
// Stores and atomics without return on gfx10/gfx11: LLVM always names the null register.
const S_WAITCNT_VSCNT = 's_waitcnt_vscnt null, N';

/** Counter fields, widths and wait instructions by generation. */
export const GENERATION_COUNTERS: Readonly<Record<AmdgpuGeneration, GenerationCounters>> = {
  gfx9: {
    generation: 'gfx9',
    targets: ['gfx900', 'gfx90a', 'gfx942'],
    counters: [
      // vmcnt is split: 4 low bits at 3:0 and 2 high bits at 15:14 (VersionMajor 9 or 10).
      { counter: 'vmcnt', llvmCounter: 'LOAD_CNT', bits: 6, max: 63, fields: ['3:0', '15:14'], waits: [S_WAITCNT], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx9'] },
      { counter: 'expcnt', llvmCounter: 'EXP_CNT', bits: 3, max: 7, fields: ['6:4'], waits: [S_WAITCNT], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx9'] },
      // Only 4 bits before gfx10: up to 15 LDS/SMEM/GDS/message operations can be told apart.
      { counter: 'lgkmcnt', llvmCounter: 'DS_CNT', bits: 4, max: 15, fields: ['11:8'], waits: [S_WAITCNT], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx9'] },
    ],
    note: 'One wait instruction, s_waitcnt, for all three counters; no store counter (stores count in vmcnt) and no s_waitcnt_vscnt. gfx90a and gfx942 have the same fields and ranges as gfx900.',
    source: ['llvm-doc-waitcnt-gfx9', 'llvm-waitcnt-counters'],
  },
  'gfx10.3': {
    generation: 'gfx10.3',
    targets: ['gfx1030'],
    counters: [
      { counter: 'vmcnt', llvmCounter: 'LOAD_CNT', bits: 6, max: 63, fields: ['3:0', '15:14'], waits: [S_WAITCNT, 's_waitcnt_vmcnt null, N'], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx1030'] },
      { counter: 'expcnt', llvmCounter: 'EXP_CNT', bits: 3, max: 7, fields: ['6:4'], waits: [S_WAITCNT, 's_waitcnt_expcnt null, N'], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx1030'] },
      // lgkmcnt grows to 6 bits (13:8) from gfx10 on.
      { counter: 'lgkmcnt', llvmCounter: 'DS_CNT', bits: 6, max: 63, fields: ['13:8'], waits: [S_WAITCNT, 's_waitcnt_lgkmcnt null, N'], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx1030'] },
      // The width comes from getStorecntBitWidth; the operand page gives only "imm16".
      { counter: 'vscnt', llvmCounter: 'STORE_CNT', bits: 6, max: 63, fields: ['5:0'], waits: [S_WAITCNT_VSCNT], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx1030', 'llvm-waitcnt-counters'] },
    ],
    note: 'Stores and atomics without return count in the separate vscnt (FeatureVscnt), waited for with s_waitcnt_vscnt; LLVM emits s_waitcnt and s_waitcnt_vscnt null, N (the single-counter s_waitcnt_vmcnt/_expcnt/_lgkmcnt forms exist in the assembler).',
    source: ['llvm-waitcnt-counters', 'llvm-doc-waitcnt-gfx1030'],
  },
  gfx11: {
    generation: 'gfx11',
    targets: ['gfx1100'],
    counters: [
      // gfx11 moves every field: vmcnt 15:10 (6 bits, no high part), lgkmcnt 9:4, expcnt 2:0.
      { counter: 'vmcnt', llvmCounter: 'LOAD_CNT', bits: 6, max: 63, fields: ['15:10'], waits: [S_WAITCNT, 's_waitcnt_vmcnt null, N'], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx11'] },
      { counter: 'expcnt', llvmCounter: 'EXP_CNT', bits: 3, max: 7, fields: ['2:0'], waits: [S_WAITCNT, 's_waitcnt_expcnt null, N'], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx11'] },
      { counter: 'lgkmcnt', llvmCounter: 'DS_CNT', bits: 6, max: 63, fields: ['9:4'], waits: [S_WAITCNT, 's_waitcnt_lgkmcnt null, N'], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx11'] },
      { counter: 'vscnt', llvmCounter: 'STORE_CNT', bits: 6, max: 63, fields: ['5:0'], waits: [S_WAITCNT_VSCNT], source: ['llvm-waitcnt-bit-widths', 'llvm-doc-waitcnt-gfx11', 'llvm-waitcnt-counters'] },
    ],
    note: 'As gfx10.3 with the s_waitcnt fields rearranged; expcnt also counts LDSDIR ("export and LDSDIR count"). Bit 3 of the s_waitcnt immediate is unused.',
    source: ['llvm-doc-waitcnt-gfx11', 'llvm-waitcnt-counters'],
  },
  gfx12: {
    generation: 'gfx12',
    targets: ['gfx1200'],
    counters: [
      // Each gfx12 counter has its own s_wait_* instruction, the count in the low bits of simm16;
      // loadcnt and storecnt can share one instruction with dscnt (their count at bit 8).
      { counter: 'loadcnt', llvmCounter: 'LOAD_CNT', bits: 6, max: 63, fields: ['5:0'], waits: ['s_wait_loadcnt N', 's_wait_loadcnt_dscnt N (loadcnt at 13:8)'], source: ['llvm-waitcnt-bit-widths', 'llvm-waitcnt-counters', 'llvm-pr-77336-gfx12-waits'] },
      { counter: 'storecnt', llvmCounter: 'STORE_CNT', bits: 6, max: 63, fields: ['5:0'], waits: ['s_wait_storecnt N', 's_wait_storecnt_dscnt N (storecnt at 13:8)'], source: ['llvm-waitcnt-bit-widths', 'llvm-waitcnt-counters', 'llvm-pr-77336-gfx12-waits'] },
      { counter: 'dscnt', llvmCounter: 'DS_CNT', bits: 6, max: 63, fields: ['5:0'], waits: ['s_wait_dscnt N', 's_wait_loadcnt_dscnt N (dscnt at 5:0)', 's_wait_storecnt_dscnt N (dscnt at 5:0)'], source: ['llvm-waitcnt-bit-widths', 'llvm-waitcnt-counters'] },
      // kmcnt is 5 bits: the only gfx12 counter narrower than 6 apart from bvhcnt and expcnt.
      { counter: 'kmcnt', llvmCounter: 'KM_CNT', bits: 5, max: 31, fields: ['4:0'], waits: ['s_wait_kmcnt N'], source: ['llvm-waitcnt-bit-widths', 'llvm-waitcnt-counters'] },
      { counter: 'samplecnt', llvmCounter: 'SAMPLE_CNT', bits: 6, max: 63, fields: ['5:0'], waits: ['s_wait_samplecnt N'], source: ['llvm-waitcnt-bit-widths', 'llvm-waitcnt-counters'] },
      { counter: 'bvhcnt', llvmCounter: 'BVH_CNT', bits: 3, max: 7, fields: ['2:0'], waits: ['s_wait_bvhcnt N'], source: ['llvm-waitcnt-bit-widths', 'llvm-waitcnt-counters'] },
      { counter: 'expcnt', llvmCounter: 'EXP_CNT', bits: 3, max: 7, fields: ['2:0'], waits: ['s_wait_expcnt N'], source: ['llvm-waitcnt-bit-widths', 'llvm-waitcnt-counters'] },
    ],
    note: 'Separate s_wait_* instructions per counter; s_waitcnt still assembles but is deprecated and LLVM does not emit it, and the s_waitcnt_* forms (s_waitcnt_vscnt among them) are gone. LLVM merges a loadcnt or storecnt wait with a dscnt wait into s_wait_loadcnt_dscnt or s_wait_storecnt_dscnt.',
    source: ['llvm-pr-77336-gfx12-waits', 'llvm-waitcnt-counters'],
  },
};

/**
 * Instruction kinds that increment a counter, as SIInsertWaitcnts classifies them
 * (updateEventWaitcntAfter, getVmemWaitEventType).
 * - `vmem-load`: buffer_/global_/scratch_ loads and image loads without a sampler.
 * - `vmem-store`: buffer_/global_/scratch_ stores.
 * - `vmem-atomic-return` / `vmem-atomic-no-return`: buffer_/global_ atomics with and without a
 *   returned value.
 * - `image-sample`: image instructions with a sampler.
 * - `image-bvh`: image_bvh*_intersect_ray.
 * - `lds-dma`: loads from memory straight into LDS (buffer_load ... lds, global_load_lds_*).
 * - `flat-load` / `flat-store`: flat_ (generic-pointer) loads or atomics with return, and stores
 *   or atomics without return; they may reach LDS as well as memory.
 * - `lds`: DS instructions without GDS.
 * - `gds`: DS instructions on GDS (gds modifier or GDS-only opcodes).
 * - `smem`: scalar memory loads (s_load_*, s_buffer_load_*), also s_memtime/s_memrealtime and the
 *   gfx12 barrier-state queries.
 * - `message`: s_sendmsg, s_sendmsg_rtn_b32/b64, s_sendmsghalt.
 * - `export`: exp.
 * - `ldsdir`: lds_direct_load / lds_param_load (gfx11+).
 */
export const INSTRUCTION_KINDS = [
  'vmem-load',
  'vmem-store',
  'vmem-atomic-return',
  'vmem-atomic-no-return',
  'image-sample',
  'image-bvh',
  'lds-dma',
  'flat-load',
  'flat-store',
  'lds',
  'gds',
  'smem',
  'message',
  'export',
  'ldsdir',
] as const;

/** One of `INSTRUCTION_KINDS`. */
export type InstructionKind = (typeof INSTRUCTION_KINDS)[number];

/** Which counters an instruction kind increments on one generation, and on which targets it exists. */
export interface KindCounting {
  /** Every counter the kind increments (empty where no checked target has the kind). */
  readonly counters: readonly WaitCounter[];
  /**
   * The targets of the generation that have such instructions, or `unsourced` where the counting
   * is known (LLVM's event tables cover it) but no source read says whether the target has them.
   */
  readonly targets: readonly AmdgpuTarget[] | 'unsourced';
  /** Conditions and exceptions the sources give. */
  readonly note?: string;
  /** Citations. */
  readonly source: readonly AmdgpuSourceKey[];
}

// Citations shared by most entries: the event of each instruction and the counter of each event.
const EVENTS: readonly AmdgpuSourceKey[] = ['llvm-waitcnt-instruction-events', 'llvm-waitcnt-events'];
const ATOMIC_NOTE = 'An atomic returns the old value (and counts as a load) with glc, sc0 (gfx940-gfx942) or th:TH_ATOMIC_RETURN (gfx12) written after its operands.';
const STORE_NOTE = 'No counter guards the data and address registers: they are read at issue as far as counters go (the expcnt lock VMW_GPR_LOCK is for Southern Islands only).';
const FLAT_NOTE_GFX9 =
  'lgkmcnt only if it may reach LDS (a generic or LDS address operand, or no memory operand) and the kernel is not in tgsplit mode (gfx90a, gfx942); with a FLAT that counts in both pending, LLVM waits for 0 on vmcnt and lgkmcnt, since before gfx10 FLAT may complete out of order in either counter.';
const FLAT_NOTE_GFX10_PLUS =
  'The LDS-side counter only if it may reach LDS (a generic or LDS address operand, or no memory operand); from gfx10 FLAT counts in order in both (hasFlatLgkmVMemCountInOrder), so no forced 0.';

/** Counting of each instruction kind, by generation. */
export const KIND_COUNTING: Readonly<Record<AmdgpuGeneration, Readonly<Record<InstructionKind, KindCounting>>>> = {
  gfx9: {
    // No vscnt before gfx10: every VMEM access is VMEM_ACCESS, in vmcnt.
    'vmem-load': { counters: ['vmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], source: EVENTS },
    'vmem-store': { counters: ['vmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], note: STORE_NOTE, source: [...EVENTS, 'llvm-vmem-sources-at-issue'] },
    'vmem-atomic-return': { counters: ['vmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-doc-atomic-return'] },
    'vmem-atomic-no-return': { counters: ['vmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-doc-atomic-return'] },
    'image-sample': { counters: ['vmcnt'], targets: ['gfx900', 'gfx90a'], note: 'gfx942 has no image instructions.', source: [...EVENTS, 'llvm-target-features', 'llvm-doc-asm-lists'] },
    'image-bvh': { counters: [], targets: [], source: ['llvm-doc-asm-lists'] },
    'lds-dma': { counters: ['vmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], note: 'buffer_load ... lds on gfx900/gfx90a, global_load_lds_* on gfx942.', source: [...EVENTS, 'llvm-doc-asm-lists'] },
    'flat-load': { counters: ['vmcnt', 'lgkmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], note: FLAT_NOTE_GFX9, source: [...EVENTS, 'llvm-waitcnt-order', 'llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx90a-gfx942', 'llvm-waitcnt-register-uses'] },
    'flat-store': { counters: ['vmcnt', 'lgkmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], note: FLAT_NOTE_GFX9, source: [...EVENTS, 'llvm-waitcnt-order', 'llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx90a-gfx942'] },
    lds: { counters: ['lgkmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], source: EVENTS },
    // GDS_GPR_LOCK: the data and address registers stay read until expcnt says so.
    gds: { counters: ['lgkmcnt', 'expcnt'], targets: ['gfx900'], note: 'expcnt guards the data and address registers (GDS_GPR_LOCK); gfx90a and gfx942 lack FeatureGDS.', source: [...EVENTS, 'llvm-target-features'] },
    smem: { counters: ['lgkmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], source: EVENTS },
    message: { counters: ['lgkmcnt'], targets: ['gfx900', 'gfx90a', 'gfx942'], source: EVENTS },
    export: { counters: ['expcnt'], targets: ['gfx900'], note: 'exp is not in the gfx90a and gfx940 instruction lists.', source: [...EVENTS, 'llvm-doc-asm-lists'] },
    ldsdir: { counters: [], targets: [], source: ['llvm-hazard-subtarget', 'llvm-doc-asm-lists'] },
  },
  'gfx10.3': {
    'vmem-load': { counters: ['vmcnt'], targets: ['gfx1030'], source: EVENTS },
    // FeatureVscnt: stores and atomics without return move to vscnt.
    'vmem-store': { counters: ['vscnt'], targets: ['gfx1030'], note: STORE_NOTE, source: [...EVENTS, 'llvm-waitcnt-counters', 'llvm-vmem-sources-at-issue'] },
    'vmem-atomic-return': { counters: ['vmcnt'], targets: ['gfx1030'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-doc-atomic-return'] },
    'vmem-atomic-no-return': { counters: ['vscnt'], targets: ['gfx1030'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-waitcnt-counters', 'llvm-doc-atomic-return'] },
    'image-sample': { counters: ['vmcnt'], targets: ['gfx1030'], source: [...EVENTS, 'llvm-doc-asm-lists'] },
    'image-bvh': { counters: ['vmcnt'], targets: ['gfx1030'], source: [...EVENTS, 'llvm-doc-asm-lists'] },
    // LDS DMA stays in vmcnt even with vscnt ("On the VMEM side these should use VM_CNT").
    'lds-dma': { counters: ['vmcnt'], targets: ['gfx1030'], source: [...EVENTS, 'llvm-doc-asm-lists'] },
    'flat-load': { counters: ['vmcnt', 'lgkmcnt'], targets: ['gfx1030'], note: FLAT_NOTE_GFX10_PLUS, source: [...EVENTS, 'llvm-waitcnt-order', 'llvm-waitcnt-register-uses'] },
    'flat-store': { counters: ['vscnt', 'lgkmcnt'], targets: ['gfx1030'], note: FLAT_NOTE_GFX10_PLUS, source: [...EVENTS, 'llvm-waitcnt-order'] },
    lds: { counters: ['lgkmcnt'], targets: ['gfx1030'], source: EVENTS },
    gds: { counters: ['lgkmcnt', 'expcnt'], targets: ['gfx1030'], source: [...EVENTS, 'llvm-target-features'] },
    smem: { counters: ['lgkmcnt'], targets: ['gfx1030'], source: EVENTS },
    message: { counters: ['lgkmcnt'], targets: ['gfx1030'], source: EVENTS },
    export: { counters: ['expcnt'], targets: ['gfx1030'], source: [...EVENTS, 'llvm-doc-asm-lists'] },
    ldsdir: { counters: [], targets: [], source: ['llvm-hazard-subtarget', 'llvm-doc-asm-lists'] },
  },
  gfx11: {
    'vmem-load': { counters: ['vmcnt'], targets: ['gfx1100'], source: EVENTS },
    'vmem-store': { counters: ['vscnt'], targets: ['gfx1100'], note: STORE_NOTE, source: [...EVENTS, 'llvm-waitcnt-counters', 'llvm-vmem-sources-at-issue'] },
    'vmem-atomic-return': { counters: ['vmcnt'], targets: ['gfx1100'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-doc-atomic-return'] },
    'vmem-atomic-no-return': { counters: ['vscnt'], targets: ['gfx1100'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-waitcnt-counters', 'llvm-doc-atomic-return'] },
    'image-sample': { counters: ['vmcnt'], targets: ['gfx1100'], source: [...EVENTS, 'llvm-doc-asm-lists'] },
    'image-bvh': { counters: ['vmcnt'], targets: ['gfx1100'], source: [...EVENTS, 'llvm-doc-asm-lists'] },
    'lds-dma': { counters: ['vmcnt'], targets: [], note: 'No LDS-DMA load is in the gfx11 instruction list.', source: [...EVENTS, 'llvm-doc-asm-lists'] },
    'flat-load': { counters: ['vmcnt', 'lgkmcnt'], targets: ['gfx1100'], note: FLAT_NOTE_GFX10_PLUS, source: [...EVENTS, 'llvm-waitcnt-order', 'llvm-waitcnt-register-uses'] },
    'flat-store': { counters: ['vscnt', 'lgkmcnt'], targets: ['gfx1100'], note: FLAT_NOTE_GFX10_PLUS, source: [...EVENTS, 'llvm-waitcnt-order'] },
    lds: { counters: ['lgkmcnt'], targets: ['gfx1100'], source: EVENTS },
    gds: { counters: ['lgkmcnt', 'expcnt'], targets: ['gfx1100'], source: [...EVENTS, 'llvm-target-features'] },
    smem: { counters: ['lgkmcnt'], targets: ['gfx1100'], source: EVENTS },
    message: { counters: ['lgkmcnt'], targets: ['gfx1100'], source: EVENTS },
    export: { counters: ['expcnt'], targets: ['gfx1100'], source: [...EVENTS, 'llvm-doc-asm-lists'] },
    // EXP_LDS_ACCESS: "read by ldsdir counting as export".
    ldsdir: { counters: ['expcnt'], targets: ['gfx1100'], source: [...EVENTS, 'llvm-doc-waitcnt-gfx11', 'llvm-hazard-subtarget'] },
  },
  gfx12: {
    // FeatureVmemWriteVgprInOrder is not in FeatureGFX12: loadcnt counts in order, results may land out of order.
    'vmem-load': { counters: ['loadcnt'], targets: ['gfx1200'], note: 'VMEM results of the same type may be written to their registers out of order (no FeatureVmemWriteVgprInOrder): LLVM waits before overwriting a pending one.', source: [...EVENTS, 'llvm-vmem-write-vgpr-in-order'] },
    'vmem-store': { counters: ['storecnt'], targets: ['gfx1200'], note: STORE_NOTE, source: [...EVENTS, 'llvm-vmem-sources-at-issue'] },
    'vmem-atomic-return': { counters: ['loadcnt'], targets: ['gfx1200'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-doc-atomic-return'] },
    'vmem-atomic-no-return': { counters: ['storecnt'], targets: ['gfx1200'], note: ATOMIC_NOTE, source: [...EVENTS, 'llvm-doc-atomic-return'] },
    // gfx12 splits sampler and BVH reads into their own counters (VmemType of the image opcode).
    'image-sample': { counters: ['samplecnt'], targets: ['gfx1200'], note: 'Image instructions with a sampler, and every VSAMPLE encoding even without one.', source: [...EVENTS, 'llvm-target-features'] },
    'image-bvh': { counters: ['bvhcnt'], targets: 'unsourced', source: EVENTS },
    'lds-dma': { counters: ['loadcnt'], targets: 'unsourced', source: EVENTS },
    // FLAT reads stay VMEM_READ_ACCESS on gfx12 ("|| SIInstrInfo::isFLAT(Inst)"): loadcnt.
    'flat-load': { counters: ['loadcnt', 'dscnt'], targets: ['gfx1200'], note: FLAT_NOTE_GFX10_PLUS, source: [...EVENTS, 'llvm-waitcnt-order', 'llvm-waitcnt-register-uses'] },
    'flat-store': { counters: ['storecnt', 'dscnt'], targets: ['gfx1200'], note: FLAT_NOTE_GFX10_PLUS, source: [...EVENTS, 'llvm-waitcnt-order'] },
    lds: { counters: ['dscnt'], targets: ['gfx1200'], source: EVENTS },
    gds: { counters: ['dscnt', 'expcnt'], targets: [], note: 'FeatureGFX12 and FeatureISAVersion12 have no FeatureGDS.', source: [...EVENTS, 'llvm-target-features'] },
    // SMEM and messages leave the LDS counter on gfx12: kmcnt.
    smem: { counters: ['kmcnt'], targets: ['gfx1200'], source: EVENTS },
    message: { counters: ['kmcnt'], targets: ['gfx1200'], source: EVENTS },
    export: { counters: ['expcnt'], targets: 'unsourced', source: EVENTS },
    ldsdir: { counters: ['expcnt'], targets: ['gfx1200'], source: [...EVENTS, 'llvm-hazard-subtarget'] },
  },
};

/**
 * How a counter counts down, as far as the sources say.
 * - `in-order`: the documentation says results are reported in issue order, so waiting for N
 *   leaves only the N most recent outstanding (exceptions in `unorderedWhenPending`).
 * - `in-order-per-event`: no documentation speaks; SIInsertWaitcnts counts it in order while a
 *   single event type is pending.
 * Either way LLVM waits for 0 when more than one of its event types is pending in the counter
 * (e.g. LDS and GDS, loads and LDS-DMA loads), and when a kind of `unorderedWhenPending` is.
 */
export type CounterOrder = 'in-order' | 'in-order-per-event';

/** The order fact for one counter on one generation. */
export interface CounterOrderFact {
  /** The counter. */
  readonly counter: WaitCounter;
  /** The order while none of `unorderedWhenPending` is outstanding. */
  readonly order: CounterOrder;
  /**
   * Instruction kinds that make the counter unordered while outstanding: only a wait for 0 then
   * guarantees a given result (scalar memory always; FLAT in both its counters before gfx10).
   */
  readonly unorderedWhenPending: readonly InstructionKind[];
  /** The sources' words, and exceptions. */
  readonly detail: string;
  /** Citations. */
  readonly source: readonly AmdgpuSourceKey[];
}

// SIInsertWaitcnts' rule for every counter: mixed event types in the bracket make it unordered.
const MIXED = 'With more than one event type pending in the counter, LLVM waits for 0.';

/** Order facts, one per counter of each generation. */
export const COUNTER_ORDER: Readonly<Record<AmdgpuGeneration, readonly CounterOrderFact[]>> = {
  gfx9: [
    { counter: 'vmcnt', order: 'in-order', unorderedWhenPending: ['flat-load', 'flat-store'], detail: `Cache invalidates and write-backs (buffer_wbinvl1*, buffer_wbl2, buffer_inv...) are not counted. Vector memory operations report completion in execution order, except that flat_load/store/atomic may report out of vector-memory order when they access LDS (LLVM then waits for 0). Only results of the same VmemType (no-sampler, sampler) are written in order without a wait. ${MIXED}`, source: ['llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx90a-gfx942', 'llvm-waitcnt-order', 'llvm-cache-ops-untracked'] },
    { counter: 'lgkmcnt', order: 'in-order', unorderedWhenPending: ['smem', 'flat-load', 'flat-store'], detail: `LDS operations complete in execution order; scalar memory reads "always can go out of order"; FLAT reaching global memory may report out of LDS order. ${MIXED}`, source: ['llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx90a-gfx942', 'llvm-waitcnt-order'] },
    { counter: 'expcnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: `Exports and GDS data/address locks; no documentation on their order was found. ${MIXED}`, source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
  ],
  'gfx10.3': [
    { counter: 'vmcnt', order: 'in-order', unorderedWhenPending: [], detail: `Loads, atomics with return and sample instructions in order in native mode (MEM_ORDERED = 1, llc's default); with MEM_ORDERED = 0 loads and sample instructions report out of order with each other. LDS-DMA loads are a different event (VMEM_ACCESS) from loads (VMEM_READ_ACCESS). ${MIXED}`, source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-usage-mem-ordered', 'llvm-waitcnt-order', 'llvm-waitcnt-instruction-events'] },
    { counter: 'vscnt', order: 'in-order', unorderedWhenPending: [], detail: `Stores and atomics without return in order whatever MEM_ORDERED. Scratch stores through FLAT (SCRATCH_WRITE_ACCESS) are a different event from other stores. ${MIXED}`, source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-usage-mem-ordered', 'llvm-waitcnt-order'] },
    { counter: 'lgkmcnt', order: 'in-order', unorderedWhenPending: ['smem'], detail: `LDS completes in execution order; scalar memory reads "always can go out of order". ${MIXED}`, source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-waitcnt-order'] },
    { counter: 'expcnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: MIXED, source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
  ],
  gfx11: [
    { counter: 'vmcnt', order: 'in-order', unorderedWhenPending: [], detail: `As gfx10.3 (native mode, MEM_ORDERED = 1 by default). ${MIXED}`, source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-usage-mem-ordered', 'llvm-waitcnt-order'] },
    { counter: 'vscnt', order: 'in-order', unorderedWhenPending: [], detail: `As gfx10.3. ${MIXED}`, source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-usage-mem-ordered', 'llvm-waitcnt-order'] },
    { counter: 'lgkmcnt', order: 'in-order', unorderedWhenPending: ['smem'], detail: `LDS completes in execution order; scalar memory reads "always can go out of order". ${MIXED}`, source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-waitcnt-order'] },
    { counter: 'expcnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: `Exports and LDSDIR (EXP_LDS_ACCESS) are different events. ${MIXED}`, source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
  ],
  gfx12: [
    // No gfx12 memory-model text in LLVM 19: the MEM_ORDERED row (GFX10-GFX12) and the pass are all.
    { counter: 'loadcnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: `Loads and atomics with return (LDS-DMA loads a different event); the MEM_ORDERED row (GFX10-GFX12, default 1) speaks of vmcnt only. ${MIXED}`, source: ['llvm-usage-mem-ordered', 'llvm-waitcnt-order', 'llvm-waitcnt-events'] },
    { counter: 'storecnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: `Stores and atomics without return (scratch stores through FLAT a different event); the MEM_ORDERED row speaks of vscnt only. ${MIXED}`, source: ['llvm-usage-mem-ordered', 'llvm-waitcnt-order', 'llvm-waitcnt-events'] },
    { counter: 'dscnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: `LDS (and GDS, a different event). ${MIXED}`, source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
    // SmemAccessCounter is KM_CNT on gfx12, so counterOutOfOrder's SMEM rule moves here.
    { counter: 'kmcnt', order: 'in-order-per-event', unorderedWhenPending: ['smem'], detail: `Scalar memory reads "always can go out of order"; messages alone count in order. ${MIXED}`, source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
    { counter: 'samplecnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: 'Sampler reads only (one event type).', source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
    { counter: 'bvhcnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: 'BVH reads only (one event type).', source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
    { counter: 'expcnt', order: 'in-order-per-event', unorderedWhenPending: [], detail: `Exports and LDSDIR are different events. ${MIXED}`, source: ['llvm-waitcnt-order', 'llvm-waitcnt-events'] },
  ],
};

/**
 * Waits LLVM places at function boundaries, which a checker must expect rather than treat as
 * missing or redundant: a non-kernel function begins by waiting for every counter but the store
 * counter, returns wait the same way, calls assume the callee waited, and on gfx11+ a kernel
 * ending with stores pending may release its VGPRs early (s_nop 0, s_sendmsg
 * sendmsg(MSG_DEALLOC_VGPRS)).
 */
export const FUNCTION_BOUNDARY_WAITS: readonly { readonly at: string; readonly waits: string; readonly source: readonly AmdgpuSourceKey[] }[] = [
  { at: 'entry of a non-kernel function (gfx9-gfx11)', waits: 's_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)', source: ['llvm-waitcnt-calls'] },
  { at: 'entry of a non-kernel function (gfx12)', waits: 's_wait_loadcnt_dscnt 0x0, s_wait_expcnt 0x0, s_wait_samplecnt 0x0, s_wait_bvhcnt 0x0, s_wait_kmcnt 0x0', source: ['llvm-waitcnt-calls'] },
  { at: 'return (s_setpc_b64 return)', waits: 'every counter to 0 except vscnt/storecnt', source: ['llvm-waitcnt-calls', 'llvm-waitcnt-call-sites'] },
  { at: 'call (s_swappc_b64) and tail call', waits: 'only for the call-address and return-address registers (the callee waits on entry); after the call nothing but stores is in flight', source: ['llvm-waitcnt-call-sites'] },
  { at: 's_endpgm on gfx11+ with stores pending and no scratch store pending', waits: 's_nop 0 then s_sendmsg sendmsg(MSG_DEALLOC_VGPRS), no store wait', source: ['llvm-waitcnt-calls'] },
];
