import { describe, expect, it } from 'vitest';
import { parseIr3 } from '../../../format/ir3/parse.js';
import { ir3FlagPrefix, ir3InstructionBody, printIr3Instruction, printIr3Nop, printIr3ShaderAsWritten } from '../../../format/ir3/print.js';

describe('printing ir3 instructions', () => {
  it("writes flags in Mesa's disassembler order, a blank after (nopN)", () => {
    expect(ir3FlagPrefix({ flags: new Set(['ul', 'sat', 'ss', 'sy', 'jp']), repeat: 2, nops: 0 })).toBe('(sy)(ss)(jp)(sat)(rpt2)(ul)');
    expect(ir3FlagPrefix({ flags: new Set(['ss']), repeat: 0, nops: 3 })).toBe('(ss)(nop3) ');
    expect(printIr3Nop(6, ['sy'])).toBe('(sy)(rpt5)nop');
    expect(printIr3Nop(1, [])).toBe('nop');
  });

  it('rewrites waits, repeat and nops, keeping the other flags and the text; the result reads back the same', () => {
    expect(ir3InstructionBody('(ss)(nop3) mul.f r0.x, r1.x, c0.x')).toBe('mul.f r0.x, r1.x, c0.x');
    const log = [
      ':2:0000:0000[40780000x_00041003x] (ss)(nop3) mul.f r0.x, r1.x, c0.x',
      ':2:0001:0004[40780000x_00041003x] (jp)(sat)add.f r0.y, r1.x, c0.x',
    ].join('\n');
    const [mul, add] = parseIr3(log, 'test.log').shaders[0]!.instructions;
    expect(printIr3Instruction(mul!, { waits: ['sy'], repeat: 0, nops: 1 })).toBe('(sy)(nop1) mul.f r0.x, r1.x, c0.x');
    expect(printIr3Instruction(add!, { waits: [], repeat: 0, nops: 0 })).toBe('(jp)(sat)add.f r0.y, r1.x, c0.x');
    const again = parseIr3(`${printIr3Instruction(mul!, { waits: ['sy'], repeat: 0, nops: 1 })}\n`, 'again.asm').shaders[0]!.instructions[0]!;
    expect([...again.flags]).toEqual(['sy']);
    expect(again.nops).toBe(1);
    expect(again.opcode).toBe('mul.f');
  });

  it('prints a shader as written: labels, and flags written after an instruction (assembly) on the next one', () => {
    const shader = parseIr3('mov.u32u32 r0.x, 1\nnop(sy)\nbr p0.x, #done\ndone:\nend\n', 'test.asm').shaders[0]!;
    expect(printIr3ShaderAsWritten(shader)).toEqual(['mov.u32u32 r0.x, 1', 'nop', '(sy)br p0.x, #done', 'done:', 'end']);
  });
});
