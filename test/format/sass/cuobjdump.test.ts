import { describe, expect, it } from 'vitest';
import { parseCuobjdump } from '../../../format/sass/cuobjdump.js';
import type { SassLine } from '../../../format/sass/listing.js';
import type { Control } from '../../../spec/scoreboard/program.js';
import { rejection } from '../../helpers.js';

const problems = (text: string) => rejection(() => parseCuobjdump(text, 'bad.sass'));
/** `[B01:R-:W2:Y:S04]`-like summary of a control, to compare many at once. */
const brief = ({ wait, readScoreboard, writeScoreboard, yield: yieldHint, stall }: Control) =>
  `B${wait.join('') || '-'}:R${readScoreboard ?? '-'}:W${writeScoreboard ?? '-'}:${yieldHint ? 'Y' : '-'}:S${stall}`;
const summary = (instructions: readonly SassLine[]) => instructions.map((instruction) => `${instruction.address!.toString(16)} ${instruction.text} ${brief(instruction.control)}`);

// `cuobjdump -sass` for sm_75 (CUDA 10), two excerpts of one kernel: cloudcores/CuAssembler
// @7b3bbfe7, TestData/Mandelbrot.sm_75.sass, lines 2-16 and 96-117 (MIT).
const MANDELBROT = `
\tcode for sm_75
\t\tFunction : _Z11Mandelbrot1IdEvP6uchar4iiiT_S2_S2_S2_S2_S0_iiiib
\t.headerflags    @"EF_CUDA_SM75 EF_CUDA_PTX_SM(EF_CUDA_SM75)"
        /*0000*/                   IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] ;           /* 0x00000a00ff017624 */
                                                                                     /* 0x000fd000078e00ff */
        /*0010*/                   S2R R0, SR_CTAID.X ;                              /* 0x0000000000007919 */
                                                                                     /* 0x000e240000002500 */
        /*0020*/                   ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x1b0], PT ;  /* 0x00006c0000007a0c */
                                                                                     /* 0x001fd80003f06070 */
        /*0030*/               @P0 EXIT ;                                            /* 0x000000000000094d */
                                                                                     /* 0x000fea0003800000 */
        /*0040*/                   LDC.U8 R4, c[0x0][0x1a0] ;                        /* 0x00006800ff047b82 */
                                                                                     /* 0x000e220000000000 */
        /*0050*/                   UMOV UR4, 0x1 ;                                   /* 0x0000000100047882 */
                                                                                     /* 0x000fe40000000000 */
\t\t..........
\t\tFunction : excerpt_at_0x2f0
        /*02f0*/                   LDG.E.SYS R9, [R2] ;                              /* 0x0000000002097381 */
                                                                                     /* 0x000ea200001ee900 */
        /*0300*/                   ISETP.GE.AND P0, PT, R15.reuse, 0x1, PT ;         /* 0x000000010f00780c */
                                                                                     /* 0x040fe20003f06270 */
        /*0310*/                   BSSY B1, 0x4f0 ;                                  /* 0x000001d000017945 */
                                                                                     /* 0x000fe20003800000 */
        /*0320*/                   IADD3 R8, R14, 0x1, RZ ;                          /* 0x000000010e087810 */
                                                                                     /* 0x000fe20007ffe0ff */
        /*0330*/                   IMAD.MOV.U32 R10, RZ, RZ, RZ ;                    /* 0x000000ffff0a7224 */
                                                                                     /* 0x000fe200078e00ff */
        /*0340*/                   IADD3 R7, R15, 0x1, RZ ;                          /* 0x000000010f077810 */
                                                                                     /* 0x000fe40007ffe0ff */
        /*0350*/                   ISETP.GE.AND P1, PT, R8, c[0x0][0x16c], PT ;      /* 0x00005b0008007a0c */
                                                                                     /* 0x000fe40003f26270 */
        /*0360*/                   ISETP.GE.AND P3, PT, R7, c[0x0][0x168], PT ;      /* 0x00005a0007007a0c */
                                                                                     /* 0x000fe40003f66270 */
        /*0370*/                   ISETP.GE.AND P2, PT, R14, 0x1, PT ;               /* 0x000000010e00780c */
                                                                                     /* 0x000fc40003f46270 */
        /*0380*/                   SHF.R.U32.HI R8, RZ, 0x8, R9.reuse ;              /* 0x00000008ff087819 */
                                                                                     /* 0x104fe40000011609 */
`;

// `cuobjdump -sass` for sm_52 (CUDA 7.5), with dual-issue pairs: moderngpu/moderngpu @a0a7370d,
// doc/gettingstarted.html lines 342-375 (BSD-style license). The pair at 0x98/0xa8 straddles a
// control word, which this cuobjdump prints at the end of the 0xa8 line (STL's word follows).
const MODERNGPU = `
        code for sm_52
                Function : _ZN4mgpu16launch_box_cta_kINS_15launch_params_tIL...
        .headerflags    @"EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)"
                                                           /* 0x001c5800fe0007f6 */ 
/*0008*/               MOV R1, c[0x0][0x20];               /* 0x4c98078000870001 */ 
/*0010*/     {         IADD32I R1, R1, -0x8;               /* 0x1c0fffffff870101 */ 
/*0018*/               S2R R3, SR_CTAID.X;        }        /* 0xf0c8000002570003 */ 
                                                           /* 0x083fd800e7e007f0 */ 
/*0028*/     {         LOP.OR R6, R1, c[0x0][0x4];         /* 0x4c47020000170106 */ 
/*0030*/               S2R R4, SR_TID.X;        }          /* 0xf0c8000002170004 */ 
/*0038*/               IADD32I R0, R3.reuse, 0x1;          /* 0x1c00000000170300 */ 
                                                           /* 0x005fd400fe2007f6 */ 
/*0048*/               SHL R0, R0, 0x7;                    /* 0x3848000000770000 */ 
/*0050*/               IMNMX R2, R0, c[0x0][0x140], PT;    /* 0x4c21038005070002 */ 
/*0058*/               LOP32I.AND R0, R4, 0x7f;            /* 0x0400000007f70400 */ 
                                                           /* 0x001ff400fda007e6 */ 
/*0068*/               ISCADD R2, -R3, R2, 0x7;            /* 0x5c1a038000270302 */ 
/*0070*/               ISETP.GE.AND P0, PT, R0, R2, PT;    /* 0x5b6d038000270007 */ 
/*0078*/           @P0 EXIT;                               /* 0xe30000000000000f */ 
                                                           /* 0x001fc000fe4007f1 */ 
/*0088*/               ISCADD R0, R3, R0, 0x7;             /* 0x5c18038000070300 */ 
/*0090*/               LOP32I.AND R2, R6, 0xffffff;        /* 0x04000ffffff70602 */ 
/*0098*/     {         MOV32I R4, 0x0;                     /* 0x010000000007f004 */ 
/*00a8*/               STL [R2], R0;        }              /* 0x001fd800fe2000f1 */ 
                                                           /* 0xef54000000070200 */ 
/*00b0*/               MOV32I R5, 0x0;                     /* 0x010000000007f005 */ 
/*00b8*/               MOV R7, RZ;                         /* 0x5c9807800ff70007 */ 
                                                           /* 0x001ffc00ffe00ffd */ 
/*00c8*/               JCAL 0x0;                           /* 0xe220000000000040 */ 
/*00d0*/               EXIT;                               /* 0xe30000000007000f */ 
/*00d8*/               BRA 0xd8;                           /* 0xe2400fffff87000f */ 
                                                           /* 0x001f8000fc0007e0 */ 
/*00e8*/               NOP;                                /* 0x50b0000000070f00 */ 
/*00f0*/               NOP;                                /* 0x50b0000000070f00 */ 
/*00f8*/               NOP;                                /* 0x50b0000000070f00 */ 
`;

// `cuobjdump -sass` for sm_61, quoted in NVIDIA/cuda-gdb @44f3f9e4, gdb/cuda/cuda-asm.c
// lines 71-84 (GPL-3.0; quoted up to the last complete group).
const CUDA_GDB_SM61 = `
              Function : cudaMalloc
        .headerflags    @"EF_CUDA_SM61 EF_CUDA_PTX_SM(EF_CUDA_SM61)"
                                                                          /* 0x007fbc0321e01fef */
        /*0008*/                   IADD32I R1, R1, -0x8 ;                 /* 0x1c0fffffff870101 */
        /*0010*/                   S2R R0, SR_LMEMHIOFF ;                 /* 0xf0c8000003770000 */
        /*0018*/                   ISETP.GE.U32.AND P0, PT, R1, R0, PT ;  /* 0x5b6c038000070107 */
                                                                          /* 0x007fbc03fde01fef */
        /*0028*/               @P0 BRA 0x38 ;                             /* 0xe24000000080000f */
        /*0030*/                   BPT.TRAP 0x1 ;                         /* 0xe3a00000001000c0 */
        /*0038*/                   MOV R7, R7 ;                           /* 0x5c98078000770007 */
`;

/** A Volta+ function of two instructions, for malformed variants. */
const VOLTA = (body: string) => `\tcode for sm_75\n\t\tFunction : k\n${body}`;
const S2R = '        /*0000*/                   S2R R0, SR_TID.X ;   /* 0x0000000000007919 */';
const S2R_HIGH = '                                                /* 0x000e240000002500 */';
const EXIT = '        /*0010*/                   EXIT ;               /* 0x000000000000794d */';
const EXIT_HIGH = '                                                /* 0x000fea0003800000 */';

describe('parseCuobjdump, sm_70 and later', () => {
  it('reads the control from the high half of each instruction', () => {
    const listing = parseCuobjdump(MANDELBROT, 'mandelbrot.sass');
    expect(listing).toMatchObject({ notation: 'cuobjdump', file: 'mandelbrot.sass', architecture: 'sm_75' });
    expect(listing.kernels.map((kernel) => [kernel.name, kernel.line, kernel.instructions.length])).toEqual([
      ['_Z11Mandelbrot1IdEvP6uchar4iiiT_S2_S2_S2_S2_S0_iiiib', 3, 6],
      ['excerpt_at_0x2f0', 18, 10],
    ]);
    expect(summary(listing.kernels[0]!.instructions)).toEqual([
      '0 IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] B-:R-:W-:Y:S8',
      // S2R sets scoreboard 0, the ISETP reading R0 waits on it.
      '10 S2R R0, SR_CTAID.X B-:R-:W0:-:S2',
      '20 ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x1b0], PT B0:R-:W-:Y:S12',
      '30 @P0 EXIT B-:R-:W-:-:S5',
      '40 LDC.U8 R4, c[0x0][0x1a0] B-:R-:W0:-:S1',
      '50 UMOV UR4, 0x1 B-:R-:W-:-:S2',
    ]);
  });

  it('pairs a global load with the instruction waiting for it', () => {
    const [ldg, ...rest] = parseCuobjdump(MANDELBROT, 'mandelbrot.sass').kernels[1]!.instructions;
    expect(brief(ldg!.control)).toBe('B-:R-:W2:-:S1');
    // The first reader of R9 is the SHF at 0x380 (its reuse bit, ignored here, matches `.reuse`).
    expect(summary(rest).at(-1)).toBe('380 SHF.R.U32.HI R8, RZ, 0x8, R9.reuse B2:R-:W-:-:S2');
    expect(rest.slice(0, -1).every((instruction) => instruction.control.wait.length === 0)).toBe(true);
  });

  it('locates each instruction and its operands in the line', () => {
    const kernel = parseCuobjdump(MANDELBROT, 'mandelbrot.sass').kernels[0]!;
    expect(kernel.instructions[3]).toEqual({
      line: 11, column: 32, address: 0x30, guard: { predicate: 'P0', negated: false }, opcode: 'EXIT', operands: [], operandColumns: [], text: '@P0 EXIT',
      control: { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 5 },
    });
    expect(kernel.instructions[1]).toMatchObject({ line: 7, column: 36, opcode: 'S2R', operands: ['R0', 'SR_CTAID.X'], operandColumns: [40, 44] });
  });

  it('keeps labels and branch targets of newer cuobjdump as written', () => {
    // Constructed in the layout CUDA 11+ prints: `.L_x_N:` labels, backquoted targets.
    const listing = parseCuobjdump(
      VOLTA(`${S2R}\n${S2R_HIGH}\n.L_x_0:\n        /*0010*/              @!P0 BRA \`(.L_x_0) ;   /* 0xfffffff000008947 */\n${EXIT_HIGH}\n.L_x_1:\n`),
      'labels.sass',
    );
    const kernel = listing.kernels[0]!;
    expect(kernel.labels).toEqual({ '.L_x_0': 1, '.L_x_1': 2 });
    expect(kernel.instructions[1]).toMatchObject({ opcode: 'BRA', guard: { predicate: 'P0', negated: true }, operands: ['`(.L_x_0)'], address: 0x10 });
  });

  it('reads nvdisasm -hex output, one .text section per function', () => {
    const text = [
      '\t.headerflags\t@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM80 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM80)"',
      '\t.section\t.nv.info,"",@"SHT_CUDA_INFO"',
      '        /*0000*/ \t.byte\t0x04, 0x2f',
      '//--------------------- .text.k                 --------------------------',
      '\t.section\t.text.k,"ax",@progbits',
      '\t.sectioninfo\t@"SHI_REGISTERS=8"',
      '        .global         k',
      'k:',
      '.text.k:',
      S2R,
      S2R_HIGH,
      EXIT,
      EXIT_HIGH,
    ].join('\n');
    const listing = parseCuobjdump(text, 'k.nvdisasm');
    expect(listing.architecture).toBe('sm_80');
    expect(listing.kernels).toHaveLength(1);
    expect(listing.kernels[0]).toMatchObject({ name: 'k', line: 5, labels: { k: 0, '.text.k': 0 } });
    expect(summary(listing.kernels[0]!.instructions)).toEqual(['0 S2R R0, SR_TID.X B-:R-:W0:-:S2', '10 EXIT B-:R-:W-:-:S5']);
  });

  it('locates missing and malformed encodings', () => {
    expect(problems(VOLTA(`${S2R}\n${EXIT}\n${EXIT_HIGH}\n`))).toEqual([
      "3:36: expected the line after this instruction to hold the second half of its encoding, '/* 0x' and 16 hex digits ' */' (cuobjdump -sass prints them; nvdisasm needs -hex)",
    ]);
    // A listing with no encoding at all (nvdisasm without -hex) gets one message saying what to do.
    expect(problems(VOLTA('        /*0000*/                   S2R R0, SR_TID.X ;\n'))).toEqual([
      expect.stringMatching(/^3:54: expected each instruction's encoding after it, '\/\* 0x\.\.\. \*\/', or its control annotations .* disassemble with 'nvdisasm -hex' \(--print-instruction-encoding\), or 'cuobjdump -sass', which prints them$/),
    ]);
    // One line without its encoding among lines with theirs is located as such.
    expect(problems(VOLTA(`        /*0000*/                   S2R R0, SR_TID.X ;\n${EXIT}\n${EXIT_HIGH}\n`))).toEqual([
      "3:54: expected the instruction's encoding after it, '/* 0x' and 16 hex digits ' */' (cuobjdump -sass prints them; nvdisasm needs -hex)",
    ]);
    expect(problems(VOLTA('        /*0000*/   S2R R0, SR_TID.X ;   /* 0x0 */\n'))).toEqual([
      "3:44: expected an encoding '/* 0x' and 16 hex digits ' */' (cuobjdump -sass prints them; nvdisasm needs -hex), got '0x0'",
    ]);
    expect(problems(VOLTA(`${S2R}\n${S2R_HIGH}\n${EXIT_HIGH}\n`))).toEqual([
      '5:52: expected an instruction line before this encoding (on sm_70 and later each instruction line is followed by one encoding line)',
    ]);
    // An instruction cuobjdump printed with no text (its two words alone): one message, saying why.
    expect(problems(VOLTA(`${S2R}\n${S2R_HIGH}\n${EXIT_HIGH.replace('0x000fea0003800000', '0x0000001308097248')}\n${EXIT_HIGH}\n`))).toEqual([
      "5:52: expected an instruction line before this encoding: this line and the next are an instruction's two encoding words with no instruction text, as cuobjdump prints an encoding its disassembler does not know; disassemble the cubin with a newer cuobjdump, or with nvdisasm",
    ]);
    expect(problems(VOLTA(`${S2R}\n           /* 0x000e24000000250 */\n`))).toEqual([
      "4:15: expected an encoding '/* 0x' and 16 hex digits ' */' (cuobjdump -sass prints them; nvdisasm needs -hex), got '0x000e24000000250'",
    ]);
  });

  it('rejects a scoreboard field no hardware has', () => {
    // The S2R's high half with its write field set to 6 (7 means none, 0..5 are scoreboards).
    expect(problems(VOLTA(`${S2R}\n                                                /* 0x000fa40000002500 */\n`))).toEqual([
      '4:52: expected a write scoreboard 0..5 or 7 (none) in this control field, got 6',
    ]);
  });

  it('locates lines that do not belong', () => {
    expect(problems(VOLTA(`${S2R}\n${S2R_HIGH}\n   MOV R1, R2 ;\n`))).toEqual([
      "5:4: expected an instruction line like '/*0010*/  MOV R1, c[0x0][0x28] ;  /* 0x... */', an encoding line '/* 0x' and 16 hex digits ' */' (cuobjdump -sass prints them; nvdisasm needs -hex) or a label like '.L_x_0:'",
    ]);
    // Instructions before the first of a file's function headers belong to no function (a file
    // with no header at all is an excerpt: notations.test.ts).
    expect(problems(`${S2R}\n${S2R_HIGH}\n\t\tFunction : k\n${EXIT}\n${EXIT_HIGH}\n`)).toEqual([
      "1:9: expected a 'Function : NAME' line (cuobjdump) or '.section .text.NAME' (nvdisasm) before the first instruction",
    ]);
    expect(problems(VOLTA('        /*0000*/   S2R R0, SR_TID.X    /* 0x0000000000007919 */\n'))).toEqual(["3:36: expected ';' at the end of the instruction"]);
    expect(problems(VOLTA(`        /*0008*/   S2R R0, SR_TID.X ;   /* 0x0000000000007919 */\n${S2R_HIGH}\n`))).toEqual([
      "3:20: expected an address that is a multiple of 0x10 (sm_70 and later), got 0x8; a Maxwell/Pascal dump needs its 'code for sm_5x' line or its control-word lines",
    ]);
    expect(problems('Fatbin elf code:\n================\narch = sm_75\n')).toEqual([
      "1:1: no instructions found: expected cuobjdump -sass output, a 'Function : NAME' line followed by lines like '/*0000*/  MOV R1, c[0x0][0x28] ;  /* 0x... */'",
    ]);
  });

  it('wants one architecture per dump, and no Kepler', () => {
    const both = `${VOLTA(`${S2R}\n${S2R_HIGH}\n`)}\t\t.....\n\n\tcode for sm_80\n\t\tFunction : k\n${S2R}\n${S2R_HIGH}\n`;
    expect(problems(both)).toEqual(['7:11: expected code for one architecture, got sm_80 after sm_75 (line 1); dump one at a time (cuobjdump -sass -arch sm_80)']);
    expect(problems('\tcode for sm_35\n\t\tFunction : k\n')).toEqual(['1:11: expected code for sm_50 or later, got sm_35: Kepler and older code carries no scoreboard control codes']);
  });
});

describe('parseCuobjdump, Maxwell and Pascal', () => {
  it('reads three controls from each control word, across dual-issue pairs', () => {
    const listing = parseCuobjdump(MODERNGPU, 'hello.sass');
    expect(listing.architecture).toBe('sm_52');
    expect(listing.kernels).toHaveLength(1);
    expect(summary(listing.kernels[0]!.instructions)).toEqual([
      '8 MOV R1, c[0x0][0x20] B-:R-:W-:-:S6',
      // The first instruction of each dual-issue pair has stall 0.
      '10 IADD32I R1, R1, -0x8 B-:R-:W-:-:S0',
      '18 S2R R3, SR_CTAID.X B-:R-:W0:-:S6',
      '28 LOP.OR R6, R1, c[0x0][0x4] B-:R-:W-:-:S0',
      '30 S2R R4, SR_TID.X B-:R-:W1:-:S15',
      // Readers of R3 and R4 wait on the S2R scoreboards 0 and 1.
      '38 IADD32I R0, R3.reuse, 0x1 B0:R-:W-:-:S6',
      '48 SHL R0, R0, 0x7 B-:R-:W-:-:S6',
      '50 IMNMX R2, R0, c[0x0][0x140], PT B-:R-:W-:-:S1',
      '58 LOP32I.AND R0, R4, 0x7f B1:R-:W-:-:S5',
      '68 ISCADD R2, -R3, R2, 0x7 B-:R-:W-:Y:S6',
      '70 ISETP.GE.AND P0, PT, R0, R2, PT B-:R-:W-:Y:S13',
      '78 @P0 EXIT B-:R-:W-:-:S13',
      '88 ISCADD R0, R3, R0, 0x7 B-:R-:W-:-:S1',
      '90 LOP32I.AND R2, R6, 0xffffff B-:R-:W-:-:S2',
      '98 MOV32I R4, 0x0 B-:R-:W-:-:S0',
      // STL reads R2 and R0 late: read scoreboard 0, waited on before the call.
      'a8 STL [R2], R0 B-:R0:W-:-:S1',
      'b0 MOV32I R5, 0x0 B-:R-:W-:-:S1',
      'b8 MOV R7, RZ B-:R-:W-:-:S6',
      'c8 JCAL 0x0 B0:R-:W-:-:S13',
      'd0 EXIT B-:R-:W-:-:S15',
      'd8 BRA 0xd8 B-:R-:W-:-:S15',
      'e8 NOP B-:R-:W-:Y:S0',
      'f0 NOP B-:R-:W-:Y:S0',
      'f8 NOP B-:R-:W-:Y:S0',
    ]);
    expect(listing.kernels[0]!.instructions[1]).toMatchObject({ line: 7, column: 24, text: 'IADD32I R1, R1, -0x8' });
  });

  it('reads the Pascal layout of cuda-gdb\'s example, the architecture from the header flags', () => {
    const listing = parseCuobjdump(CUDA_GDB_SM61, 'cudaMalloc.sass');
    expect(listing.architecture).toBe('sm_61');
    expect(summary(listing.kernels[0]!.instructions)).toEqual([
      '8 IADD32I R1, R1, -0x8 B01:R-:W-:Y:S15',
      '10 S2R R0, SR_LMEMHIOFF B01:R1:W0:Y:S15',
      '18 ISETP.GE.U32.AND P0, PT, R1, R0, PT B01:R-:W-:Y:S15',
      '28 @P0 BRA 0x38 B01:R-:W-:Y:S15',
      '30 BPT.TRAP 0x1 B01:R-:W-:Y:S15',
      '38 MOV R7, R7 B01:R-:W-:Y:S15',
    ]);
  });

  it('reads the newer layout, where a pair\'s second encoding gets a line of its own', () => {
    // Constructed after CUDA 9+ output: `}` ends the line, the encoding follows on the next one.
    const text = [
      '\tcode for sm_52',
      '\t\tFunction : k',
      '                                        /* 0x001fc400fe2007f6 */',
      '        /*0008*/         MOV R1, c[0x0][0x20] ;     /* 0x4c98078000870001 */',
      '        /*0010*/         MOV R18, c[0x0][0x140] ;   /* 0x4c98078005070012 */',
      '        /*0018*/   {     MOV R19, c[0x0][0x144] ;   /* 0x4c98078005170013 */',
      '                                        /* 0x001fc801fe2007f6 */',
      '        /*0028*/         MOV32I R0, 0xffffff9c        }',
      '                                        /* 0x010ffffff9c7f000 */',
      '        /*0030*/         MOV R2, R18 ;              /* 0x5c98078001270002 */',
    ].join('\n');
    expect(summary(parseCuobjdump(text, 'k.sass').kernels[0]!.instructions)).toEqual([
      '8 MOV R1, c[0x0][0x20] B-:R-:W-:-:S6',
      '10 MOV R18, c[0x0][0x140] B-:R-:W-:-:S1',
      '18 MOV R19, c[0x0][0x144] B-:R-:W-:-:S1',
      '28 MOV32I R0, 0xffffff9c B-:R-:W-:-:S6',
      '30 MOV R2, R18 B0:R-:W-:-:S1',
    ]);
  });

  it('infers the layout without an architecture: a control word first means Maxwell/Pascal', () => {
    const pascal = parseCuobjdump(CUDA_GDB_SM61.replace(/\.headerflags.*\n/, ''), 'k.sass');
    expect(pascal.architecture).toBeNull();
    expect(brief(pascal.kernels[0]!.instructions[1]!.control)).toBe('B01:R1:W0:Y:S15');
    const turing = parseCuobjdump(`\t\tFunction : k\n${S2R}\n${S2R_HIGH}\n${EXIT}\n${EXIT_HIGH}\n`, 'k.sass');
    expect(turing.architecture).toBeNull();
    expect(summary(turing.kernels[0]!.instructions)).toEqual(['0 S2R R0, SR_TID.X B-:R-:W0:-:S2', '10 EXIT B-:R-:W-:-:S5']);
  });

  it('locates missing control words and encodings', () => {
    const lines = CUDA_GDB_SM61.split('\n');
    const without = (index: number) => lines.filter((_, i) => i !== index).join('\n');
    // Line 8 of the fixture is the second control word.
    expect(problems(without(7))).toEqual([
      "8:32: expected this line's encoding to be word 5 of the function (address 0x28), found word 4: an encoding or control-word line is missing or extra since line 7",
    ]);
    expect(problems(`${CUDA_GDB_SM61}                                                                          /* 0x007fbc03fde01fef */\n`)).toEqual([
      '12:78: expected no more encodings after the instruction at line 11, got this one',
    ]);
    expect(problems(without(3))).toEqual([
      "4:36: expected this instruction's encoding to be word 1 of its 32-byte group (Maxwell/Pascal), found word 0: an encoding or control-word line is missing or extra before it",
    ]);
    expect(problems(CUDA_GDB_SM61.replace('/*0030*/', '/*0040*/'))).toEqual([
      "10:36: expected an address 8, 16 or 24 bytes into a 32-byte group (Maxwell/Pascal), got 0x40",
    ]);
  });
});

describe("parseCuobjdump, CuAssembler's dsass and sm_XXa dumps", () => {
  // What CuAssembler's dsass (CuInsFeeder.trans, CuAsm/CuInsFeeder.py @96a9f72b) makes of the
  // MANDELBROT excerpt: each instruction line behind its decoded field, the encoding-only lines dropped.
  const DSASS = [
    '\tcode for sm_75',
    '\t\tFunction : k',
    '[B------:R-:W-:Y:S08]          /*0000*/                   IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] ;           /* 0x00000a00ff017624 */',
    '[B------:R-:W0:-:S02]          /*0010*/                   S2R R0, SR_CTAID.X ;                              /* 0x0000000000007919 */',
    '[B0-----:R-:W-:Y:S12]          /*0020*/                   ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x1b0], PT ;  /* 0x00006c0000007a0c */',
    '[B------:R-:W-:-:S05]          /*0030*/               @P0 EXIT ;                                            /* 0x000000000000094d */',
  ].join('\n');

  it('reads the decoded control fields in front of the lines, not the encodings', () => {
    const listing = parseCuobjdump(DSASS, 'k.dsass');
    expect(listing.architecture).toBe('sm_75');
    expect(summary(listing.kernels[0]!.instructions)).toEqual([
      '0 IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] B-:R-:W-:Y:S8',
      '10 S2R R0, SR_CTAID.X B-:R-:W0:-:S2',
      '20 ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x1b0], PT B0:R-:W-:Y:S12',
      '30 @P0 EXIT B-:R-:W-:-:S5',
    ]);
    expect(listing.kernels[0]!.instructions[3]).toMatchObject({ line: 6, column: 55, guard: { predicate: 'P0', negated: false } });
  });

  it('locates a malformed field and a line without one', () => {
    expect(problems(DSASS.replace('[B------:R-:W0:-:S02]', '[B------:R-:W0:-:Sx2]'))).toEqual([
      "4:18: expected the stall 'S' followed by a decimal count 0..15, got 'Sx2'",
    ]);
    expect(problems(DSASS.replace('[B0-----:R-:W-:Y:S12]', '                     '))).toEqual([
      "5:1: expected a control field like '[B------:R-:W-:-:S01]' in front of this instruction, as the function's other lines have (CuAssembler dsass)",
    ]);
  });

  it('takes code for sm_120a and EF_CUDA_SM120 with EF_CUDA_ACCELERATORS for one architecture, sm_120a', () => {
    const dump = (headerflags: string) => `\tcode for sm_120a\n\t.target\tsm_120a\n\n\t\tFunction : k\n\t.headerflags\t@"${headerflags}"\n${S2R}\n${S2R_HIGH}\n`;
    expect(parseCuobjdump(dump('EF_CUDA_ACCELERATORS EF_CUDA_SM120 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM120)'), 'k.sass').architecture).toBe('sm_120a');
    expect(parseCuobjdump(`\t\tFunction : k\n\t.headerflags\t@"EF_CUDA_ACCELERATORS EF_CUDA_SM90"\n${S2R}\n${S2R_HIGH}\n`, 'k.sass').architecture).toBe('sm_90a');
    expect(problems(dump('EF_CUDA_SM100'))).toEqual([
      '5:17: expected code for one architecture, got sm_100 after sm_120a (line 1); dump one at a time (cuobjdump -sass -arch sm_100)',
    ]);
  });
});
