import { describe, expect, it } from 'vitest';
import { stripNops } from '../../../../impl/components/schedule/stripNops.js';
import { ins, prog } from './build.js';

describe('dropping NOPs', () => {
  it('drops nop instructions and nops fields, moves their waits to the next instruction, and retargets the closing end', () => {
    const program = prog(ins('a', { nops: 3 }), ins('nop', { repeat: 5, waits: ['sy'] }), ins('b', { waits: ['ss'] }), ins('nop'), { ...ins('end'), branch: { target: 5, conditional: false } });
    const stripped = stripNops(program);
    expect(stripped.original).toEqual([0, 2, 4]);
    expect(stripped.program.instructions.map((i) => [i.opcode, i.nops, i.waits.join()])).toEqual([['a', 0, ''], ['b', 0, 'sy,ss'], ['end', 0, '']]);
    expect(stripped.program.instructions[2]!.branch).toEqual({ target: 3, conditional: false });
  });
});
