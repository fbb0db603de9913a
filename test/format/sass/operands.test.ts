import { describe, expect, it } from 'vitest';
import type { InputProblem } from '../../../format/error.js';
import { LineError } from '../../../format/lineSyntax.js';
import {
  architectureFromFileName, listingLines, locateLineError, parseGuard, parseInstructionText, splitOperands,
} from '../../../format/sass/operands.js';

/** The column and message a LineError is thrown with; fails when nothing is thrown. */
function lineError(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof LineError) return `${error.column}: ${error.message}`;
    throw error;
  }
  throw new Error('expected a LineError');
}

describe('splitOperands', () => {
  it('splits at top-level commas, trims, and reports 1-based columns', () => {
    expect(splitOperands(' R5,  [R18+0x4], c[0x0][0x168]', 10)).toEqual({
      operands: ['R5', '[R18+0x4]', 'c[0x0][0x168]'],
      columns: [11, 16, 27],
    });
  });

  it('keeps commas inside [], {}, () and backquoted targets', () => {
    expect(splitOperands('{R4, R5}, c[0x2][R2, 0x4], 32@lo((f + .L_x_0@srel)), `(a, b)', 1).operands)
      .toEqual(['{R4, R5}', 'c[0x2][R2, 0x4]', '32@lo((f + .L_x_0@srel))', '`(a, b)']);
  });

  it('keeps sign, absolute value and reuse marks inside the operand', () => {
    expect(splitOperands('P0, PT, |R9|, -R4.reuse, +INF , !PT', 1).operands).toEqual(['P0', 'PT', '|R9|', '-R4.reuse', '+INF', '!PT']);
  });

  it('splits off a backquoted target written after a space', () => {
    expect(splitOperands('R6 `(_Z7argtestPiS_S_)', 20)).toEqual({ operands: ['R6', '`(_Z7argtestPiS_S_)'], columns: [20, 23] });
    expect(splitOperands('B0, `(.L_x_1)', 1).operands).toEqual(['B0', '`(.L_x_1)']);
  });

  it('gives no operands for blank text', () => {
    expect(splitOperands('   ', 5)).toEqual({ operands: [], columns: [] });
  });

  it('rejects empty operands and unbalanced brackets at their column', () => {
    expect(lineError(() => splitOperands('R1, , R2', 10))).toBe(`14: expected an operand before ','`);
    expect(lineError(() => splitOperands('R1, R2,', 10))).toBe(`17: expected an operand after ','`);
    expect(lineError(() => splitOperands('R1, [R2', 10))).toBe(`14: expected ']' closing this '['`);
    expect(lineError(() => splitOperands('R1, R2]', 10))).toBe(`16: unexpected ']' with no matching opening bracket`);
    expect(lineError(() => splitOperands('[R2)', 1))).toBe(`4: expected ']' closing the '[' at column 1, got ')'`);
  });
});

describe('parseGuard', () => {
  it('reads plain, negated and uniform predicates', () => {
    expect(parseGuard('@P0', 1)).toEqual({ predicate: 'P0', negated: false });
    expect(parseGuard('@!P3', 1)).toEqual({ predicate: 'P3', negated: true });
    expect(parseGuard('@UP1', 1)).toEqual({ predicate: 'UP1', negated: false });
    expect(parseGuard('@!UP0', 1)).toEqual({ predicate: 'UP0', negated: true });
  });

  it('treats an always-true guard as no guard but keeps @!PT', () => {
    expect(parseGuard('@PT', 1)).toBeNull();
    expect(parseGuard('@UPT', 1)).toBeNull();
    expect(parseGuard('@!PT', 1)).toEqual({ predicate: 'PT', negated: true });
  });

  it('rejects anything else at the guard column', () => {
    expect(lineError(() => parseGuard('@Q0', 7))).toBe(`7: expected a predicate guard like @P0, @!P0 or @UP1, got '@Q0'`);
    expect(lineError(() => parseGuard('@P', 7))).toMatch(/^7: /);
  });
});

describe('parseInstructionText', () => {
  it('takes apart a guarded branch', () => {
    expect(parseInstructionText('@!P0 BRA `(.L_x_2) ;', 63, 'a.cuasm', 9)).toEqual({
      guard: { predicate: 'P0', negated: true }, opcode: 'BRA', operands: ['`(.L_x_2)'], operandColumns: [72],
      text: '@!P0 BRA `(.L_x_2)', column: 63, line: 9,
    });
  });

  it('takes apart a load and an instruction without operands', () => {
    const load = parseInstructionText('LDG.E.SYS R5, [UR36] ;', 10, 'a.cuasm', 1);
    expect([load.guard, load.opcode, load.operands, load.operandColumns, load.text]).toEqual([null, 'LDG.E.SYS', ['R5', '[UR36]'], [20, 24], 'LDG.E.SYS R5, [UR36]']);
    expect(parseInstructionText('NOP;', 1, 'a', 1)).toMatchObject({ opcode: 'NOP', operands: [], text: 'NOP' });
    expect(parseInstructionText('EXIT', 1, 'a', 1)).toMatchObject({ opcode: 'EXIT', operands: [], text: 'EXIT' });
  });

  it('drops dual-issue braces around Maxwell/Pascal pairs', () => {
    expect(parseInstructionText('{         MOV R20, c[0x0][0x140] ;', 50, 'a', 1)).toMatchObject({ opcode: 'MOV', column: 60, operands: ['R20', 'c[0x0][0x140]'], text: 'MOV R20, c[0x0][0x140]' });
    expect(parseInstructionText('   S2R R2, SR_TID.X         }', 50, 'a', 1)).toMatchObject({ opcode: 'S2R', column: 53, operands: ['R2', 'SR_TID.X'], text: 'S2R R2, SR_TID.X' });
    expect(parseInstructionText('{     @P0 FADD R3, -R3, -RZ ;', 1, 'a', 1)).toMatchObject({ guard: { predicate: 'P0', negated: false }, column: 7, operands: ['R3', '-R3', '-RZ'] });
  });

  it('keeps nvdisasm (*notes*) in the text but not among the operands', () => {
    const brk = parseInstructionText('@!P0 BRK     (*"BRANCH_TARGETS .L_x_1"*)        }', 1, 'a', 1);
    expect([brk.opcode, brk.operands, brk.text]).toEqual(['BRK', [], '@!P0 BRK     (*"BRANCH_TARGETS .L_x_1"*)']);
    expect(parseInstructionText('BRX R2 -0x110    (*"INDIRECT_CALL"*);', 1, 'a', 1).operands).toEqual(['R2 -0x110']);
  });

  it('reports what was expected, at the column', () => {
    expect(lineError(() => parseInstructionText('@P0 ;', 30, 'a', 1))).toBe('33: expected an opcode after the guard');
    expect(lineError(() => parseInstructionText(' ;', 30, 'a', 1))).toBe('31: expected an instruction (an opcode like MOV)');
    expect(lineError(() => parseInstructionText('1MOV R1 ;', 30, 'a', 1))).toBe(`30: expected an opcode like MOV or LDG.E, got '1MOV'`);
    expect(lineError(() => parseInstructionText('MOV, R1 ;', 30, 'a', 1))).toBe(`33: expected a space after the opcode 'MOV', got ','`);
    expect(lineError(() => parseInstructionText('MOV R1, R2 ; MOV R3, R4 ;', 30, 'a', 1))).toBe(`41: expected the instruction to end at ';', found more text after it`);
    expect(lineError(() => parseInstructionText('@X0 MOV R1, R2 ;', 30, 'a', 1))).toMatch(/^30: expected a predicate guard/);
  });
});

describe('helpers', () => {
  it('reads the architecture a file name states', () => {
    expect(architectureFromFileName('/x/cudatest.7.sm_75.cuasm')).toBe('sm_75');
    expect(architectureFromFileName('ptxas_memory.sm_52.sass')).toBe('sm_52');
    expect(architectureFromFileName('k_sm_90a.sass')).toBe('sm_90a');
    expect(architectureFromFileName('/sm_75/kernel.sass')).toBeNull();
    expect(architectureFromFileName('asm_75x.sass')).toBeNull();
  });

  it('locates a LineError as a problem and passes other errors through', () => {
    const problems: InputProblem[] = [];
    expect(locateLineError(problems, 'f.sass', 4, () => 7)).toBe(7);
    expect(locateLineError(problems, 'f.sass', 4, () => { throw new LineError(9, 'bad'); })).toBeUndefined();
    expect(problems).toEqual([{ file: 'f.sass', line: 4, column: 9, message: 'bad' }]);
    expect(() => locateLineError(problems, 'f', 1, () => { throw new TypeError('bug'); })).toThrow(TypeError);
  });

  it('splits lines with any line ending', () => {
    expect(listingLines('a\r\nb\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
  });
});
