import { describe, expect, it } from 'vitest';
import { issueStatistics } from '../../../../impl/components/schedule/cycles.js';
import { encodeIdle, MODEL_IDLE } from '../../../../impl/components/schedule/idle.js';
import { ir3IdleEncoding } from '../../../../impl/components/schedule/ir3.js';
import type { ComponentProgram } from '../../../../spec/components/program.js';
import { ins, prog } from './build.js';

const show = (program: ComponentProgram) => program.instructions.map((i) => `${i.waits.map((w) => `(${w})`).join('')}${i.repeat ? `(rpt${i.repeat})` : ''}${i.nops ? `(nop${i.nops})` : ''}${i.opcode}`);

describe('encoding idle cycles', () => {
  it('ir3 with (nopN): at most 3 on a category 2-3 instruction without (rptN), the rest as nops of at most 6 cycles', () => {
    const program = prog(ins('add.f', { nops: 5 }), ins('mov.f32f32', { nops: 9 }), ins('mul.f', { repeat: 1, nops: 2 }), ins('mad.f32', { nops: 2 }), ins('end'));
    const encoded = encodeIdle(program, ir3IdleEncoding(true));
    expect(show(encoded.program)).toEqual(['(nop3)add.f', '(rpt1)nop', 'mov.f32f32', '(rpt5)nop', '(rpt2)nop', '(rpt1)mul.f', '(rpt1)nop', '(nop2)mad.f32', 'end']);
    expect(encoded.origin).toEqual([0, null, 1, null, null, 2, null, 3, 4]);
    expect(issueStatistics(encoded.program)).toEqual(issueStatistics(program));
  });

  it('ir3 without (nopN) (listings for GPUs before a6xx): nop lines only', () => {
    const encoded = encodeIdle(prog(ins('add.f', { nops: 5 }), ins('end')), ir3IdleEncoding(false));
    expect(show(encoded.program)).toEqual(['add.f', '(rpt4)nop', 'end']);
  });

  it('(ss) on categories 5-6 moves to a nop before them: an idle cycle if there is one, else one more cycle', () => {
    const sin = ins('sin', { latency: 'variable', syncClass: 'ss', destination: 'r0.x' });
    const ldg = ins('ldg.u32', { waits: ['ss', 'sy'], destination: 'r1.x', sources: ['r0.x'] });
    const tight = encodeIdle(prog(sin, ldg), ir3IdleEncoding(true));
    expect(show(tight.program)).toEqual(['sin', '(ss)nop', '(sy)ldg.u32']);
    expect(issueStatistics(tight.program).cycles).toBe(3);
    expect(show(encodeIdle(prog({ ...sin, nops: 2 }, ldg), ir3IdleEncoding(true)).program)).toEqual(['sin', '(ss)(rpt1)nop', '(sy)ldg.u32']);
    expect(show(encodeIdle(prog(ins('add.f', { nops: 2 }), ldg), ir3IdleEncoding(true)).program)).toEqual(['(nop1)add.f', '(ss)nop', '(sy)ldg.u32']);
    expect(show(encodeIdle(prog(ldg), ir3IdleEncoding(true)).program)).toEqual(['(ss)nop', '(sy)ldg.u32']);
    expect(show(encodeIdle(prog(ins('add.f', { waits: ['ss'] })), ir3IdleEncoding(true)).program)).toEqual(['(ss)add.f']);
  });

  it('retargets the closing end; the model notation changes nothing', () => {
    const program = prog(ins('mov', { nops: 8 }), { ...ins('end'), branch: { target: 2, conditional: false } });
    const encoded = encodeIdle(program, ir3IdleEncoding(false)).program;
    expect(encoded.instructions.at(-1)!.branch).toEqual({ target: 4, conditional: false });
    expect(encodeIdle(program, MODEL_IDLE).program).toEqual(program);
  });
});
