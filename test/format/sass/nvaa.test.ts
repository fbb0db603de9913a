import { describe, expect, it } from 'vitest';
import type { SassLine } from '../../../format/sass/listing.js';
import { parseNvaa } from '../../../format/sass/nvaa.js';
import type { Control } from '../../../spec/scoreboard/program.js';
import { rejection } from '../../helpers.js';

const problems = (text: string) => rejection(() => parseNvaa(text, 'bad.sass'));
/** `[B01:R-:W2:Y:S04]`-like summary of a control, to compare many at once. */
const brief = ({ wait, readScoreboard, writeScoreboard, yield: yieldHint, stall }: Control) =>
  `B${wait.join('') || '-'}:R${readScoreboard ?? '-'}:W${writeScoreboard ?? '-'}:${yieldHint ? 'Y' : '-'}:S${stall}`;
const summary = (instructions: readonly SassLine[]) => instructions.map((instruction) => `${instruction.opcode} ${instruction.operands.join(', ')} ${brief(instruction.control)}`);

const HEADER = '\t.headerflags\t@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"\n';
const SECTION = (name: string) => `//--------------------- .text.${name} ----\n\t.section\t.text.${name},"ax",@progbits\n\t.sectioninfo\t@"SHI_REGISTERS=8"\n\t.align\t128\n${name}:\n.text.${name}:\n`;

// nvaa (2022, before 1.1.9: scoreboards printed from 1) with encodings, sm_90: trbauer/nvaa
// @fd748cbc, toy-files90/asyncAPI.sass lines 221-233 (MIT), one line made a LOP3 (its encoding
// is that of Mandelbrot_cuda.sass line 8133 of the same commit).
const WITH_ENCODINGS = `${HEADER}
//--------------------- .debug_frame ----
\t.section\t.debug_frame,"",@progbits
        /*0000*/ \t.byte\t0xff, 0xff, 0xff, 0xff, 0x24, 0x00, 0x00, 0x00
${SECTION('_Z16increment_kernelPii')}  // asyncAPI.cu:48:                 __global__ void increment_kernel(int *g_data, int inc_value) {
  /*0000*/       LDC       R1,     c0[0x28]                         {!8};  /* 000FF00000000800\`00000A00FF017B82 */
  /*0010*/       LDC       R5,     c0[RZ]                           {!8,+2.W};  /* 000E700000000800\`00000000FF057B82 */
  /*0020*/       S2UR      UR4,    SR_CTAID.X                       {!1,+2.W};  /* 000E620000002500\`00000000000479C3 */
  /*0030*/       ULDC      UR6,    c0[0x218]                        {!1};  /* 000FE20000000800\`0000860000067AB9 */
  /*0040*/       S2R       R0,     SR_TID.X                         {!6,+2.W};  /* 000E6C0000002100\`0000000000007919 */
  /*0050*/       LDC.64    R2,     c0[0x210]                        {!1,+3.W};  /* 000EA20000000A00\`00008400FF027B82 */
  /*0060*/       IMAD      R5,     R5,     UR4,    R0               {!1,^2};  /* 002FE2000F8E0200\`0000000405057C24 */
  /*0070*/       LOP3.(s0^s1)  R3, R3,     R4.reu, RZ,     0x3c,   !PT      {!1};  /* 080FE200078E3CFF\`0000000403037212 */
.L_x_0:
  /*0080*/ @!P0  BRA       \`(.L_x_0)                                {Y};  /* 000FC0000383FFFF\`FFFFFFFC00FC7947 */
.L_x_1:
`;

// nvaa 1.1.9 and later (scoreboards printed from 0) without encodings, sm_89: trbauer/nvaa
// @12238fce, experiments/consts/const-rlat-sm_89.sass lines 13-25 (MIT), comments shortened.
const DECODED = `\t.headerflags\t@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM89 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM89)"
${SECTION('_Z6ffma_cPyPfPK6float4f')}  // const-rlat.cu:60:               static __global__ void ffma_c(
      MOV       R1,     c0[0x28]                         {!2};
      S2R       R0,     SR_CTAID.X                       {!1,+0.W};
      MOV       R5,     0x10                             {!1};
      S2R       R3,     SR_TID.X                         {!1,+0.W};
      ULDC.64   UR4,    c0[0x118]                        {!1};
      IMAD      R0,     R0,     c0[0x0], R3              {!4,Y,^0};
      SHF.R.U64  R22,   R22,    0x10,   R23.reu          {!2};
@P0   BRA       \`(.L_x_0)                                {!5};
      EXIT;
.L_x_0:
`;

describe('parseNvaa', () => {
  it('reads the controls from the encodings, checked against the braces, and writes nvaa\'s shorthand back', () => {
    const listing = parseNvaa(WITH_ENCODINGS, 'asyncAPI.sass');
    expect([listing.notation, listing.architecture, listing.kernels.length]).toEqual(['nvaa', 'sm_90', 1]);
    const kernel = listing.kernels[0]!;
    expect([kernel.name, kernel.labels]).toEqual(['_Z16increment_kernelPii', { '_Z16increment_kernelPii': 0, '.text._Z16increment_kernelPii': 0, '.L_x_0': 8, '.L_x_1': 9 }]);
    // Printed from 1: `+2.W` is scoreboard 1, `^2` a wait on scoreboard 1, as the encodings say.
    expect(summary(kernel.instructions)).toEqual([
      'LDC R1, c[0x0][0x28] B-:R-:W-:-:S8',
      'LDC R5, c[0x0][RZ] B-:R-:W1:-:S8',
      'S2UR UR4, SR_CTAID.X B-:R-:W1:-:S1',
      'ULDC UR6, c[0x0][0x218] B-:R-:W-:-:S1',
      'S2R R0, SR_TID.X B-:R-:W1:-:S6',
      'LDC.64 R2, c[0x0][0x210] B-:R-:W2:-:S1',
      'IMAD R5, R5, UR4, R0 B1:R-:W-:-:S1',
      'LOP3.LUT R3, R3, R4.reuse, RZ, 0x3c, !PT B-:R-:W-:-:S1',
      'BRA `(.L_x_0) B-:R-:W-:Y:S0',
    ]);
    const lop = kernel.instructions[7]!;
    expect([lop.address, lop.line, lop.column, lop.text]).toEqual([0x70, 20, 18, 'LOP3.(s0^s1)  R3, R3,     R4.reu, RZ,     0x3c,   !PT']);
    expect(lop.operandColumns).toEqual([32, 36, 44, 52, 60, 68]);
    expect(kernel.instructions[8]).toMatchObject({ address: 0x80, guard: { predicate: 'P0', negated: true }, column: 12 });
  });

  it('writes back any LOP3-family function, parenthesised or not', () => {
    const text = `${SECTION('k')}      PLOP3.((s0&s1)|s2)  P0, PT, P1, P2, PT, 0x80, 0x0 {!1};\n@!UP0 ULOP3.(s0|s1&s2)  UR4, UR5, UR6, URZ, 0xf8, !UPT {!1};\n`;
    const [plop, ulop] = parseNvaa(text, 'a.sass').kernels[0]!.instructions;
    expect([plop!.opcode, plop!.operands.length, plop!.operandColumns[0], plop!.text]).toEqual(['PLOP3.LUT', 7, 27, 'PLOP3.((s0&s1)|s2)  P0, PT, P1, P2, PT, 0x80, 0x0']);
    expect([ulop!.guard, ulop!.opcode, ulop!.operands[0]]).toEqual([{ predicate: 'UP0', negated: true }, 'ULOP3.LUT', 'UR4']);
  });

  it('reads decoded braces without encodings, numbered from 0 when a 0 is printed', () => {
    const listing = parseNvaa(DECODED, 'const-rlat.sass');
    expect(listing.architecture).toBe('sm_89');
    const kernel = listing.kernels[0]!;
    expect(summary(kernel.instructions)).toEqual([
      'MOV R1, c[0x0][0x28] B-:R-:W-:-:S2',
      'S2R R0, SR_CTAID.X B-:R-:W0:-:S1',
      'MOV R5, 0x10 B-:R-:W-:-:S1',
      'S2R R3, SR_TID.X B-:R-:W0:-:S1',
      'ULDC.64 UR4, c[0x0][0x118] B-:R-:W-:-:S1',
      'IMAD R0, R0, c[0x0][0x0], R3 B0:R-:W-:Y:S4',
      'SHF.R.U64 R22, R22, 0x10, R23.reuse B-:R-:W-:-:S2',
      'BRA `(.L_x_0) B-:R-:W-:-:S5',
      'EXIT  B-:R-:W-:-:S0',
    ]);
    expect(kernel.instructions.every((instruction) => instruction.address === null)).toBe(true);
    expect(kernel.labels['.L_x_0']).toBe(9);
    expect(kernel.instructions[7]!.column).toBe(1);
  });

  it('numbers from 1 when a 6 is printed, and takes the architecture from the file name without a header flag', () => {
    const text = `${SECTION('k')}      LDG.E R4, [R2.64] {!4,+6.W};\n      STG.E [R6.64], R4 {!1,+1.R,^6};\n`;
    const listing = parseNvaa(text, 'copies-sm_75.sass');
    expect(listing.architecture).toBe('sm_75');
    expect(summary(listing.kernels[0]!.instructions)).toEqual(['LDG.E R4, [R2.64] B-:R-:W5:-:S4', 'STG.E [R6.64], R4 B5:R0:W-:-:S1']);
  });

  it('without a 0, a 6 or encodings, lets the DEPBARs decide, and either numbering when there is none', () => {
    const depbar = (sb: number) => `${SECTION('k')}      LDS R4, [R2] {!1,+2.W};\n      LDS R5, [R3] {!1,+3.W};\n      DEPBAR.LE SB${sb}, 0x0, {5,4} {!1};\n      EXIT {!5};\n`;
    // SB1 is written `+2` only when numbered from 1 (`+1` is absent): 1-based.
    expect(summary(parseNvaa(depbar(1), 'a.sass').kernels[0]!.instructions)[0]).toBe('LDS R4, [R2] B-:R-:W1:-:S1');
    expect(parseNvaa(depbar(1), 'a.sass').kernels[0]!.instructions[2]!.operands).toEqual(['SB1', '0x0', '{5,4}']);
    // SB2 is written `+2` (0-based) and `+3` (1-based): both fit.
    expect(problems(depbar(2))).toEqual([
      '9:7: cannot tell whether this listing numbers scoreboards from 0 (nvaa 1.1.9 and later) or from 1 (before): no scoreboard is printed 0 or 6 and the DEPBARs fit both; print it with its encodings',
    ]);
    const plain = `${SECTION('k')}      LDG.E R4, [R2.64] {!4,+3.W};\n      FADD R5, R4, R4 {!4,^3};\n`;
    expect(summary(parseNvaa(plain, 'a.sass').kernels[0]!.instructions)).toEqual(['LDG.E R4, [R2.64] B-:R-:W3:-:S4', 'FADD R5, R4, R4 B3:R-:W-:-:S4']);
  });

  it('reports malformed lines, tokens and encodings with line, column and what was expected', () => {
    const text = `${SECTION('k')}${[
      '      MOV R1, R2 {!2,Z};',
      '      MOV R1, R2 {!2,+7.W};',
      '      MOV R1, R2 {!22};',
      '      MOV R1, R2 {!2,!3};',
      '      MOV R1, R2 {!2}',
      '  /*0050*/  MOV R1, R2 {!2};  /* 0x000fe20000000f00 */',
      '  /*0060*/  MOV R1, R2 {!2,+1.W};  /* 000FE40000000F00`0000000200017202 */',
      '      @P9x MOV R1, R2 {!2};',
      '  /*00g0*/  MOV R1, R2 {!2};',
    ].join('\n')}\n`;
    expect(problems(text)).toEqual([
      "7:22: expected a control token like '!4' (stall), 'Y' (yield), '+1.W' / '+1.R' (write / read scoreboard) or '^1' (wait), got 'Z'",
      '8:23: expected a scoreboard 0..5 (or 1..6 as nvaa before 1.1.9 numbers them), got 7',
      '9:19: expected a stall of 0..15 cycles, got 22',
      "10:22: expected one stall token, got a second '!3'",
      "11:22: expected ';' at the end of the instruction (nvaa ends each one so)",
      "12:31: expected the encoding as '/* HIGH`LOW */', two halves of 16 hex digits (nvaa prints them so)",
      '13:24: expected the control to match the encoding, {!2}',
      "14:7: expected a predicate guard like @P0, @!P0 or @UP1, got '@P9x'",
      "15:3: expected an address like '/*00a0*/' or an instruction",
    ]);
  });

  it('names both numberings when the braces disagree with an encoding that sets a scoreboard', () => {
    const text = `${SECTION('k')}  /*0010*/  LDC R5, c0[RZ] {!8,+4.W};  /* 000E700000000800\`00000000FF057B82 */\n`;
    expect(problems(text)).toEqual(['7:28: expected the control to match the encoding, {!8,+1.W} (nvaa 1.1.9 and later) or {!8,+2.W} (before)']);
  });

  it('rejects a file that numbers scoreboards both ways, at the second way', () => {
    const text = `${SECTION('k')}      LDG.E R4, [R2.64] {!4,+0.W};\n      LDG.E R5, [R2.64] {!4,+6.W};\n`;
    expect(problems(text)).toEqual(['8:25: expected scoreboards numbered from 0 as at line 7 (a scoreboard printed 0), but this control numbers them from 1']);
  });

  it('rejects a file without kernel code at line 1', () => {
    expect(problems(`${HEADER}\t.section\t.nv.info,"",@"SHT_CUDA_INFO"\n  /*0000*/ .byte 0x04\n`)).toEqual([
      "1:1: no instructions found: expected nvaa output, a '.section .text.NAME' line followed by lines like 'MOV R1, c0[0x28] {!2};'",
    ]);
  });
});
