import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineError } from '../../../format/lineSyntax.js';
import { packageRoot } from '../../../format/packageRoot.js';
import { parseTuringas, parseTuringasControl } from '../../../format/sass/turingas.js';
import { rejection } from '../../helpers.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
if (!existsSync(corpus)) console.warn(`turingas corpus tests skipped: ${corpus} is absent`);

const SOURCE = [
  '# a TuringAs kernel',
  '<params>',
  'input, 8   # pointer',
  'n, 4',
  '</params>',
  '<CONSTS>',
  'table, 16',
  '</CONSTS>',
  '<regs>',
  '0-3 : in0, in1, v<0-1>',
  '8, 9 ~ tid',
  '</regs>',
  '<SMEM> 1024 </SMEM>',
  '--:-:0:Y:f    S2R tid, SR_TID.X;',
  '01:-:-:-:6    MOV in0, input[0];',
  '--:-:-:-:2    MOV in1, input[1];   ignored after the semicolon, as turingas does',
  'LOOP:',
  '--:0:2:-:1    LDG.E v0, [in0+4];',
  '04:-:-:-:a    @!P0 BRA LOOP;  # back',
  '  --:-:-:-:2  MOV v1, table[3];',
  '--:-:-:-:2    IMAD v1, blockDim.x, n, RZ;',
  '10:-:-:Y:0    EXIT;',
].join('\n');

function problems(text: string): string[] {
  return rejection(() => parseTuringas(text, 'bad.sass'));
}

describe('parseTuringas', () => {
  it('imports one kernel with labels, controls, guards and substituted names', () => {
    const listing = parseTuringas(SOURCE, 'k.sass');
    expect([listing.notation, listing.architecture, listing.kernels.length]).toEqual(['turingas', 'sm_75', 1]);
    const kernel = listing.kernels[0]!;
    expect([kernel.name, kernel.line, kernel.labels]).toEqual(['kern', 1, { LOOP: 3 }]);
    expect(kernel.instructions[0]).toEqual({
      line: 14, column: 15, address: null,
      control: { wait: [], readScoreboard: null, writeScoreboard: 0, yield: true, stall: 15 },
      guard: null, opcode: 'S2R', operands: ['R8', 'SR_TID.X'], operandColumns: [19, 24], text: 'S2R tid, SR_TID.X',
    });
    expect(kernel.instructions.map((i) => [i.line, i.control.wait, i.control.stall, i.guard, i.opcode, i.operands])).toEqual([
      [14, [], 15, null, 'S2R', ['R8', 'SR_TID.X']],
      [15, [0], 6, null, 'MOV', ['R0', 'c[0x0][0x160]']],
      [16, [], 2, null, 'MOV', ['R1', 'c[0x0][0x164]']],
      [18, [], 1, null, 'LDG.E', ['R2', '[R0+4]']],
      [19, [2], 10, { predicate: 'P0', negated: true }, 'BRA', ['LOOP']],
      [20, [], 2, null, 'MOV', ['R3', 'c[0x3][0xc]']],
      [21, [], 2, null, 'IMAD', ['R3', 'c[0x0][0x0]', 'c[0x0][0x168]', 'RZ']],
      [22, [1, 3], 0, null, 'EXIT', []],
    ]);
    expect(kernel.instructions[3]!.control).toEqual({ wait: [], readScoreboard: 0, writeScoreboard: 2, yield: false, stall: 1 });
    expect(kernel.instructions[2]!.text).toBe('MOV in1, input[1]');
  });

  it('takes the architecture from the file name, else turingas\' default -arch 75', () => {
    expect(parseTuringas('--:-:-:-:1 NOP;', 'gemm.sm_80.sass').architecture).toBe('sm_80');
    expect(parseTuringas('--:-:-:-:1 NOP;', 'gemm.sass').architecture).toBe('sm_75');
  });

  it('reads the wait mask as a decimal number whose bits are scoreboards', () => {
    expect(parseTuringasControl('10:-:-:-:2', 1).wait).toEqual([1, 3]);
    expect(parseTuringasControl('63:5:4:y:F', 1)).toEqual({ wait: [0, 1, 2, 3, 4, 5], readScoreboard: 5, writeScoreboard: 4, yield: true, stall: 15 });
    expect(parseTuringasControl('00:-:-:-:0', 1).wait).toEqual([]);
  });

  it('reports every mistake with line, column and what was expected', () => {
    const text = [
      '<regs>',
      '0-1 : a, b, c',
      '2 : x',
      '3 : x',
      'q : y',
      '</regs>',
      '<params>',
      'p, 6',
      'p2',
      'ok, 4',
      '</params>',
      '64:-:-:-:1    MOV x, RZ;',
      '0a:-:-:-:1    MOV x, RZ;',
      '--:6:-:-:1    MOV x, RZ;',
      '--:-:-:Q:1    MOV x, RZ;',
      '--:-:-:-:-    MOV x, RZ;',
      '--:-:-:-      MOV x, RZ;',
      '--:-:-:-:1    MOV x, RZ',
      '--:-:-:-:1    MOV x, {1+1};',
      'LOOP: --:-:-:-:1 NOP;',
      '--:-:-:-:1',
      '--:-:-:-:1    MOV x, ok[1];',
      'LOOP:',
      'LOOP:',
      '<code>',
      "out_ = ''",
      '</code>',
      '<foo>',
      '  <REGS>',
      '4 : z',
    ].join('\n');
    expect(problems(text)).toEqual([
      '2:5: 2 registers for 3 names: expected as many registers as names',
      `4:5: name 'x' is already defined`,
      `5:1: expected a register number or range like 4 or 0-63, got 'q'`,
      `8:4: expected a size in bytes that is a multiple of 4, got '6'`,
      `9:1: expected 'NAME, SIZE' like 'input, 8', got 'p2'`,
      '12:1: wait mask 64 sets bits above scoreboard 5: expected 00..63',
      `13:1: expected the wait mask as two decimal digits whose bits are scoreboards (01 = scoreboard 0, 10 = scoreboards 1 and 3) or '--', got '0a'`,
      `14:4: expected the read scoreboard as a digit 0..5 or '-', got '6'`,
      `15:8: expected the yield flag 'Y' or '-', got 'Q'`,
      `16:10: a '-' stall makes turingas pick a per-opcode default; write the stall as a hex digit 0..f`,
      `17:1: expected a control field like '--:-:1:-:2' (wait mask:read SB:write SB:yield:stall), got '--:-:-:-'`,
      `18:24: expected ';' ending the instruction`,
      `19:22: turingas evaluates '{...}' as inline Python when assembling; expand it first (hazardproof reads only plain instruction lines)`,
      `20:7: expected nothing after the label 'LOOP:' (put the instruction on its own line)`,
      '21:11: expected an instruction after the control field',
      `22:22: 'ok' is 4 bytes: word 1 is out of range`,
      `24:1: label 'LOOP' is already defined at line 23`,
      '25:1: turingas runs <CODE> blocks as Python when assembling; expand them first (hazardproof reads only plain instruction lines)',
      '28:1: unknown block <foo>: turingas knows <REGS>, <PARAMS>, <CONSTS>, <SMEM> and <CODE>',
      '29:3: expected </REGS> closing the <REGS> block opened here',
    ]);
  });

  it('rejects a file without instructions at line 1', () => {
    expect(problems('# nothing\n<regs>\n0 : a\n</regs>\n')).toEqual([`1:1: no instructions: expected lines like '--:-:-:-:2    MOV R0, R1;'`]);
  });

  it('throws LineError from parseTuringasControl at the field column', () => {
    const thrown = (() => {
      try {
        return parseTuringasControl('--:-:9:-:1', 5);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(LineError);
    expect([(thrown as LineError).column, (thrown as LineError).message]).toEqual([10, `expected the write scoreboard as a digit 0..5 or '-', got '9'`]);
  });
});

describe.skipIf(!existsSync(corpus))('TuringAs corpus', () => {
  const source = (name: string) => readFileSync(join(corpus, 'turingas', name), 'utf8');

  it('copy_element.sass: 12 instructions, parameters and registers substituted', () => {
    const kernel = parseTuringas(source('copy_element.sass'), 'copy_element.sass').kernels[0]!;
    expect(kernel.instructions).toHaveLength(12);
    expect(kernel.labels).toEqual({});
    expect(kernel.instructions.map((i) => i.opcode)).toEqual(['MOV', 'MOV', 'MOV', 'MOV', 'LDG.E', 'STG.E', 'MOV', 'IMAD.WIDE', 'LDG.E', 'IMAD.WIDE', 'STG.E', 'EXIT']);
    expect(kernel.instructions[5]).toEqual({
      line: 17, column: 16, address: null,
      control: { wait: [1], readScoreboard: null, writeScoreboard: null, yield: false, stall: 2 },
      guard: null, opcode: 'STG.E', operands: ['[R2]', 'R4'], operandColumns: [22, 34], text: 'STG.E [output_0], tmp',
    });
    expect(kernel.instructions[3]!.operands).toEqual(['R3', 'c[0x0][0x16c]']);
  });

  it('lds32.sass: its <CODE> block (Python) is refused at its line', () => {
    expect(rejection(() => parseTuringas(source('lds32.sass'), 'lds32.sass'))).toEqual([
      '17:1: turingas runs <CODE> blocks as Python when assembling; expand them first (hazardproof reads only plain instruction lines)',
    ]);
  });

  it('lds32.sass with its <CODE> block expanded: 141 instructions, the loop at index 6', () => {
    // What the block's Python prints: one IADD3, 128 LDS with an ISETP before the 65th, a BRA.
    const loop = ['--:-:-:-:1    IADD3 iter, iter, 1, RZ;'];
    for (let i = 0; i < 128; i++) {
      if (i === 64) loop.push('--:-:-:-:1    ISETP.LT.AND P0, PT, iter, 128, PT;');
      loop.push('--:-:-:-:1    LDS target, [offset];');
    }
    loop.push('--:-:-:-:2  @P0  BRA LOOP;');
    const expanded = source('lds32.sass').replace(/<code>[\s\S]*?<\/code>/, loop.join('\n'));
    const kernel = parseTuringas(expanded, 'lds32.sass').kernels[0]!;
    expect(kernel.instructions).toHaveLength(141);
    expect(kernel.labels).toEqual({ LOOP: 6 });
    expect(kernel.instructions[0]!.control).toEqual({ wait: [], readScoreboard: null, writeScoreboard: 1, yield: false, stall: 5 });
    expect(kernel.instructions[3]).toMatchObject({ control: { wait: [1] }, opcode: 'SHF.L', operands: ['R3', 'R2', '2', 'RZ'] });
    expect(kernel.instructions[136]).toMatchObject({ guard: { predicate: 'P0', negated: false }, opcode: 'BRA', operands: ['LOOP'] });
  });
});
