import { describe, expect, it } from 'vitest';
import { componentDependences, type DependenceGraph } from '../../../../impl/components/schedule/dependences.js';
import { criticalPath, listSchedule } from '../../../../impl/components/schedule/listScheduler.js';
import type { ComponentProgram } from '../../../../spec/components/program.js';
import { ins, prog } from './build.js';

function graphOf(program: ComponentProgram): DependenceGraph {
  const result = componentDependences(program);
  if (!result.ok) throw new Error(result.reason);
  return result.graph;
}

describe("seed 004's list scheduler (input, ready, active and result lists)", () => {
  // The seed's fmac fragment: (rpt1)fmac keeps r18.z, the next fmac reads r18.y, r18.z; latency 4, edge 3.
  const fmac = ins('fmac', { repeat: 1, latency: 4, destination: 'r18.z' });
  const reader = ins('fmac2', { repeat: 1, latency: 4, destination: 'r20.x(r)', sources: ['r18.y(r)'] });
  const independent = ins('mov', { destination: 'r30.x' });

  it('issues a dependent pair its edge latency apart: 2 idle cycles for the fmac pair (edge 3)', () => {
    const program = prog(fmac, reader);
    const run = listSchedule(program, graphOf(program));
    expect(run.order).toEqual([0, 1]);
    expect(run.start).toEqual([0, 4]);
    expect(run.idle).toBe(2);
    expect(run.cycles).toBe(6);
  });

  it('fills the gap with an independent instruction, from anywhere in the input: 1 idle cycle left', () => {
    for (const program of [prog(fmac, reader, independent), prog(independent, fmac, reader)]) {
      const run = listSchedule(program, graphOf(program));
      const names = run.order.map((index) => program.instructions[index]!.opcode);
      expect(names).toEqual(['fmac', 'mov', 'fmac2']);
      expect(run.idle).toBe(1);
    }
  });

  it('priority: the longest latency-weighted path to the end, then program order', () => {
    const program = prog(independent, fmac, reader);
    expect(criticalPath(program, graphOf(program))).toEqual([1, 1 + 3 + 2, 2]);
    const ties = prog(ins('a', { destination: 'r1.x' }), ins('b', { destination: 'r2.x' }), ins('c', { destination: 'r3.x' }));
    expect(listSchedule(ties, graphOf(ties)).order).toEqual([0, 1, 2]);
  });

  it('the active list empties once every successor edge is covered; the result list is the issue order', () => {
    const program = prog(fmac, reader, independent);
    const run = listSchedule(program, graphOf(program));
    expect(run.order).toEqual([0, 2, 1]);
    // fmac completes only once fmac2's dynamic latency reached 3, after mov issued; mov, with no successor, at once.
    expect(run.completed).toEqual([2, 0, 1]);
  });

  it('a long independent instruction can make greedy issue lose to program order (the scheduler then keeps program order)', () => {
    const program = prog(ins('a', { latency: 3, destination: 'r0.x' }), ins('x', { repeat: 7, destination: 'r5.x(r)' }), ins('b', { repeat: 3, destination: 'r9.x(r)', sources: ['r0.x'] }));
    const run = listSchedule(program, graphOf(program));
    expect(run.order).toEqual([1, 0, 2]);
    expect(run.cycles).toBe(15);
  });

  it('a schedule of 2,000 instructions takes well under a second', () => {
    const instructions = Array.from({ length: 2000 }, (_, i) => ins(`i${i}`, { latency: 1 + (i % 7), destination: `r${i % 40}.${'xyzw'[i % 4]}`, sources: [`r${(i * 7) % 40}.${'xyzw'[(i * 3) % 4]}`] }));
    const program = prog(...instructions);
    const started = performance.now();
    const run = listSchedule(program, graphOf(program));
    expect(run.order.length).toBe(2000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
