import { describe, expect, it } from 'vitest';
import { isNopInstruction, issueCycles, issueStatistics } from '../../../../impl/components/schedule/cycles.js';
import { ins, prog } from './build.js';

describe('issue cycles', () => {
  it('count every execution and every idle cycle, as (nopN) or as nop instructions; waits count nothing', () => {
    const program = prog(ins('a', { repeat: 2, nops: 3 }), ins('nop', { repeat: 4 }), ins('b', { waits: ['sy'] }));
    expect(issueStatistics(program)).toEqual({ instructions: 2, nops: 8, cycles: 3 + 3 + 5 + 1 });
    expect(issueCycles(program)).toEqual([0, 6, 11]);
  });

  it('a nop is an opcode nop (any modifiers) without register operands', () => {
    expect(isNopInstruction(ins('nop'))).toBe(true);
    expect(isNopInstruction(ins('nop.x'))).toBe(true);
    expect(isNopInstruction(ins('nop', { sources: ['r0.x'] }))).toBe(false);
    expect(isNopInstruction(ins('mov', {}))).toBe(false);
  });
});
