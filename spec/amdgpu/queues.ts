/**
 * The queues of the AMDGPU model: one per event type SIInsertWaitcnts tells apart, with the
 * counter it counts on and whether its operations complete in issue order. Each memory
 * instruction is placed in one queue, or two for a FLAT instruction that may reach LDS as well
 * as memory (it counts on both counters). Definitions only, with citations.
 *
 * Why one queue per event type: a wait `vmcnt(N)` proves an operation complete only through the
 * operations issued after it in the same in-order stream (if it were still outstanding, so would
 * they be, and the counter would exceed N). The sources give order per event type (LLVM waits
 * for 0 as soon as two event types share a counter), so that is the stream the proof may use;
 * operations of other queues on the same counter only make the real counter larger, which a
 * proof that ignores them never contradicts.
 */
import type { AmdgpuGeneration, InstructionKind, WaitCounter } from './counters.js';
import type { AmdgpuSourceKey } from './sources.js';

/** The queues, named after LLVM's event types (`vmem` is gfx9's single VMEM_ACCESS). */
export const AMDGPU_QUEUE_NAMES = [
  'vmem', 'vmem-read', 'vmem-write', 'scratch-write', 'vmem-sampler', 'vmem-bvh', 'lds-dma', 'flat-vmem', 'flat-lds',
  'lds', 'gds', 'smem', 'message', 'export', 'export-pos', 'export-param', 'ldsdir',
] as const;

/** One of `AMDGPU_QUEUE_NAMES`. */
export type AmdgpuQueueName = (typeof AMDGPU_QUEUE_NAMES)[number];

/** The facts of one queue on one generation. */
export interface AmdgpuQueueFact {
  /** The counter its operations increment at issue and decrement on completion. */
  readonly counter: WaitCounter;
  /** Whether completions (and the counter's decrements) come in issue order. */
  readonly ordered: boolean;
  /**
   * Whether the model counts its operations. False only for a queue whose operations write no
   * register and whose counter no register-writing operation shares (stores and atomics without
   * return in vscnt/storecnt): leaving them out changes no register hazard, and an uncounted
   * operation can only make a wait look weaker than it is, never stronger.
   */
  readonly tracked: boolean;
  /** The sources' words. */
  readonly why: string;
  readonly source: readonly AmdgpuSourceKey[];
}

const ORDER: readonly AmdgpuSourceKey[] = ['llvm-waitcnt-order', 'llvm-waitcnt-events'];

// Whether a flat_ access counts on the LDS counter at all depends on memory operands llc does not print.
const FLAT_LDS_PROOF = 'The LDS side of a flat_ access, for proofs: whether it reaches LDS (and so counts on the LDS counter) depends on memory operands the assembly does not carry, so its count is kept apart from the LDS queue, in no order, and never proves an LDS operation complete.';

/** Queues whose facts are the same on every generation that has them, but for the counter. */
function common(vm: WaitCounter, lgkm: WaitCounter, smem: WaitCounter): Partial<Record<AmdgpuQueueName, AmdgpuQueueFact>> {
  return {
    lds: { counter: lgkm, ordered: true, tracked: true, why: 'LDS operations complete in execution order.', source: ['llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx10-gfx11', ...ORDER] },
    gds: { counter: lgkm, ordered: true, tracked: true, why: 'GDS_ACCESS alone is counted in order by LLVM (one event type).', source: ORDER },
    smem: { counter: smem, ordered: false, tracked: true, why: '"Scalar memory read always can go out of order."', source: ORDER },
    message: { counter: smem, ordered: true, tracked: true, why: 'SQ_MESSAGE alone is counted in order by LLVM (one event type).', source: ORDER },
    export: { counter: 'expcnt', ordered: true, tracked: true, why: 'EXP_GPR_LOCK alone is counted in order by LLVM.', source: ORDER },
    'export-pos': { counter: 'expcnt', ordered: true, tracked: true, why: 'EXP_POS_ACCESS alone is counted in order by LLVM.', source: ORDER },
    'export-param': { counter: 'expcnt', ordered: true, tracked: true, why: 'EXP_PARAM_ACCESS alone is counted in order by LLVM.', source: ORDER },
    ldsdir: { counter: 'expcnt', ordered: true, tracked: true, why: 'EXP_LDS_ACCESS alone is counted in order by LLVM.', source: ORDER },
    'vmem-sampler': { counter: vm, ordered: true, tracked: true, why: 'Sampler reads complete in order among themselves (one VmemType, one event type).', source: ['llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx10-gfx11', ...ORDER] },
    'vmem-bvh': { counter: vm, ordered: true, tracked: true, why: 'BVH reads alone are counted in order by LLVM (one event type).', source: ORDER },
  };
}

/** Queue facts by generation (a queue a generation lacks is absent). */
export const AMDGPU_QUEUES: Readonly<Record<AmdgpuGeneration, Partial<Record<AmdgpuQueueName, AmdgpuQueueFact>>>> = {
  gfx9: {
    ...common('vmcnt', 'lgkmcnt', 'lgkmcnt'),
    vmem: { counter: 'vmcnt', ordered: true, tracked: true, why: 'Every VMEM access is one event (VMEM_ACCESS) and "completion is reported to a wavefront in execution order"; stores count here too (no vscnt before gfx10).', source: ['llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx90a-gfx942', ...ORDER] },
    'flat-vmem': { counter: 'vmcnt', ordered: false, tracked: true, why: 'flat_load/store/atomic "can report out of vector memory order if they access LDS memory".', source: ['llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx90a-gfx942', 'llvm-waitcnt-order'] },
    'flat-lds': { counter: 'lgkmcnt', ordered: false, tracked: true, why: 'flat_load/store/atomic can report "out of LDS operation order if they access global memory".', source: ['llvm-usage-mm-gfx6-gfx9', 'llvm-usage-mm-gfx90a-gfx942', 'llvm-waitcnt-order'] },
  },
  'gfx10.3': {
    ...common('vmcnt', 'lgkmcnt', 'lgkmcnt'),
    'vmem-read': { counter: 'vmcnt', ordered: true, tracked: true, why: 'Native mode (.amdhsa_memory_ordered 1): "vmcnt reports completion of load, atomic with return and sample instructions in order"; FLAT loads count in order too (hasFlatLgkmVMemCountInOrder).', source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-usage-mem-ordered', ...ORDER] },
    'lds-dma': { counter: 'vmcnt', ordered: true, tracked: true, why: 'LDS-DMA loads are VMEM_ACCESS, one event type.', source: ORDER },
    'flat-lds': { counter: 'lgkmcnt', ordered: false, tracked: true, why: FLAT_LDS_PROOF, source: ['llvm-waitcnt-instruction-events', 'llvm-waitcnt-register-uses'] },
    'vmem-write': { counter: 'vscnt', ordered: true, tracked: false, why: '"the vscnt reports the completion of store and atomic without return in order"; nothing in vscnt writes a register.', source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-waitcnt-events'] },
    'scratch-write': { counter: 'vscnt', ordered: true, tracked: false, why: 'Scratch stores through FLAT (SCRATCH_WRITE_ACCESS); nothing in vscnt writes a register.', source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-waitcnt-events'] },
  },
  gfx11: {
    ...common('vmcnt', 'lgkmcnt', 'lgkmcnt'),
    'vmem-read': { counter: 'vmcnt', ordered: true, tracked: true, why: 'As gfx10.3 (native mode by default); FLAT loads count in order too.', source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-usage-mem-ordered', ...ORDER] },
    'lds-dma': { counter: 'vmcnt', ordered: true, tracked: true, why: 'LDS-DMA loads are VMEM_ACCESS, one event type.', source: ORDER },
    'flat-lds': { counter: 'lgkmcnt', ordered: false, tracked: true, why: FLAT_LDS_PROOF, source: ['llvm-waitcnt-instruction-events', 'llvm-waitcnt-register-uses'] },
    'vmem-write': { counter: 'vscnt', ordered: true, tracked: false, why: 'As gfx10.3.', source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-waitcnt-events'] },
    'scratch-write': { counter: 'vscnt', ordered: true, tracked: false, why: 'As gfx10.3.', source: ['llvm-usage-mm-gfx10-gfx11', 'llvm-waitcnt-events'] },
  },
  gfx12: {
    ...common('samplecnt', 'dscnt', 'kmcnt'),
    'vmem-sampler': { counter: 'samplecnt', ordered: true, tracked: true, why: 'Sampler reads alone (SAMPLE_CNT) are counted in order by LLVM.', source: ORDER },
    'vmem-bvh': { counter: 'bvhcnt', ordered: true, tracked: true, why: 'BVH reads alone (BVH_CNT) are counted in order by LLVM.', source: ORDER },
    'vmem-read': { counter: 'loadcnt', ordered: true, tracked: true, why: 'VMEM_READ_ACCESS alone is counted in order by LLVM (no gfx12 memory-model text in LLVM 19); FLAT loads count in order too.', source: ['llvm-usage-mem-ordered', ...ORDER] },
    'lds-dma': { counter: 'loadcnt', ordered: true, tracked: true, why: 'LDS-DMA loads are VMEM_ACCESS, one event type.', source: ORDER },
    'flat-lds': { counter: 'dscnt', ordered: false, tracked: true, why: FLAT_LDS_PROOF, source: ['llvm-waitcnt-instruction-events', 'llvm-waitcnt-register-uses'] },
    'vmem-write': { counter: 'storecnt', ordered: true, tracked: false, why: 'Stores and atomics without return; nothing in storecnt writes a register.', source: ['llvm-waitcnt-events'] },
    'scratch-write': { counter: 'storecnt', ordered: true, tracked: false, why: 'Scratch stores through FLAT; nothing in storecnt writes a register.', source: ['llvm-waitcnt-events'] },
  },
};

/**
 * Where one memory instruction goes: a queue, the counter its completion decrements (`write`,
 * with its register results) and the counter its source reads decrement (`read`: the data and
 * address registers of a GDS instruction or an export stay read until expcnt says so).
 * `results` is false for the LDS side of a FLAT instruction: it carries the counting of the LDS
 * path, not the registers (see `FLAT_SHADOW`), and for an instruction that writes nothing; an LDS
 * DMA's result is the LDS memory it writes.
 */
export interface AmdgpuPlacement {
  readonly queue: AmdgpuQueueName;
  readonly write: WaitCounter | null;
  readonly read: WaitCounter | null;
  readonly results: boolean;
  /** Whether the instruction's source registers are read at issue (false: read when `read` says). */
  readonly readsAtIssue: boolean;
  /**
   * Where a proof puts it, when that differs from `queue` (LLVM's counting, which a confirming
   * schedule uses): both sides of a gfx9 FLAT access and the LDS side of a later one, whose
   * address space the assembly does not say.
   */
  readonly proofQueue?: AmdgpuQueueName;
}

/** What the placement of some kinds depends on besides the kind. */
export interface PlacementDetail {
  /** A scratch_ store, or a flat_ store or atomic without return (may access scratch): SCRATCH_WRITE_ACCESS from gfx10. */
  readonly mayAccessScratch: boolean;
  /** The export target: `pos*`, `param*` or another (`mrt*`, `mrtz`, `null`, `prim`). */
  readonly exportTarget: 'pos' | 'param' | 'other';
  /** `.amdhsa_tg_split 1` (gfx90a, gfx942): FLAT does not use LDS, so it counts on the VMEM counter only. */
  readonly tgSplit: boolean;
}

/**
 * The placements of an instruction kind on a generation: the VMEM side first. The facts behind
 * each choice are in `KIND_COUNTING` and `AMDGPU_QUEUES`; FLAT's two sides are the two counters
 * `updateEventWaitcntAfter` gives it.
 */
export function placementsOf(kind: InstructionKind, generation: AmdgpuGeneration, detail: PlacementDetail): AmdgpuPlacement[] {
  const queues = AMDGPU_QUEUES[generation];
  const at = (queue: AmdgpuQueueName, results: boolean, readCounter: WaitCounter | null = null, readsAtIssue = true): AmdgpuPlacement => {
    const fact = queues[queue]!;
    return { queue, write: fact.tracked ? fact.counter : null, read: readCounter, results, readsAtIssue };
  };
  const gfx9 = generation === 'gfx9';
  const store = detail.mayAccessScratch ? 'scratch-write' : 'vmem-write';
  switch (kind) {
    case 'vmem-load':
    case 'vmem-atomic-return':
      return [at(gfx9 ? 'vmem' : 'vmem-read', true)];
    case 'vmem-store':
    case 'vmem-atomic-no-return':
      return [at(gfx9 ? 'vmem' : store, false)];
    // SIInsertWaitcnts::getVmemWaitEventType (llvm-waitcnt-events): without vscnt (gfx9) every VMEM
    // access is VMEM_ACCESS, and without the extended wait counts (gfx10.3, gfx11) every VMEM read,
    // sampler and BVH ones included, is VMEM_READ_ACCESS: one event type, one in-order stream.
    // Only gfx12 counts samples and BVH reads apart (samplecnt, bvhcnt). One count order is not
    // one result order: results of different types may land out of order (`vmemResultType`; the
    // lowering's typed shadows make a write over a pending result of another type wait).
    case 'image-sample':
      return [at(gfx9 ? 'vmem' : generation === 'gfx12' ? 'vmem-sampler' : 'vmem-read', true)];
    case 'image-bvh':
      return [at(gfx9 ? 'vmem' : generation === 'gfx12' ? 'vmem-bvh' : 'vmem-read', true)];
    case 'lds-dma':
      // Its result is the LDS it writes (the lowering's `LDS_MEMORY`), not a register: LLVM gives
      // that LDS a pseudo-register score on vmcnt that every later LDS access waits for
      // (`llvm-waitcnt-register-uses`).
      return [at(gfx9 ? 'vmem' : 'lds-dma', true)];
    case 'flat-load':
    case 'flat-store': {
      const load = kind === 'flat-load';
      // On gfx9 a flat_ access reports "out of vector memory order if they access LDS memory":
      // a proof keeps its memory side out of VMEM order; a confirming schedule counts it in order,
      // as an access LLVM knows reaches memory only (whether it reaches LDS the assembly does not
      // say, so no hazard may rest on it). In tgsplit mode there is no LDS: it is in order.
      if (detail.tgSplit) return [at(gfx9 ? 'vmem' : load ? 'vmem-read' : store, load)];
      const vmem = gfx9 ? { ...at('vmem', load), proofQueue: 'flat-vmem' as const } : at(load ? 'vmem-read' : store, load);
      return [vmem, { ...at(gfx9 ? 'flat-lds' : 'lds', false), proofQueue: 'flat-lds' }];
    }
    case 'lds':
      return [at('lds', true)];
    case 'gds':
      // GDS_GPR_LOCK: the data and address registers (and EXEC) are read when expcnt says so.
      return [at('gds', true, 'expcnt', false)];
    case 'smem':
      return [at('smem', true)];
    case 'message':
      return [at('message', true)];
    case 'export': {
      // An export reads its data registers (and EXEC) when expcnt says so; it writes nothing.
      const queue = detail.exportTarget === 'pos' ? 'export-pos' : detail.exportTarget === 'param' ? 'export-param' : 'export';
      return [{ queue, write: null, read: 'expcnt', results: false, readsAtIssue: false }];
    }
    case 'ldsdir':
      return [at('ldsdir', true)];
  }
}

/**
 * The type of a VMEM instruction's register results, as SIInsertWaitcnts' `VmemType` names them
 * (`llvm-vmem-write-vgpr-in-order`): `nosampler` for buffer, global, scratch and FLAT results and
 * image instructions without a sampler, `sampler` for image instructions with one, `bvh` for BVH
 * intersections; null for a kind with no VMEM register result. Before gfx12 the hardware writes
 * the results of one type in issue order but not those of different types, although vmcnt still
 * counts them all in one order (`llvm-usage-mem-ordered`, `llvm-waitcnt-events`): a wait for
 * vmcnt(N) still proves an older result of any type written, but a write to a register with a
 * pending write of another type may land first.
 *
 * A FLAT load has no type in LLVM (getVmemType asserts updateVMCntOnly, and LLVM waits before any
 * FLAT instruction overwrites a pending result); it is `nosampler` here, as it is neither an
 * image nor a BVH instruction.
 */
export type VmemResultType = 'nosampler' | 'sampler' | 'bvh';

/** The `VmemResultType` of an instruction kind, or null when it writes no register through VMEM. */
export function vmemResultType(kind: InstructionKind): VmemResultType | null {
  switch (kind) {
    case 'vmem-load':
    case 'vmem-atomic-return':
    case 'flat-load':
      return 'nosampler';
    case 'image-sample':
      return 'sampler';
    case 'image-bvh':
      return 'bvh';
    default:
      return null;
  }
}
