import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import { packageRoot } from '../../../format/packageRoot.js';
import { parseCuasm } from '../../../format/sass/cuasm.js';
import { rejection } from '../../helpers.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
if (!existsSync(corpus)) console.warn(`cuasm corpus tests skipped: ${corpus} is absent`);

const NONE = { wait: [], readScoreboard: null, writeScoreboard: null };

const LISTING = [
  '// --------------------- FileHeader',
  '\t.__elf_flags            0x4b054b \t\t// Flags, SM_75(0x4b), COMPUTE_75(0x4b)',
  '\t.section\t.nv.info,"",@"SHT_CUDA_INFO"',
  '  .L_9:',
  '    /*0000*/ .byte 0x04, 0x2f, not an instruction',
  '\t.section\t.text._Z4testPi,"ax",@progbits',
  '  \t.sectioninfo\t@"SHI_REGISTERS=24"',
  '  _Z4testPi:',
  '  .text._Z4testPi:',
  '      [B------:R-:W-:Y:S08] /*0000*/ IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] ;',
  '      [B------:R-:W2:-:S01] /*0010*/ LDG.E.SYS R5, [R2+0x4] ;   // a comment',
  '  .L_x_1:',
  '      [B--2---:R0:W1:-:S07] /*0020*/ @!P0 BRA `(.L_x_1) ;',
  '      [B01--4-:R-:W-:-:S05] /*0030*/ EXIT ;',
  '  .L_x_2:',
  '// --------------------- .text._Z5otherv',
  '\t.section\t.text._Z5otherv,"ax",@progbits',
  '  $_Z5otherv$inner:',
  '      [----:B------:R-:W-:Y:S08] /*0008*/ MOV R1, c[0x0][0x20] ;',
  '      [R---:B0-----:R-:W-:-:S06] /*0010*/ {  MOV R4, c[0x0] [0x150] ;',
  '      [----:B------:R-:W0:-:S15] /*0018*/    S2R R0, SR_TID.X   }',
  '\t.section\t.nv.shared._Z4testPi,"aw",@nobits',
  '\tthis line is not read',
].join('\r\n');

function problems(text: string, file = 'bad.cuasm'): string[] {
  return rejection(() => parseCuasm(text, file));
}

const TEXT = '\t.section\t.text._Z1fv,"ax",@progbits\n';
const OK = '      [B------:R-:W-:Y:S01] /*0000*/ MOV R1, R2 ;\n';

describe('parseCuasm', () => {
  it('imports kernels, labels, addresses, controls, guards and operands', () => {
    const listing = parseCuasm(LISTING, 'test.cuasm');
    expect(listing.notation).toBe('cuasm');
    expect(listing.architecture).toBe('sm_75');
    expect(listing.kernels.map((kernel) => [kernel.name, kernel.line, kernel.instructions.length])).toEqual([['_Z4testPi', 6, 4], ['_Z5otherv', 17, 3]]);
    const test = listing.kernels[0]!;
    expect(test.labels).toEqual({ _Z4testPi: 0, '.text._Z4testPi': 0, '.L_x_1': 2, '.L_x_2': 4 });
    expect(test.instructions[0]).toEqual({
      line: 10, column: 38, address: 0, control: { ...NONE, yield: true, stall: 8 }, guard: null,
      opcode: 'IMAD.MOV.U32', operands: ['R1', 'RZ', 'RZ', 'c[0x0][0x28]'], operandColumns: [51, 55, 59, 63],
      text: 'IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]',
    });
    expect(test.instructions[1]).toMatchObject({ line: 11, address: 0x10, control: { ...NONE, writeScoreboard: 2, yield: false, stall: 1 }, operands: ['R5', '[R2+0x4]'] });
    expect(test.instructions[2]).toEqual({
      line: 13, column: 38, address: 0x20, control: { wait: [2], readScoreboard: 0, writeScoreboard: 1, yield: false, stall: 7 },
      guard: { predicate: 'P0', negated: true }, opcode: 'BRA', operands: ['`(.L_x_1)'], operandColumns: [47], text: '@!P0 BRA `(.L_x_1)',
    });
    expect(test.instructions[3]!.control).toEqual({ ...NONE, wait: [0, 1, 4], yield: false, stall: 5 });
  });

  it('reads the old layout with 4 reuse characters and Maxwell dual-issue braces', () => {
    const other = parseCuasm(LISTING, 'test.cuasm').kernels[1]!;
    expect(other.labels).toEqual({ '$_Z5otherv$inner': 0 });
    expect(other.instructions.map((i) => [i.address, i.control, i.opcode, i.operands, i.column])).toEqual([
      [8, { ...NONE, yield: true, stall: 8 }, 'MOV', ['R1', 'c[0x0][0x20]'], 43],
      [16, { ...NONE, wait: [0], yield: false, stall: 6 }, 'MOV', ['R4', 'c[0x0] [0x150]'], 46],
      [24, { ...NONE, writeScoreboard: 0, yield: false, stall: 15 }, 'S2R', ['R0', 'SR_TID.X'], 46],
    ]);
  });

  it('takes the architecture from the ELF flags, else the header flag, else the file name', () => {
    const kernel = `${TEXT}${OK}`;
    expect(parseCuasm(`\t.__elf_flags 0x3d053d\n${kernel}`, 'a.sm_75.cuasm').architecture).toBe('sm_61');
    expect(parseCuasm(`// .headerflags @"EF_CUDA_64BIT_ADDRESS EF_CUDA_SM86"\n${kernel}`, 'a.sm_75.cuasm').architecture).toBe('sm_86');
    expect(parseCuasm(kernel, 'dir/a.sm_70.cuasm').architecture).toBe('sm_70');
    expect(parseCuasm(kernel, 'a.cuasm').architecture).toBeNull();
  });

  it('accepts instruction lines without an address', () => {
    expect(parseCuasm(`${TEXT}  [B------:R-:W-:-:S02] NOP ;\n`, 'a.cuasm').kernels[0]!.instructions[0]).toMatchObject({ address: null, column: 25, opcode: 'NOP' });
  });

  it('reports every malformed line of a text section with line, column and what was expected', () => {
    const text = TEXT + [
      '      [B------:R-:W-:Y:S1x] /*0000*/ MOV R1, R2 ;',
      '      [B1-----:R-:W-:Y:S01] /*0010*/ MOV R1, R2 ;',
      '      [B------:R-:W-:Y:S01 /*0020*/ MOV R1 ;',
      '      MOV R1, R2 ;',
      '      [B------:R-:W-:Y:S01] /*00g0*/ MOV R1, R2 ;',
      '      [B------:R-:W-:Y:S01] /*0050*/ @P9x MOV R1, R2 ;',
      '  .L_x_1: [B------:R-:W-:Y:S01] MOV R1 ;',
      '  .L_x_1:',
      '      [B------:R-:W-:Y:S01] /*0060*/ ;',
      '      [B------:R-:W-:Y:S01] /*0070*/',
      '      [B------:R-:W-:Y:S01] /*0080*/ MOV R1, [R2 ;',
    ].join('\n');
    expect(problems(text)).toEqual([
      `2:24: expected the stall 'S' followed by a decimal count 0..15, got 'S1x'`,
      `3:9: wait mask position 0 must be '-' or '0', got '1'`,
      `4:7: expected ']' closing the control field`,
      `5:7: expected an instruction line like '[B------:R-:W-:-:S01] /*0000*/ MOV R1, R2 ;', a label 'NAME:' or a directive '.NAME'`,
      '6:29: expected a hexadecimal address like /*0120*/',
      `7:38: expected a predicate guard like @P0, @!P0 or @UP1, got '@P9x'`,
      `8:11: expected nothing after the label '.L_x_1:' (put the instruction on its own line)`,
      `9:3: label '.L_x_1' is already defined at line 8`,
      '10:38: expected an instruction (an opcode like MOV)',
      '11:37: expected an instruction after the control field',
      `12:46: expected ']' closing this '['`,
    ]);
  });

  it('formats problems as file:line:column', () => {
    const error = (() => {
      try {
        parseCuasm(`${TEXT}      [B------:R-:W-:Y:S01] /*0000*/ @P9x MOV R1 ;\n`, 'k.cuasm');
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/^k\.cuasm:2:38: expected a predicate guard/);
  });

  it('rejects a file without kernel code at line 1', () => {
    const message = `1:1: no .text section with instructions: expected a kernel section like '.section .text.NAME,"ax",@progbits' holding instruction lines`;
    expect(problems('\t.section\t.nv.info,"",@"SHT_CUDA_INFO"\n  .L_9:\n')).toEqual([message]);
    expect(problems(`${TEXT}  _Z1fv:\n`)).toEqual([message]);
    expect(problems('')).toEqual([message]);
  });
});

// CuAssembler's first layout: cloudcores/CuAssembler @7b3bbfe7, TestData/Mandelbrot.sm_75.cuasm
// lines 1-2, 10, 20-21, 634-636, 647-652 (MIT), signatures and hex shortened; BRA's line made up.
const LAYOUT_2019 = [
  '# file header ',
  '.FileHeader {"Signature":"9d26e37d", "Type":"Data"}',
  '#          e_flags : 4916555',
  '# section ',
  '.SectionHeader {"Signature":"9e99c570", "Type":"Data", "Name":""}',
  '# section .text._Z11Mandelbrot1IdEvP6uchar4iiiT_S2_S2_S2_S2_S0_iiiib',
  '.SectionHeader {"Signature":"fdafbf11", "Type":"Data", "Name":".text._Z11Mandelbrot1IdEvP6uchar4iiiT_S2_S2_S2_S2_S0_iiiib"}',
  '#          sh_name : 50',
  '3200000001000000060000000000000000000000000000008024000000000000',
  '.SectionData {"Signature":"0ec04d45", "Type":"Code"}',
  'L00000: [----:B------:R-:W-:Y:S08]         IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] ;              /* 0x00000a00ff017624; 0x000fd000078e00ff */',
  'L00010: [----:B------:R-:W0:-:S02]         S2R R0, SR_CTAID.X ;                                 /* 0x0000000000007919; 0x000e240000002500 */',
  'L00020: [----:B0-----:R-:W-:Y:S12]         ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x1b0], PT ;     /* 0x00006c0000007a0c; 0x001fd80003f06070 */',
  'L00030: [----:B------:R-:W-:-:S05]     @P0 EXIT ;                                               /* 0x000000000000094d; 0x000fea0003800000 */',
  'L00040: [----:B------:R-:W-:Y:S00]         BRA 0x40;                                            /* 0xfffffff000007947; 0x000fc0000383ffff */',
  '',
  '# section .nv.shared.reserved.0',
  '.SectionHeader {"Signature":"76422626", "Type":"Data", "Name":".nv.shared.reserved.0"}',
].join('\n');

describe('parseCuasm, 2019 layout', () => {
  it('reads # section lines, skips the header directives, comments and hex, and takes each address from its L label', () => {
    const listing = parseCuasm(LAYOUT_2019, 'Mandelbrot.cuasm');
    // e_flags 4916555 = 0x4b054b: SM 0x4b = 75.
    expect([listing.architecture, listing.kernels.map((kernel) => [kernel.name, kernel.line])]).toEqual(['sm_75', [['_Z11Mandelbrot1IdEvP6uchar4iiiT_S2_S2_S2_S2_S0_iiiib', 6]]]);
    const instructions = listing.kernels[0]!.instructions;
    expect(instructions.map((i) => [i.address, i.control, i.guard, i.opcode, i.operands])).toEqual([
      [0x00, { ...NONE, yield: true, stall: 8 }, null, 'IMAD.MOV.U32', ['R1', 'RZ', 'RZ', 'c[0x0][0x28]']],
      [0x10, { ...NONE, writeScoreboard: 0, yield: false, stall: 2 }, null, 'S2R', ['R0', 'SR_CTAID.X']],
      [0x20, { ...NONE, wait: [0], yield: true, stall: 12 }, null, 'ISETP.GE.U32.AND', ['P0', 'PT', 'R0', 'c[0x0][0x1b0]', 'PT']],
      [0x30, { ...NONE, yield: false, stall: 5 }, { predicate: 'P0', negated: false }, 'EXIT', []],
      [0x40, { ...NONE, yield: true, stall: 0 }, null, 'BRA', ['0x40']],
    ]);
    expect([instructions[3]!.line, instructions[3]!.column, instructions[3]!.text]).toEqual([14, 40, '@P0 EXIT']);
  });

  it('locates a malformed 2019 instruction line', () => {
    const text = LAYOUT_2019.replace('[----:B0-----:R-:W-:Y:S12]', '[----:B0-----:R-:W-:Y:S1x]');
    expect(problems(text)).toEqual([`13:31: expected the stall 'S' followed by a decimal count 0..15, got 'S1x'`]);
  });
});

/** Per file: kernel -> instruction count, as found in the CuAssembler TestData at @96a9f72b. */
const CORPUS: Record<string, { architecture: string; kernels: Record<string, number> }> = {
  'cudatest.7.sm_75.cuasm': {
    architecture: 'sm_75',
    kernels: { _Z7argtestPiS_S_: 216, _Z10local_testiiPi: 24, _Z5childPii: 40, _Z11shared_testfPf: 32, _Z4test6float4PS_: 80, _Z11nvinfo_testiiPi: 16, _Z10simpletest4int4Pi: 32 },
  },
  'cudatest.6.sm_61.cuasm': {
    architecture: 'sm_61',
    kernels: { _Z7argtestPiS_S_: 240, _Z10local_testiiPi: 30, _Z5childPii: 54, _Z11shared_testfPf: 36, _Z4test6float4PS_: 78, _Z11nvinfo_testiiPi: 18, _Z10simpletest4int4Pi: 36 },
  },
  'regbank_test.template.sm_50.cuasm': {
    architecture: 'sm_50',
    kernels: { _Z19regbank_test_kernel4int2i6float4Pf: 40 },
  },
};

describe.skipIf(!existsSync(corpus))('CuAssembler corpus', () => {
  const read = (name: string) => parseCuasm(readFileSync(join(corpus, 'cuassembler', name), 'utf8'), name);

  it.each(Object.entries(CORPUS))('%s: kernels and instruction counts', (name, expected) => {
    const listing = read(name);
    expect(listing.architecture).toBe(expected.architecture);
    expect(Object.fromEntries(listing.kernels.map((kernel) => [kernel.name, kernel.instructions.length]))).toEqual(expected.kernels);
    for (const kernel of listing.kernels) {
      // nvdisasm labels every kernel twice at its start.
      expect(kernel.labels[kernel.name]).toBe(0);
      expect(kernel.labels[`.text.${kernel.name}`]).toBe(0);
    }
  });

  it('cudatest.7.sm_75: addresses are 16 bytes apart and labels land on the right instruction', () => {
    const listing = read('cudatest.7.sm_75.cuasm');
    expect(listing.kernels.reduce((sum, kernel) => sum + kernel.instructions.length, 0)).toBe(440);
    for (const kernel of listing.kernels) {
      expect(kernel.instructions.map((instruction) => instruction.address)).toEqual(kernel.instructions.map((_, index) => index * 16));
    }
    const argtest = listing.kernels[0]!;
    expect(argtest.instructions[argtest.labels['.L_x_4']!]!.address).toBe(0x300);
    expect(argtest.labels['.L_x_18']).toBe(argtest.instructions.length);
    expect(argtest.instructions[18]).toEqual({
      line: 2909, column: 64, address: 0x120,
      control: { wait: [0, 1, 4], readScoreboard: null, writeScoreboard: null, yield: false, stall: 5 },
      guard: null, opcode: 'CALL.REL.NOINC', operands: ['R6', '`(_Z7argtestPiS_S_)'], operandColumns: [79, 82],
      text: 'CALL.REL.NOINC R6 `(_Z7argtestPiS_S_)',
    });
  });

  it('cudatest.6.sm_61: addresses skip the control word of every 3-instruction bundle', () => {
    const listing = read('cudatest.6.sm_61.cuasm');
    expect(listing.kernels.reduce((sum, kernel) => sum + kernel.instructions.length, 0)).toBe(492);
    for (const kernel of listing.kernels) {
      expect(kernel.instructions.map((instruction) => instruction.address)).toEqual(kernel.instructions.map((_, i) => 32 * Math.floor(i / 3) + 8 * (i % 3 + 1)));
    }
    const brk = listing.kernels[0]!.instructions.find((instruction) => instruction.address === 0x178)!;
    expect([brk.guard, brk.opcode, brk.operands, brk.control.stall]).toEqual([{ predicate: 'P0', negated: true }, 'BRK', [], 13]);
  });

  it('regbank_test.sm_50: the old control layout, reuse characters ignored', () => {
    const kernel = read('regbank_test.template.sm_50.cuasm').kernels[0]!;
    const shr = kernel.instructions.find((instruction) => instruction.address === 0x16b8)!;
    expect([shr.line, shr.opcode, shr.operands, shr.control]).toEqual([
      546, 'SHR', ['R0', 'R2.reuse', '0x1e'], { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 1 },
    ]);
    expect(kernel.labels).toMatchObject({ '.L_1': expect.any(Number), '.L_30': 40 });
  });
});
