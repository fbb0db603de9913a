/**
 * Code only a call through a register may reach (format/sass/unreachedCode.ts): a proof of the
 * kernel would not cover it, so the verdict is `unknown`, naming the lines; without such a call,
 * unreached code is dead and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { cli } from '../../cli/run.js';
import { scratchWriter, section } from '../../cli/cuasmScratch.js';

const write = scratchWriter('unreached');

/** A kernel calling a subroutine through R6; the subroutine reads a load's result without waiting. */
function kernel(call: string): string {
  return section('k',
    '  k:',
    '      [B------:R-:W-:Y:S15]         /*0000*/                   MOV R6, 0x30 ;',
    `      [B------:R-:W-:Y:S05]         /*0010*/                   ${call} ;`,
    '      [B------:R-:W-:Y:S05]         /*0020*/                   EXIT ;',
    '      [B------:R-:W2:-:S01]         /*0030*/                   LDG.E.SYS R5, [R2] ;',
    '      [B------:R-:W-:Y:S04]         /*0040*/                   FADD R5, R5, R5 ;',
    '      [B------:R-:W-:Y:S05]         /*0050*/                   RET.REL.NODEC R20 0x0 ;',
  );
}

describe('code reached only through a call through a register', () => {
  it('is not checked, so the kernel is unknown, naming the lines', async () => {
    const file = write('call.sm_75.cuasm', kernel('CALL.REL.NOINC R6'));
    const { code, stdout } = await cli('check', file);
    expect(stdout).toContain(': unknown');
    expect(stdout).toMatch(/lines 6 to 8 are on no path the model follows, and the call through a register at line 4 may go there/);
    expect(code).toBe(3);
  });

  it('is dead code without such a call, and the kernel is proved safe', async () => {
    const file = write('nocall.sm_75.cuasm', kernel('NOP'));
    const { code, stdout } = await cli('check', file);
    expect(stdout).toContain(': proved-safe');
    expect(code).toBe(0);
  });
});
