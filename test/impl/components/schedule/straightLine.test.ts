import { describe, expect, it } from 'vitest';
import { straightLine } from '../../../../impl/components/schedule/straightLine.js';
import { ins, prog } from './build.js';

describe('straight-line programs', () => {
  it('takes programs without branches, or with only a closing end; refuses every other branch, saying where', () => {
    expect(straightLine(prog(ins('a'), ins('b')))).toEqual({ ok: true, terminator: null });
    expect(straightLine(prog(ins('a'), { ...ins('end'), branch: { target: 2, conditional: false } }))).toEqual({ ok: true, terminator: 1 });
    expect(straightLine(prog({ ...ins('end'), branch: { target: 2, conditional: false } }, ins('b')))).toMatchObject({ ok: false, reason: expect.stringContaining('ends the program before its last instruction') });
    expect(straightLine(prog(ins('a'), { ...ins('br'), branch: { target: 0, conditional: true } }))).toMatchObject({ ok: false, reason: 'line 2 (br) is a conditional branch: the scheduler takes straight-line programs only' });
    expect(straightLine(prog({ ...ins('jump'), branch: { target: 1, conditional: false } }, ins('b')))).toMatchObject({ ok: false, reason: expect.stringContaining('jumps elsewhere than the end') });
  });
});
