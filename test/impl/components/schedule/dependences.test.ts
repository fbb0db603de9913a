import { describe, expect, it } from 'vitest';
import { checkComponentProgram } from '../../../../impl/components/check.js';
import { componentDependences, intrinsicHazard, latencyFor, type Dependence } from '../../../../impl/components/schedule/dependences.js';
import { FULL_LATENCY_EDGE_RULES, PROVED_EDGE_RULES } from '../../../../impl/components/schedule/edgeRules.js';
import { edgeLatency, instructionDistance } from '../../../../impl/edgeLatency/rules.js';
import type { ComponentInstruction, ComponentProgram } from '../../../../spec/components/program.js';
import { ins, prog, withNops } from './build.js';

function dependences(program: ComponentProgram, rules = PROVED_EDGE_RULES): Dependence[] {
  const result = componentDependences(program, rules);
  if (!result.ok) throw new Error(result.reason);
  return [...result.graph.dependences];
}

/** The verdict of the pair with `edge` cycles from the first's last execution to the second's first. */
function pairVerdict(first: ComponentInstruction, second: ComponentInstruction, edge: number) {
  return checkComponentProgram(withNops(prog(first, second), 0, edge - 1), null);
}

describe('dependences of a straight-line component program, with the proved edge latencies', () => {
  it("the seed's fmac fragment: destination r18.z kept over 2 executions (mask Z), source r18.y incrementing (mask YZ), latency 4: distance 1, edge 3", () => {
    const fmac = ins('fmac', { repeat: 1, latency: 4, destination: 'r18.z' });
    const reader = ins('fmac2', { repeat: 1, latency: 4, destination: 'r20.x(r)', sources: ['r18.y(r)', 'c0.x'] });
    const [flow] = dependences(prog(fmac, reader));
    expect(flow).toMatchObject({ predecessor: 0, successor: 1, kind: 'flow', components: ['r18.z'], distance: 1, edge: 3, wait: null });
    expect(flow!.distance).toBe(instructionDistance(['Z'], [['Y', 'Z']]));
    expect(flow!.edge).toBe(edgeLatency('flow', 4, 1));
    // The model agrees: edge 3 is safe, edge 2 reads r18.z early.
    expect(pairVerdict(fmac, reader, 3).verdict).toBe('proved-safe');
    const early = pairVerdict(fmac, reader, 2);
    expect(early.verdict).toBe('hazard');
    expect(early.hazards.map((h) => `${h.finding.kind} ${h.finding.component}`)).toContain('RAW r18.z');
    // Full latency: edge 4.
    expect(dependences(prog(fmac, reader), FULL_LATENCY_EDGE_RULES)[0]!.edge).toBe(4);
  });

  it('ALU latency 5 over XYZ read back as X: instruction distance 2, edge 3 (full latency 5)', () => {
    const producer = ins('add', { repeat: 2, latency: 5, destination: 'r0.x(r)' });
    const consumer = ins('mul', { destination: 'r1.x', sources: ['r0.x'] });
    expect(dependences(prog(producer, consumer))).toMatchObject([{ kind: 'flow', distance: 2, edge: 3 }]);
    expect(dependences(prog(producer, consumer), FULL_LATENCY_EDGE_RULES)).toMatchObject([{ kind: 'flow', edge: 5 }]);
    expect(pairVerdict(producer, consumer, 3).verdict).toBe('proved-safe');
    expect(pairVerdict(producer, consumer, 2).verdict).toBe('hazard');
  });

  it("a producer's latency per reader class: its readLatency for the reader's class (an operand's own class first), never below its latency", () => {
    const producer = ins('mul', { latency: 2, readLatency: { alu: 4, nonAlu: 7 }, destination: 'r0.x' });
    expect(latencyFor(producer, 'alu')).toBe(4);
    expect(latencyFor(producer, 'nonAlu')).toBe(7);
    expect(latencyFor(producer, 'madSource2')).toBe(2);
    expect(latencyFor({ ...producer, readLatency: { alu: 1 } }, 'alu')).toBe(2);
    expect(latencyFor(ins('sam', { latency: 'variable', syncClass: 'sy' }), 'alu')).toBe('variable');
    const cases: [ComponentInstruction, number][] = [
      [ins('add', { destination: 'r1.x', sources: ['r0.x'] }), 4],
      [ins('stg', { readerClass: 'nonAlu', sources: ['r0.x'] }), 7],
      [ins('mad', { destination: 'r1.x', sources: ['c0.x', 'c1.x', 'r0.x[madSource2]'] }), 2],
    ];
    for (const [consumer, edge] of cases) {
      expect(dependences(prog(producer, consumer))).toMatchObject([{ kind: 'flow', edge }]);
      expect(pairVerdict(producer, consumer, edge).verdict).toBe('proved-safe');
      expect(pairVerdict(producer, consumer, edge - 1).verdict).toBe('hazard');
    }
  });

  it('anti dependences have edge 1, and back to back is safe on the machine', () => {
    const reader = ins('add', { repeat: 3, destination: 'r5.x', sources: ['r0.x(r)'] });
    const writer = ins('mov', { latency: 1, destination: 'r0.z' });
    expect(dependences(prog(reader, writer))).toMatchObject([{ kind: 'anti', components: ['r0.z'], edge: 1 }]);
    expect(pairVerdict(reader, writer, 1).verdict).toBe('proved-safe');
  });

  it("output dependences use the corrected rule: a slow write then a fast one needs L1 - L2 + 1 - distance (the seed's 1 is a WAW)", () => {
    const slow = ins('slow', { latency: 6, destination: 'r0.x' });
    const fast = ins('fast', { latency: 1, destination: 'r0.x' });
    expect(dependences(prog(slow, fast))).toMatchObject([{ kind: 'output', components: ['r0.x'], distance: 0, edge: 6 }]);
    expect(pairVerdict(slow, fast, 6).verdict).toBe('proved-safe');
    const seeds = pairVerdict(slow, fast, 1);
    expect(seeds.verdict).toBe('hazard');
    expect(seeds.hazards[0]!.finding.kind).toBe('WAW');
    expect(pairVerdict(slow, fast, 5).verdict).toBe('hazard');
    // The distance counts: r0.x written by the first of two executions (XY) leaves one execution, edge 5; kept (X twice), none.
    expect(dependences(prog(ins('kept', { repeat: 1, latency: 6, destination: 'r0.x' }), fast))).toMatchObject([{ kind: 'output', distance: 0, edge: 6 }]);
    const wide = ins('wide', { repeat: 1, latency: 6, destination: 'r0.x(r)' });
    expect(dependences(prog(wide, ins('fast', { latency: 1, destination: 'r0.x' })))).toMatchObject([{ kind: 'output', distance: 1, edge: 5 }]);
  });

  it('a variable-latency producer: edge 1 and a wait of its class for a later reader, and for a later writer of what it writes', () => {
    const load = ins('ldg', { latency: 'variable', syncClass: 'sy', destination: 'r0.x' });
    const reader = ins('add', { destination: 'r1.x', sources: ['r0.x'] });
    const writer = ins('mov', { latency: 3, destination: 'r0.x' });
    expect(dependences(prog(load, reader))).toMatchObject([{ kind: 'flow', edge: 1, wait: 'sy' }]);
    expect(dependences(prog(load, writer))).toMatchObject([{ kind: 'output', edge: 1, wait: 'sy' }]);
    expect(pairVerdict(load, reader, 1).verdict).toBe('hazard');
    expect(pairVerdict(load, { ...reader, waits: ['sy'] }, 1).verdict).toBe('proved-safe');
    expect(pairVerdict(load, writer, 1).verdict).toBe('hazard');
    expect(pairVerdict(load, { ...writer, waits: ['sy'] }, 1).verdict).toBe('proved-safe');
    // A fixed write then a variable one: the variable result may land in the next cycle, as latency 1.
    const fixed = ins('mov', { latency: 3, destination: 'r0.x' });
    expect(dependences(prog(fixed, load))).toMatchObject([{ kind: 'output', edge: 3, wait: null }]);
    expect(pairVerdict(fixed, load, 3).verdict).toBe('proved-safe');
    expect(pairVerdict(fixed, load, 2).verdict).toBe('hazard');
  });

  it('every flow edge over one register is the smallest safe one on the machine (masks from the seed where they apply, executions across registers)', () => {
    const shapes = ['r0.x', 'r0.y', 'r0.z', 'r0.w'].flatMap((start) => [0, 1, 2].flatMap((repeat) => [true, false].map((increments) => ({ operand: `${start}${increments ? '(r)' : ''}`, repeat }))));
    let checked = 0;
    for (const write of shapes) {
      for (const read of shapes) {
        for (const latency of [2, 5]) {
          const writer = ins('p', { repeat: write.repeat, latency, destination: write.operand });
          const reader = ins('s', { repeat: read.repeat, destination: 'r9.x', sources: [read.operand] });
          const result = componentDependences(prog(writer, reader));
          if (!result.ok) throw new Error(result.reason);
          const flow = result.graph.dependences.find((d) => d.kind === 'flow');
          if (flow === undefined) continue;
          checked++;
          expect(pairVerdict(writer, reader, flow.edge).verdict).toBe('proved-safe');
          if (flow.edge > 1) expect(pairVerdict(writer, reader, flow.edge - 1).verdict).toBe('hazard');
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('every output edge over one register is safe on the machine, and the seed\'s edge 1 is not always', () => {
    const shapes = ['r0.x', 'r0.z', 'r0.w'].flatMap((start) => [0, 1, 2].flatMap((repeat) => [true, false].map((increments) => ({ operand: `${start}${increments ? '(r)' : ''}`, repeat }))));
    let checked = 0;
    let seedWrong = 0;
    for (const first of shapes) {
      for (const second of shapes) {
        for (const [latency1, latency2] of [[5, 1], [2, 4], [6, 2]] as const) {
          const a = ins('a', { repeat: first.repeat, latency: latency1, destination: first.operand });
          const b = ins('b', { repeat: second.repeat, latency: latency2, destination: second.operand });
          const result = componentDependences(prog(a, b));
          if (!result.ok) throw new Error(result.reason);
          const output = result.graph.dependences.find((d) => d.kind === 'output');
          if (output === undefined) continue;
          checked++;
          expect(pairVerdict(a, b, output.edge).verdict).toBe('proved-safe');
          if (pairVerdict(a, b, 1).verdict === 'hazard') seedWrong++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(seedWrong).toBeGreaterThan(0);
  });

  it('ordered instructions keep their order (edge 1), and every instruction precedes the closing end', () => {
    const program = prog(ins('stg', { sources: ['r0.x'] }), ins('add', { destination: 'r1.x' }), ins('ldg', { latency: 'variable', syncClass: 'sy', destination: 'r2.x' }), { ...ins('end'), branch: { target: 4, conditional: false } });
    const result = componentDependences(program, PROVED_EDGE_RULES, { ordered: (index) => index !== 1 });
    if (!result.ok) throw new Error(result.reason);
    expect(result.graph.terminator).toBe(3);
    expect(result.graph.dependences.filter((d) => d.kind === 'order').map((d) => `${d.predecessor}->${d.successor}`)).toEqual(['0->2', '2->3', '0->3', '1->3', '2->3']);
  });

  it('hints: hinted reads and writes make dependences; a late reader makes a later writer wait', () => {
    const program = prog({ ...ins('stib', { readerClass: 'nonAlu', sources: ['r1.x'] }), lateReads: 'ss' }, ins('mov', { destination: 'r1.w' }));
    expect(dependences(program)).toEqual([]);
    const result = componentDependences(program, PROVED_EDGE_RULES, { alsoReads: (index) => (index === 0 ? ['r1.y', 'r1.z', 'r1.w'] : []) });
    if (!result.ok) throw new Error(result.reason);
    expect(result.graph.dependences).toMatchObject([{ kind: 'anti', components: ['r1.w'], edge: 1, wait: 'ss' }]);
    expect(result.graph.pending[0]).toEqual(['ss']);
  });

  it('refuses what it cannot schedule: branches, intrinsic hazards, variable results without a sync class', () => {
    const branchy = prog(ins('br', { branch: { target: 0, conditional: true } }), ins('add'));
    expect(componentDependences(branchy)).toMatchObject({ ok: false, reason: expect.stringContaining('conditional branch') });
    const selfReading = ins('add', { repeat: 1, latency: 3, destination: 'r0.y(r)', sources: ['r0.x(r)'] });
    expect(intrinsicHazard(selfReading)).toMatch(/execution 2 reads r0.y, which execution 1 of the same instruction writes/);
    expect(componentDependences(prog(selfReading))).toMatchObject({ ok: false, reason: expect.stringContaining('no schedule can fix that') });
    expect(intrinsicHazard({ ...selfReading, latency: 1 })).toBeNull();
    expect(intrinsicHazard(ins('ldg', { repeat: 1, latency: 'variable', syncClass: 'sy', destination: 'r0.x(r)' }))).toBeNull();
    expect(intrinsicHazard(ins('ldg', { repeat: 1, latency: 'variable', syncClass: 'sy', destination: 'r0.x' }))).toMatch(/both write r0.x/);
    expect(componentDependences(prog(ins('ldg', { latency: 'variable', destination: 'r0.x' })))).toMatchObject({ ok: false, reason: expect.stringContaining('no sync class') });
  });
});
