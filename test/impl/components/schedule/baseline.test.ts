import { describe, expect, it } from 'vitest';
import { checkComponentProgram } from '../../../../impl/components/check.js';
import { baselineComponentProgram } from '../../../../impl/components/schedule/baseline.js';
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
    const program = prog(ins('slow', { repeat: 1, latency: 6, destination: 'r0.x(r)' }), ins('fast', { latency: 1, destination: 'r0.y' }));
    const result = baselineComponentProgram(program);
    expect(result.ok && result.graph.dependences).toMatchObject([{ kind: 'output', edge: 6 }]);
  });
});
