import { describe, expect, it } from 'vitest';
import { componentDependences } from '../../../../impl/components/schedule/dependences.js';
import { inOrderSchedule } from '../../../../impl/components/schedule/inOrder.js';
import { violatedEdge } from '../../../../impl/components/schedule/issueSchedule.js';
import { ins, prog } from './build.js';

describe('in-order issue', () => {
  it('issues in program order, each instruction at the first cycle its edges allow; violatedEdge finds a broken schedule', () => {
    const program = prog(ins('a', { repeat: 1, latency: 4, destination: 'r0.x(r)' }), ins('b', { destination: 'r1.x', sources: ['r0.y'] }), ins('c', { destination: 'r2.x' }));
    const result = componentDependences(program);
    if (!result.ok) throw new Error(result.reason);
    const schedule = inOrderSchedule(program, result.graph);
    expect(schedule).toEqual({ order: [0, 1, 2], start: [0, 5, 6], cycles: 7 });
    expect(violatedEdge(program, result.graph, schedule)).toBeNull();
    expect(violatedEdge(program, result.graph, { ...schedule, start: [0, 4, 5] })).toBe("instruction 2 issues 3 cycle(s) after instruction 1's last execution, edge latency 4");
    expect(violatedEdge(program, result.graph, { order: [1, 0, 2], start: [1, 0, 6], cycles: 7 })).toBe('instruction 2 issues before instruction 1, which it depends on');
  });
});
