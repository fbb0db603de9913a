/**
 * The AMDGPU fact tables are complete and cited: every generation lists its counters once with a
 * width that matches its largest value, every instruction kind is classified on every generation
 * with counters that generation has, every counter has an order fact, and every `source` key of
 * every table exists in `AMDGPU_SOURCES` with a provenance.
 */
import { INSTRUCTION_KIND_RULES } from '../../../spec/amdgpu/instructionKinds.js';
import { WAIT_STATE_RULES } from '../../../spec/amdgpu/waitStates.js';
import { describe, expect, it } from 'vitest';
import {
  AMDGPU_GENERATIONS,
  AMDGPU_TARGETS,
  AMDGPU_TARGET_INFO,
  COUNTER_ORDER,
  FUNCTION_BOUNDARY_WAITS,
  GENERATION_COUNTERS,
  INSTRUCTION_KINDS,
  KIND_COUNTING,
  WAIT_COUNTERS,
} from '../../../spec/amdgpu/counters.js';
import { AMDGPU_HAZARDS } from '../../../spec/amdgpu/hazards.js';
import { AMDGPU_SOURCE_PROVENANCE } from '../../../spec/amdgpu/provenance.js';
import { AMDGPU_SOURCES } from '../../../spec/amdgpu/sources.js';

const counterNames = (generation: (typeof AMDGPU_GENERATIONS)[number]) =>
  GENERATION_COUNTERS[generation].counters.map((c) => c.counter);

/** Every `source` list of every table, with where it came from. */
function allCitations(): { where: string; keys: readonly string[] }[] {
  const out: { where: string; keys: readonly string[] }[] = [];
  for (const target of AMDGPU_TARGETS) out.push({ where: `target ${target}`, keys: AMDGPU_TARGET_INFO[target].source });
  for (const generation of AMDGPU_GENERATIONS) {
    const g = GENERATION_COUNTERS[generation];
    out.push({ where: `${generation} note`, keys: g.source });
    for (const c of g.counters) out.push({ where: `${generation} ${c.counter}`, keys: c.source });
    for (const kind of INSTRUCTION_KINDS) out.push({ where: `${generation} ${kind}`, keys: KIND_COUNTING[generation][kind].source });
    for (const o of COUNTER_ORDER[generation]) out.push({ where: `${generation} order ${o.counter}`, keys: o.source });
  }
  for (const w of FUNCTION_BOUNDARY_WAITS) out.push({ where: w.at, keys: w.source });
  for (const h of AMDGPU_HAZARDS) out.push({ where: `hazard ${h.id}`, keys: h.source });
  for (const rule of INSTRUCTION_KIND_RULES) out.push({ where: `instruction kind ${rule.pattern}`, keys: rule.source });
  for (const rule of WAIT_STATE_RULES) out.push({ where: `wait states ${rule.writer} -> ${rule.reader}`, keys: rule.source });
  return out;
}

describe('AMDGPU wait counters (spec/amdgpu/counters.ts)', () => {
  it('every target belongs to exactly one generation, which lists it', () => {
    for (const target of AMDGPU_TARGETS) {
      const { generation } = AMDGPU_TARGET_INFO[target];
      expect(GENERATION_COUNTERS[generation].targets).toContain(target);
      const holders = AMDGPU_GENERATIONS.filter((g) => GENERATION_COUNTERS[g].targets.includes(target));
      expect(holders).toEqual([generation]);
    }
  });

  it('each generation lists each of its counters once, with max = 2^bits - 1', () => {
    for (const generation of AMDGPU_GENERATIONS) {
      const g = GENERATION_COUNTERS[generation];
      expect(g.generation).toBe(generation);
      const names = counterNames(generation);
      expect(new Set(names).size).toBe(names.length);
      for (const c of g.counters) {
        expect(WAIT_COUNTERS).toContain(c.counter);
        expect(c.max, `${generation} ${c.counter}`).toBe(2 ** c.bits - 1);
        expect(c.fields.length).toBeGreaterThan(0);
        expect(c.waits.length).toBeGreaterThan(0);
        // The field widths add up to the counter's width.
        const width = c.fields.map((f) => {
          const [hi, lo] = f.split(':').map(Number);
          return (hi ?? 0) - (lo ?? 0) + 1;
        });
        expect(width.reduce((a, b) => a + b, 0), `${generation} ${c.counter} fields`).toBe(c.bits);
      }
    }
  });

  it('has the widths LLVM 19 gives: vmcnt 6 bits, lgkmcnt 4 bits on gfx9 and 6 after, expcnt 3, vscnt 6, gfx12 kmcnt 5 and bvhcnt 3', () => {
    const bits = (generation: (typeof AMDGPU_GENERATIONS)[number], counter: string) =>
      GENERATION_COUNTERS[generation].counters.find((c) => c.counter === counter)?.bits;
    expect(bits('gfx9', 'vmcnt')).toBe(6);
    expect(bits('gfx9', 'lgkmcnt')).toBe(4);
    expect(bits('gfx9', 'expcnt')).toBe(3);
    expect(bits('gfx9', 'vscnt')).toBeUndefined();
    for (const g of ['gfx10.3', 'gfx11'] as const) {
      expect(bits(g, 'vmcnt')).toBe(6);
      expect(bits(g, 'lgkmcnt')).toBe(6);
      expect(bits(g, 'expcnt')).toBe(3);
      expect(bits(g, 'vscnt')).toBe(6);
    }
    expect(counterNames('gfx12').sort()).toEqual(['bvhcnt', 'dscnt', 'expcnt', 'kmcnt', 'loadcnt', 'samplecnt', 'storecnt']);
    expect(bits('gfx12', 'kmcnt')).toBe(5);
    expect(bits('gfx12', 'bvhcnt')).toBe(3);
    expect(bits('gfx12', 'loadcnt')).toBe(6);
  });

  it('classifies every instruction kind on every generation, with counters that generation has', () => {
    for (const generation of AMDGPU_GENERATIONS) {
      const table = KIND_COUNTING[generation];
      expect(Object.keys(table).sort()).toEqual([...INSTRUCTION_KINDS].sort());
      const own = counterNames(generation);
      for (const kind of INSTRUCTION_KINDS) {
        const k = table[kind];
        for (const counter of k.counters) expect(own, `${generation} ${kind}`).toContain(counter);
        if (k.targets !== 'unsourced') {
          for (const t of k.targets) expect(GENERATION_COUNTERS[generation].targets).toContain(t);
          // A kind some target has must count somewhere.
          if (k.targets.length > 0) expect(k.counters.length, `${generation} ${kind}`).toBeGreaterThan(0);
        } else {
          expect(k.counters.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('gives every counter of every generation exactly one order fact, naming only known kinds', () => {
    for (const generation of AMDGPU_GENERATIONS) {
      const facts = COUNTER_ORDER[generation];
      expect(facts.map((f) => f.counter).sort()).toEqual([...counterNames(generation)].sort());
      for (const f of facts) for (const kind of f.unorderedWhenPending) expect(INSTRUCTION_KINDS).toContain(kind);
    }
  });

  it('makes the scalar-memory counter unordered while SMEM is pending on every generation', () => {
    const smemCounter = { gfx9: 'lgkmcnt', 'gfx10.3': 'lgkmcnt', gfx11: 'lgkmcnt', gfx12: 'kmcnt' } as const;
    for (const generation of AMDGPU_GENERATIONS) {
      expect(KIND_COUNTING[generation].smem.counters).toEqual([smemCounter[generation]]);
      const fact = COUNTER_ORDER[generation].find((f) => f.counter === smemCounter[generation]);
      expect(fact?.unorderedWhenPending).toContain('smem');
    }
  });
});

describe('AMDGPU hazards (spec/amdgpu/hazards.ts)', () => {
  it('has unique ids and names only checked targets', () => {
    const ids = AMDGPU_HAZARDS.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const h of AMDGPU_HAZARDS) {
      expect(h.targets.length, h.id).toBeGreaterThan(0);
      for (const t of h.targets) expect(AMDGPU_TARGETS).toContain(t);
      if (h.waitStates !== null) expect(h.waitStates).toBeGreaterThan(0);
    }
  });
});

describe('AMDGPU citations (spec/amdgpu/sources.ts, provenance.ts)', () => {
  it('every table entry cites at least one existing key', () => {
    for (const { where, keys } of allCitations()) {
      expect(keys.length, where).toBeGreaterThan(0);
      for (const key of keys) expect(Object.hasOwn(AMDGPU_SOURCES, key), `${where}: ${key}`).toBe(true);
    }
  });

  it('every key has a provenance and every citation names where it was read', () => {
    expect(Object.keys(AMDGPU_SOURCE_PROVENANCE).sort()).toEqual(Object.keys(AMDGPU_SOURCES).sort());
    for (const [key, text] of Object.entries(AMDGPU_SOURCES)) {
      expect(text, key).toMatch(/llvm\/llvm-project/);
      expect(['documentation', 'compiler']).toContain(AMDGPU_SOURCE_PROVENANCE[key as keyof typeof AMDGPU_SOURCES]);
    }
  });

  it('every key is used by some table', () => {
    const used = new Set(allCitations().flatMap((c) => c.keys));
    for (const key of Object.keys(AMDGPU_SOURCES)) expect(used.has(key), key).toBe(true);
  });
});
