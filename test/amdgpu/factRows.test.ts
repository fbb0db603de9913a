/**
 * An AMD target's fact rows (`spec/amdgpu/factRows.ts`) say what the tables say: every row cites
 * known sources with their kinds, the counters and their widths are the generation's, the
 * wait-state figures are `waitStates.ts`'s for the target (a proof-only rule differs on the
 * counterexample side), and every hazard `hazards.ts` lists for the target has one row with the
 * status the checker gives it.
 */
import { describe, expect, it } from 'vitest';
import { AMDGPU_TARGET_INFO, AMDGPU_TARGETS, GENERATION_COUNTERS, KIND_COUNTING } from '../../spec/amdgpu/counters.js';
import { amdgpuFactRows, amdgpuHazardStatus } from '../../spec/amdgpu/factRows.js';
import { AMDGPU_HAZARDS } from '../../spec/amdgpu/hazards.js';
import { AMDGPU_SOURCE_PROVENANCE } from '../../spec/amdgpu/provenance.js';
import { AMDGPU_SOURCES } from '../../spec/amdgpu/sources.js';
import { WAIT_STATE_RULES } from '../../spec/amdgpu/waitStates.js';

const row = (target: (typeof AMDGPU_TARGETS)[number], kind: string, name: string) => amdgpuFactRows(target).find((r) => r.kind === kind && r.name === name);

describe('AMD fact rows', () => {
  it.each(AMDGPU_TARGETS)('%s: every row has sides and known source keys, each with its provenance', (target) => {
    const rows = amdgpuFactRows(target);
    expect(rows.length).toBeGreaterThan(15);
    expect(rows[0]).toMatchObject({ kind: 'target', name: target });
    for (const r of rows) {
      expect(r.proof, `${r.kind} ${r.name}`).not.toBe('');
      expect(r.counterexample, `${r.kind} ${r.name}`).not.toBe('');
      expect(r.source.length, `${r.kind} ${r.name}`).toBeGreaterThan(0);
      for (const key of [...r.source, ...(r.counterexampleSource ?? [])]) expect(Object.keys(AMDGPU_SOURCES), `${r.kind} ${r.name}`).toContain(key);
      expect(r.provenance).toEqual(r.source.map((key) => AMDGPU_SOURCE_PROVENANCE[key]));
    }
  });

  it.each(AMDGPU_TARGETS)('%s: one counter row per counter of its generation, with its width and the kinds counted on it', (target) => {
    const generation = AMDGPU_TARGET_INFO[target].generation;
    const counters = amdgpuFactRows(target).filter((r) => r.kind === 'counter');
    expect(counters.map((r) => r.name)).toEqual(GENERATION_COUNTERS[generation].counters.map((c) => c.counter));
    for (const counter of GENERATION_COUNTERS[generation].counters) {
      const r = counters.find((c) => c.name === counter.counter)!;
      expect(r.proof).toMatch(new RegExp(`^${counter.bits} bits, 0\\.\\.${counter.max} `));
      for (const [kind, counting] of Object.entries(KIND_COUNTING[generation])) {
        const has = counting.counters.includes(counter.counter) && (counting.targets === 'unsourced' || counting.targets.includes(target));
        expect(new RegExp(`[ ,]${kind}(,| \\(|$)`).test(r.proof), `${counter.counter} ${kind}`).toBe(has);
      }
    }
    expect(row('gfx942', 'counter', 'expcnt')!.proof).toContain('no instruction kind of this target counts on it');
    expect(row('gfx900', 'counter', 'expcnt')!.proof).toContain('counts gds, export');
  });

  it('queues: their order, when operands are read, and a FLAT access\'s LDS side with its two sides', () => {
    expect(row('gfx900', 'queue', 'smem')!.proof).toMatch(/^on lgkmcnt, completes in any order; operands read at issue/);
    expect(row('gfx900', 'queue', 'vmem')!.proof).toMatch(/^on vmcnt, completes in issue order/);
    expect(row('gfx900', 'queue', 'export')!.proof).toContain('operands held until expcnt says they are read');
    expect(row('gfx942', 'queue', 'export')).toBeUndefined();
    expect(row('gfx1200', 'queue', 'smem')!.proof).toMatch(/^on kmcnt/);
    expect(row('gfx1100', 'queue', 'vmem-write')!.proof).toContain('not counted by the model');
    for (const target of AMDGPU_TARGETS) {
      const flat = row(target, 'queue', 'flat-lds')!;
      expect(flat.proof, target).toContain('apart from LDS operations');
      expect(flat.counterexample, target).toContain('a flat result is ready when the memory counter says');
      expect(flat.counterexampleSource, target).toContain('llvm-waitcnt-instruction-events');
    }
    expect(row('gfx1030', 'queue', 'flat-lds')!.counterexample).toContain('counted with the lds queue');
    expect(row('gfx1200', 'result-order', 'vmem results')!.proof).toContain('out of order');
    expect(row('gfx1100', 'result-order', 'vmem results')!.proof).toContain('in issue order');
  });

  it.each(AMDGPU_TARGETS)('%s: the wait-state rows are waitStates.ts\'s rules for the target, with their figures', (target) => {
    const rows = amdgpuFactRows(target).filter((r) => r.kind === 'wait-states');
    const rules = WAIT_STATE_RULES.filter((rule) => rule.waitStates[target] !== undefined);
    expect(rows.map((r) => r.name)).toEqual(rules.map((rule) => `${rule.writer} -> ${rule.reader}`));
    rules.forEach((rule, index) => {
      const figure = rule.waitStates[target]!;
      expect(rows[index]!.proof).toMatch(new RegExp(`^${figure} wait states? between them \\(${rule.hazard}; `));
      if (rule.proofOnly === true) {
        expect(rows[index]!.proof).toContain('proof only');
        expect(rows[index]!.counterexample).toMatch(/^no such requirement/);
      } else {
        expect(rows[index]!.counterexample).toBe(rows[index]!.proof);
      }
    });
    if (AMDGPU_TARGET_INFO[target].generation !== 'gfx9') expect(rows).toEqual([]);
  });

  it('gfx942\'s figures: 5 wait states before a VMEM reads an SGPR a VALU wrote, 2 before a VALU overwrites store data (1 on gfx900)', () => {
    expect(row('gfx942', 'wait-states', 'valu-sgpr -> vmem-sgpr')!.proof).toMatch(/^5 wait states .*checkVMEMHazards/);
    expect(row('gfx942', 'wait-states', 'store-data -> valu-overwrite')!.proof).toMatch(/^2 wait states /);
    expect(row('gfx900', 'wait-states', 'store-data -> valu-overwrite')!.proof).toMatch(/^1 wait state /);
    expect(row('gfx900', 'wait-states', 'trans-vgpr -> non-trans-vgpr-read')).toBeUndefined();
  });

  it.each(AMDGPU_TARGETS)('%s: one row per hazard hazards.ts lists for it, with the checker\'s status', (target) => {
    const rows = amdgpuFactRows(target).filter((r) => r.kind === 'hazard');
    const listed = AMDGPU_HAZARDS.filter((hazard) => hazard.targets.includes(target));
    expect(rows.map((r) => r.name)).toEqual(listed.map((hazard) => hazard.id));
    for (const hazard of listed) {
      const status = amdgpuHazardStatus(hazard, target);
      expect(status === 'timed', hazard.id).toBe(WAIT_STATE_RULES.some((rule) => rule.hazard === hazard.id && rule.waitStates[target] !== undefined));
      const text = rows.find((r) => r.name === hazard.id)!.proof;
      expect(text, hazard.id).toMatch(status === 'timed' ? /^timed: / : status === 'unknown' ? /^not timed: .* unknown\. / : /^not checked/);
    }
  });

  it('hazard status: the untimed hazards a function may have make its verdict unknown where noted, the rest are not checked', () => {
    const status = (id: string, target: (typeof AMDGPU_TARGETS)[number]) => amdgpuHazardStatus(AMDGPU_HAZARDS.find((hazard) => hazard.id === id)!, target);
    expect(status('mfma-and-accvgpr', 'gfx90a')).toBe('unknown');
    expect(status('smem-soft-clause', 'gfx900')).toBe('unknown');
    expect(status('smem-soft-clause', 'gfx1030')).toBe('not checked');
    expect(status('shift64-high-register', 'gfx90a')).toBe('not checked');
    expect(status('valu-trans-use', 'gfx1100')).toBe('unknown');
    expect(status('vcmpx-then-permlane', 'gfx1200')).toBe('unknown');
    expect(status('dealloc-vgprs-nop', 'gfx1100')).toBe('not checked');
    expect(status('vmem-reads-sgpr-after-valu-write', 'gfx942')).toBe('timed');
    expect(row('gfx1100', 'hazard', 'alu-dependency-delay')!.proof).toMatch(/^not checked \(performance only\)/);
  });

  it('the function-boundary waits of the target\'s generation only', () => {
    const at = (target: (typeof AMDGPU_TARGETS)[number]) => amdgpuFactRows(target).filter((r) => r.kind === 'convention').map((r) => r.name);
    expect(at('gfx900').filter((name) => name.startsWith('entry'))).toEqual(['entry of a non-kernel function (gfx9-gfx11)']);
    expect(at('gfx1200').filter((name) => name.startsWith('entry'))).toEqual(['entry of a non-kernel function (gfx12)']);
    expect(at('gfx1030').some((name) => name.startsWith('s_endpgm'))).toBe(false);
    expect(at('gfx1100').some((name) => name.startsWith('s_endpgm'))).toBe(true);
  });
});
