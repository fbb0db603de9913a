import { describe, expect, it } from 'vitest';
import { checkComponentProgram } from '../../../../impl/components/check.js';
import { baselineComponentProgram } from '../../../../impl/components/schedule/baseline.js';
import { scheduleComponentProgram } from '../../../../impl/components/schedule/schedule.js';
import { ins, prog } from './build.js';

describe('the in-order, full-latency baseline', () => {
  it('keeps program order and pads every dependence to the full latency, whatever the distance', () => {
    const program = prog(
      ins('add', { repeat: 2, latency: 5, destination: 'r0.x(r)' }),
      ins('free', { destination: 'r5.x' }),
      ins('mul', { destination: 'r1.x', sources: ['r0.x'] }),
    );
    const result = baselineComponentProgram(program);
    if (!result.ok) throw new Error(result.reason);
    expect(result.method).toBe('in-order');
    expect(result.order).toEqual([0, 1, 2]);
    // mul issues 5 cycles after add's last execution (cycle 2): free takes cycle 3, cycles 4-6 are idle.
    expect(result.program.instructions.map((i) => i.nops)).toEqual([0, 3, 0]);
    expect(result.statistics).toEqual({ instructions: 3, nops: 3, cycles: 8 });
    expect(checkComponentProgram(result.program, null).verdict).toBe('proved-safe');
  });

  it('false dependences stay 1 and output dependences use the corrected rule without distance', () => {
    // slow writes r0.x then r0.y; fast writes r0.x: mask distance 1, so the proved rule gives 5, the baseline (no distance) 6.
    const program = prog(
      ins('slow', { repeat: 1, latency: 6, destination: 'r0.x(r)', sources: ['r9.x'] }),
      ins('fast', { latency: 1, destination: 'r0.x' }),
      ins('over', { latency: 1, destination: 'r9.x' }),
    );
    const result = baselineComponentProgram(program);
    if (!result.ok) throw new Error(result.reason);
    const edges = (graph: typeof result.graph) => graph.dependences.map((d) => `${d.kind} ${d.predecessor}->${d.successor} ${d.edge}`);
    expect(edges(result.graph)).toEqual(expect.arrayContaining(['output 0->1 6', 'anti 0->2 1']));
    const proved = scheduleComponentProgram(program);
    expect(proved.ok && edges(proved.graph)).toEqual(expect.arrayContaining(['output 0->1 5', 'anti 0->2 1']));
  });
});
