/**
 * Code only a call through a register may reach (format/sass/unreachedCode.ts, the dispatcher in
 * format/sass/lower.ts): it is checked as the call's callee, with what is in flight at the call,
 * so a hazard inside it is shown and a subroutine that waits is proved; without such a call,
 * unreached code is dead and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { cli } from '../../cli/run.js';
import { scratchWriter, section } from '../../cli/cuasmScratch.js';

const write = scratchWriter('unreached');

/** A kernel calling (or not) a subroutine through R6; the subroutine reads a load's result, waiting on its scoreboard when `wait`. */
function kernel(call: string, wait: boolean): string {
  return section('k',
    '  k:',
    '      [B------:R-:W-:Y:S15]         /*0000*/                   MOV R6, 0x30 ;',
    `      [B------:R-:W-:Y:S05]         /*0010*/                   ${call} ;`,
    '      [B------:R-:W-:Y:S05]         /*0020*/                   EXIT ;',
    '      [B------:R-:W2:-:S02]         /*0030*/                   LDG.E.SYS R5, [R2] ;',
    `      [${wait ? 'B--2---' : 'B------'}:R-:W-:Y:S04]         /*0040*/                   FADD R5, R5, R5 ;`,
    '      [B------:R-:W-:Y:S05]         /*0050*/                   RET.REL.NODEC R20 0x0 ;',
  );
}

describe('code reached only through a call through a register', () => {
  it('is checked as the callee: a read of a load without its wait there is a hazard', async () => {
    const file = write('call.sm_75.cuasm', kernel('CALL.REL.NOINC R6', false));
    const { code, stdout } = await cli('check', file);
    expect(stdout).toContain(': hazard');
    expect(stdout).toMatch(/RAW on R5: line 7 \(FADD R5, R5, R5\)/);
    expect(stdout).toMatch(/the call through a register may go to line 6 \(code no other path reaches\)/);
    expect(code).toBe(1);
  });

  it('is proved with its wait, under the call\'s stated assumptions', async () => {
    const file = write('callwait.sm_75.cuasm', kernel('CALL.REL.NOINC R6', true));
    const { code, stdout } = await cli('check', file);
    expect(stdout).toContain(': proved-safe');
    expect(code).toBe(0);
  });

  it('is dead code without such a call, and the kernel is proved safe', async () => {
    const file = write('nocall.sm_75.cuasm', kernel('NOP', false));
    const { code, stdout } = await cli('check', file);
    expect(stdout).toContain(': proved-safe');
    expect(code).toBe(0);
  });
});
