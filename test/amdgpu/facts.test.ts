/**
 * The AMDGPU model's own tables are cited and consistent with the counter facts: every
 * instruction-kind rule and every queue names sources that exist, every queue counts on a
 * counter its generation has, every instruction kind is placed in queues of its generation, and
 * the mnemonics of real `llc` output get the class LLVM's event rules give them.
 */
import { describe, expect, it } from 'vitest';
import { AMDGPU_GENERATIONS, GENERATION_COUNTERS, INSTRUCTION_KINDS, KIND_COUNTING } from '../../spec/amdgpu/counters.js';
import { classifyAmdgpuInstruction, INSTRUCTION_KIND_RULES } from '../../spec/amdgpu/instructionKinds.js';
import { AMDGPU_SOURCE_PROVENANCE } from '../../spec/amdgpu/provenance.js';
import { AMDGPU_QUEUES, placementsOf } from '../../spec/amdgpu/queues.js';
import { AMDGPU_SOURCES } from '../../spec/amdgpu/sources.js';

describe('AMDGPU model tables', () => {
  it('cite existing sources, each with a provenance', () => {
    const keys = [...INSTRUCTION_KIND_RULES.flatMap((rule) => rule.source), ...AMDGPU_GENERATIONS.flatMap((g) => Object.values(AMDGPU_QUEUES[g]).flatMap((q) => q!.source))];
    for (const key of keys) {
      expect(Object.keys(AMDGPU_SOURCES), key).toContain(key);
      expect(AMDGPU_SOURCE_PROVENANCE[key], key).toBeDefined();
    }
  });

  it('place every instruction kind on counters its generation has, and the ones KIND_COUNTING gives', () => {
    for (const generation of AMDGPU_GENERATIONS) {
      const counters = GENERATION_COUNTERS[generation].counters.map((c) => c.counter);
      for (const queue of Object.values(AMDGPU_QUEUES[generation])) expect(counters, `${generation} ${queue!.why}`).toContain(queue!.counter);
      for (const kind of INSTRUCTION_KINDS) {
        const placements = placementsOf(kind, generation, { mayAccessScratch: false, exportTarget: 'other', tgSplit: false });
        const used = placements.flatMap((p) => [AMDGPU_QUEUES[generation][p.queue]!.counter, ...(p.read === null ? [] : [p.read])]);
        // Every counter the facts give the kind, and no other (a kind no target has may differ).
        const facts = KIND_COUNTING[generation][kind];
        if (facts.counters.length > 0) expect(new Set(used), `${generation} ${kind}`).toEqual(new Set(facts.counters));
      }
    }
  });

  it('order scalar memory out of order and LDS in order on every generation; FLAT out of order only on gfx9', () => {
    for (const generation of AMDGPU_GENERATIONS) {
      expect(AMDGPU_QUEUES[generation].smem!.ordered).toBe(false);
      expect(AMDGPU_QUEUES[generation].lds!.ordered).toBe(true);
    }
    expect(AMDGPU_QUEUES.gfx9['flat-vmem']!.ordered).toBe(false);
    expect(AMDGPU_QUEUES.gfx11['vmem-read']!.ordered).toBe(true);
  });

  it.each([
    ['global_load_dword', [], 'memory', 'vmem-load'],
    ['buffer_load_dword', ['lds'], 'memory', 'lds-dma'],
    ['global_atomic_add', ['glc'], 'memory', 'vmem-atomic-return'],
    ['global_atomic_add_u32', ['scope:SCOPE_DEV'], 'memory', 'vmem-atomic-no-return'],
    ['flat_atomic_add', ['sc0'], 'memory', 'flat-load'],
    ['flat_store_b32', [], 'memory', 'flat-store'],
    ['scratch_store_b32', [], 'memory', 'vmem-store'],
    ['ds_add_rtn_u32', [], 'memory', 'lds'],
    ['ds_add_u32', ['gds'], 'memory', 'gds'],
    ['ds_gws_barrier', [], 'memory', 'gds'],
    ['s_load_b128', [], 'memory', 'smem'],
    ['s_memrealtime', [], 'memory', 'smem'],
    ['s_sendmsg_rtn_b64', [], 'memory', 'message'],
    ['image_sample', [], 'memory', 'image-sample'],
    ['buffer_wbl2', ['sc1'], 'untracked-memory', null],
    ['global_inv', [], 'untracked-memory', null],
    ['s_waitcnt_vscnt', [], 'wait', null],
    ['s_wait_loadcnt_dscnt', [], 'wait', null],
    ['s_waitcnt_depctr', [], 'hazard-mitigation', null],
    ['s_delay_alu', [], 'hazard-mitigation', null],
    ['s_barrier_signal', [], 'no-effect', null],
    ['s_barrier_signal_isfirst', [], 'memory', 'smem'],
    ['s_cbranch_execz', [], 'conditional-branch', null],
    ['s_swappc_b64', [], 'call', null],
    ['s_setpc_b64', [], 'jump', null],
    ['v_dual_mov_b32', [], 'valu', null],
    ['s_add_co_ci_u32', [], 'salu', null],
  ])('%s %j is %s %s', (mnemonic, modifiers, klass, kind) => {
    const operation = classifyAmdgpuInstruction(mnemonic, modifiers, 'gfx11');
    expect([operation?.class, operation?.kind]).toEqual([klass, kind]);
  });

  it('sampler and BVH reads share the VMEM read stream but on gfx12 (getVmemWaitEventType): a vmcnt(N) counts them in order with loads and, on gfx9, stores', () => {
    const at = (kind: 'image-sample' | 'image-bvh' | 'vmem-load' | 'vmem-store', generation: 'gfx9' | 'gfx10.3' | 'gfx11' | 'gfx12') =>
      placementsOf(kind, generation, { mayAccessScratch: false, exportTarget: 'other', tgSplit: false })[0]!.queue;
    expect([at('image-sample', 'gfx9'), at('image-bvh', 'gfx9'), at('vmem-load', 'gfx9'), at('vmem-store', 'gfx9')]).toEqual(['vmem', 'vmem', 'vmem', 'vmem']);
    for (const generation of ['gfx10.3', 'gfx11'] as const) expect([at('image-sample', generation), at('image-bvh', generation)]).toEqual(['vmem-read', 'vmem-read']);
    expect([at('image-sample', 'gfx12'), at('image-bvh', 'gfx12')]).toEqual(['vmem-sampler', 'vmem-bvh']);
  });
});
