import { describe, expect, it } from 'vitest';
import { componentDependences } from '../../../../impl/components/schedule/dependences.js';
import { emitSchedule } from '../../../../impl/components/schedule/emit.js';
import { ins, prog } from './build.js';

describe('emitting a schedule', () => {
  it('puts the idle cycles before each instruction on the one before it, and a wait only where a producer of its class is still uncovered', () => {
    const program = prog(
      ins('ldg', { latency: 'variable', syncClass: 'sy', destination: 'r0.x' }),
      ins('sin', { latency: 'variable', syncClass: 'ss', destination: 'r1.x' }),
      ins('use', { destination: 'r2.x', sources: ['r0.x'] }),
      ins('use2', { destination: 'r3.x', sources: ['r0.x', 'r1.x'] }),
    );
    const result = componentDependences(program);
    if (!result.ok) throw new Error(result.reason);
    const emitted = emitSchedule(program, result.graph, { order: [0, 1, 2, 3], start: [0, 1, 4, 5], cycles: 6 }, false);
    expect(emitted.instructions.map((i) => [i.opcode, i.nops, i.waits.join()])).toEqual([['ldg', 0, ''], ['sin', 2, ''], ['use', 0, 'sy'], ['use2', 0, 'ss']]);
  });
});
