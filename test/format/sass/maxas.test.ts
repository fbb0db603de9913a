import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import { packageRoot } from '../../../format/packageRoot.js';
import { parseMaxas } from '../../../format/sass/maxas.js';
import { rejection } from '../../helpers.js';

const CORPUS = resolve(packageRoot(), '../shared/corpus');
const hasCorpus = existsSync(join(CORPUS, 'maxas')) && existsSync(join(CORPUS, 'neon'));
if (!hasCorpus) console.warn(`maxas corpus tests skipped: ${CORPUS} (maxas/, neon/) is absent`);

const problems = (text: string) => rejection(() => parseMaxas(text, 'bad.sass'));
/** One instruction line after a header, so problems sit on line 2. */
const line = (text: string) => problems(`# Kernel: k\n${text}\n`);

const EXAMPLE = `# Kernel: demo
# Arch: sm_52
--:-:1:-:1      S2R R112, SR_TID.X;
01:-:-:Y:d      ISETP.GE.AND P0, PT, R112.reuse, 0x80, PT;
LOOP:
20:2:6:-:f  @!P0 LDG.E R2, [R4];   // comment
--:-:-:-:5      DEPBAR.LE SB1, 5;  # comment
3f:-:-:y:0  @P0 BRA LOOP;
`;

describe('parseMaxas', () => {
  it('translates the control field to 0-based scoreboards', () => {
    const listing = parseMaxas(EXAMPLE, 'demo.sass');
    expect(listing).toMatchObject({ notation: 'maxas', file: 'demo.sass', architecture: 'sm_52' });
    expect(listing.kernels).toHaveLength(1);
    const kernel = listing.kernels[0]!;
    expect(kernel).toMatchObject({ name: 'demo', line: 1, labels: { LOOP: 2 } });
    expect(kernel.instructions.map((instruction) => instruction.control)).toEqual([
      { wait: [], readScoreboard: null, writeScoreboard: 0, yield: false, stall: 1 },
      { wait: [0], readScoreboard: null, writeScoreboard: null, yield: true, stall: 13 },
      { wait: [5], readScoreboard: 1, writeScoreboard: 5, yield: false, stall: 15 },
      { wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall: 5 },
      { wait: [0, 1, 2, 3, 4, 5], readScoreboard: null, writeScoreboard: null, yield: true, stall: 0 },
    ]);
  });

  it('keeps the instruction as written, located', () => {
    const [s2r, , ldg, depbar, bra] = parseMaxas(EXAMPLE, 'demo.sass').kernels[0]!.instructions;
    expect(s2r).toEqual({
      line: 3, column: 17, address: null, guard: null, opcode: 'S2R', operands: ['R112', 'SR_TID.X'], operandColumns: [21, 27], text: 'S2R R112, SR_TID.X',
      control: { wait: [], readScoreboard: null, writeScoreboard: 0, yield: false, stall: 1 },
    });
    expect(ldg).toMatchObject({ line: 6, column: 13, guard: { predicate: 'P0', negated: true }, opcode: 'LDG.E', operands: ['R2', '[R4]'], text: '@!P0 LDG.E R2, [R4]' });
    // DEPBAR's operand is already 0-based in maxas: it stays as written.
    expect(depbar).toMatchObject({ opcode: 'DEPBAR.LE', operands: ['SB1', '5'] });
    expect(bra).toMatchObject({ guard: { predicate: 'P0', negated: false }, opcode: 'BRA', operands: ['LOOP'] });
  });

  it('names the kernel after the file and leaves the architecture open without headers', () => {
    const listing = parseMaxas('--:-:-:-:1 NOP;\n', 'dir/kernel.sass');
    expect(listing.architecture).toBeNull();
    expect(listing.kernels[0]).toMatchObject({ name: 'kernel', line: 1 });
  });

  it('locates malformed control fields at the bad part', () => {
    expect(line('--:-:7:-:1 MOV R1, R2;')).toEqual(["2:6: expected the write barrier 1..6 or '-' (maxas numbers barriers from 1), got '7'"]);
    expect(line('--:0:-:-:1 MOV R1, R2;')).toEqual(["2:4: expected the read barrier 1..6 or '-' (maxas numbers barriers from 1), got '0'"]);
    expect(line('4g:-:-:-:1 MOV R1, R2;')).toEqual(["2:1: expected the wait mask as 2 hex digits 00..3f (bit i = barrier i+1) or '--', got '4g'"]);
    expect(line('40:-:-:-:1 MOV R1, R2;')).toEqual(["2:1: expected the wait mask as 2 hex digits 00..3f (bit i = barrier i+1) or '--', got '40'"]);
    expect(line('--:-:-:x:1 MOV R1, R2;')).toEqual(["2:8: expected the yield flag 'Y' or '-', got 'x'"]);
    expect(line('  --:-:-:-:g MOV R1, R2;')).toEqual(["2:12: expected the stall count as one hex digit 0..f, got 'g'"]);
    expect(line('--:-:-:1 MOV R1, R2;')).toEqual([
      "2:1: expected a control field of five ':'-separated parts like '--:-:1:Y:d' (wait mask : read barrier : write barrier : yield : stall), got '--:-:-:1'",
    ]);
  });

  it('locates malformed instruction lines', () => {
    expect(line('MOV R1, R2;')).toEqual([
      "2:1: expected a control field like '--:-:1:Y:d' (wait mask : read barrier : write barrier : yield : stall) followed by an instruction, or a label 'NAME:', got 'MOV'",
    ]);
    expect(line('--:-:-:-:1')).toEqual(['2:11: expected an instruction after the control field']);
    expect(line('--:-:-:-:1 MOV R1, R2')).toEqual(["2:22: expected ';' at the end of the instruction"]);
    expect(line('--:-:-:-:1 MOV R1, R2; NOP;')).toEqual(["2:24: expected nothing but a comment after ';'"]);
    expect(line('--:-:-:-:1 MOV R1,, R2;')).toEqual(["2:19: expected an operand before ','"]);
    expect(line('LOOP: MOV R1, R2;')).toEqual(["2:7: expected nothing after the label 'LOOP:' (put the instruction on its own line)"]);
    expect(problems('A:\n--:-:-:-:1 NOP;\nA:\n')).toEqual(["3:1: label 'A' is already defined at line 1"]);
  });

  it('reports every bad line at once', () => {
    expect(problems('--:-:9:-:1 NOP;\n--:-:-:-:1 NOP;\nfoo bar\n')).toEqual([
      "1:6: expected the write barrier 1..6 or '-' (maxas numbers barriers from 1), got '9'",
      "3:1: expected a control field like '--:-:1:Y:d' (wait mask : read barrier : write barrier : yield : stall) followed by an instruction, or a label 'NAME:', got 'foo'",
    ]);
  });

  it('rejects a jump to a label the file does not define, as maxas does', () => {
    expect(problems('--:-:-:-:1 @P0 BRA NOWHERE;\n--:-:-:-:1 SSY 0x40;\n')).toEqual([
      "1:20: expected a label defined in this file as the target of BRA, got 'NOWHERE'",
      "2:16: expected a label defined in this file as the target of SSY, got '0x40'",
    ]);
  });

  it('rejects symbolic register names, once per name', () => {
    expect(problems('--:-:1:-:1 S2R tid, SR_TID.X;\n01:-:-:-:6 LDS R4, [loadA0+0x10];\n--:-:-:-:1 MOV R1, tid;\n')).toEqual([
      "1:16: 'tid' is a symbolic register name, which maxas assigns only when it assembles the kernel (maxas.pl -i); import the assembled kernel instead (maxas.pl -e, or cuobjdump -sass)",
      "2:21: 'loadA0' is a symbolic register name, which maxas assigns only when it assembles the kernel (maxas.pl -i); import the assembled kernel instead (maxas.pl -e, or cuobjdump -sass)",
    ]);
  });

  it('refuses preprocessor constructs, located, without reading inside them', () => {
    const source = [
      '# Kernel: k',
      '<CONSTANT_MAPPING>',
      '    param_A : c[0x0][0x140]',
      '</CONSTANT_MAPPING>',
      '  <REGISTER_MAPPING>',
      '    0-3 : loadA<0-3>',
      '</REGISTER_MAPPING>',
      '<COMMENT>',
      'not code',
      '</COMMENT>',
      '--:-:-:-:1 SHL R0, R1, [+ dshift() +];',
      '[+',
      '  join "", map "--:-:-:-:1 NOP;\\n", 0..3;',
      '+]',
      '<SCHEDULE_BLOCK>',
      '--:-:-:-:1 MOV R0, R1;',
      '</SCHEDULE_BLOCK>',
      '<CODE>',
      '  return "";',
      '</CODE>',
      '<INCLUDE file="common.sass"/>',
    ].join('\n');
    const preprocess = 'this is a maxas source file: run it through the maxas preprocessor first (maxas.pl -p IN.sass OUT.sass)';
    expect(problems(source)).toEqual([
      `2:1: a <CONSTANT_MAPPING> block (symbolic names for constants): ${preprocess}`,
      '5:3: a <REGISTER_MAPPING> block (symbolic register names): symbolic registers get numbers only when maxas assembles the kernel (maxas.pl -i), not from maxas.pl -p; import the assembled kernel instead (maxas.pl -e, or cuobjdump -sass)',
      `11:24: inline Perl code '[+ ... +]': ${preprocess}`,
      `12:1: inline Perl code '[+ ... +]': ${preprocess}`,
      `15:1: a <SCHEDULE_BLOCK> (instructions for maxas to schedule): ${preprocess}`,
      `18:1: a <CODE> block (Perl code generating instructions): ${preprocess}`,
      `21:1: an <INCLUDE> of another file: ${preprocess}`,
    ]);
  });

  it('skips <COMMENT> blocks and takes [- as Perl only when a -] closes it', () => {
    const listing = parseMaxas('<COMMENT>\n--:-:9:-:1 bad\n</COMMENT>\n--:-:-:-:1 LDG R2, [-0x4];\n', 'k.sass');
    expect(listing.kernels[0]!.instructions.map((instruction) => instruction.text)).toEqual(['LDG R2, [-0x4]']);
    expect(problems('--:-:-:-:1 NOP;\n[-\n  our $x = 1;\n-]\n')).toEqual([
      "2:1: inline Perl code '[- ... -]': this is a maxas source file: run it through the maxas preprocessor first (maxas.pl -p IN.sass OUT.sass)",
    ]);
  });
});

describe.skipIf(!hasCorpus)('parseMaxas on the corpus', () => {
  const read = (folder: string, name: string) => {
    const path = join(CORPUS, folder, name);
    return { path, text: readFileSync(path, 'utf8') };
  };
  /** The `# InsCnt:` header: maxas counts the instructions without the final EXIT (Cubin.pm @766e72d). */
  const headerCount = (text: string) => Number(/^# InsCnt: (\d+)$/m.exec(text)![1]);

  it('reads sgemm_final_128.sass: 771 instructions, two labels', () => {
    const { path, text } = read('maxas', 'sgemm_final_128.sass');
    const listing = parseMaxas(text, path);
    expect(listing.architecture).toBe('sm_50');
    const kernel = listing.kernels[0]!;
    expect(kernel).toMatchObject({ name: 'sgemm_kernel_128', line: 1, labels: { TARGET1: 67, TARGET2: 736 } });
    expect(kernel.instructions).toHaveLength(771);
    expect(headerCount(text)).toBe(770);
    // S2R R112 sets barrier 1 (scoreboard 0); the ISETP reading R112 waits on it (`01`).
    expect(kernel.instructions[0]!.control.writeScoreboard).toBe(0);
    expect(kernel.instructions[3]).toMatchObject({ line: 24, opcode: 'ISETP.GE.AND', control: { wait: [0], yield: true } });
    // `06` waits on barriers 2 and 3, set by the two S2R SR_CTAID reads.
    expect(kernel.instructions[21]).toMatchObject({ opcode: 'SEL', control: { wait: [1, 2] } });
  });

  it('reads ptxas_memory.sm_52.sass: 582 instructions, barrier 6 is scoreboard 5', () => {
    const { path, text } = read('maxas', 'ptxas_memory.sm_52.sass');
    const listing = parseMaxas(text, path);
    expect(listing.architecture).toBe('sm_52');
    const kernel = listing.kernels[0]!;
    expect(kernel).toMatchObject({ name: 'memory', labels: {} });
    expect(kernel.instructions).toHaveLength(582);
    expect(headerCount(text)).toBe(581);
    expect(kernel.instructions[4]).toMatchObject({ opcode: 'LDG', control: { writeScoreboard: 5, yield: true, stall: 11 } });
    expect(kernel.instructions[kernel.instructions.length - 1]).toMatchObject({ opcode: 'EXIT', control: { stall: 15 } });
  });

  const sources = hasCorpus
    ? [
        ...readdirSync(join(CORPUS, 'maxas')).filter((name) => name.endsWith('.sass') && !['sgemm_final_128.sass', 'ptxas_memory.sm_52.sass'].includes(name)).map((name) => ['maxas', name] as const),
        ...readdirSync(join(CORPUS, 'neon')).filter((name) => name.endsWith('.sass')).map((name) => ['neon', name] as const),
      ]
    : [];
  /** The first construct of each maxas source file, as line:column. */
  const FIRST: Readonly<Record<string, string>> = {
    'microbench.sass': '5:1',
    'shared_lds.sass': '14:1',
    'shared_sts16.sass': '14:1',
    'throughput.sass': '12:1',
    'throughput2.sass': '3:1',
    'xmad2.sass': '14:1',
    'sgemm_nn_128x128.sass': '20:1',
    'xconv_direct_xprop_64x32.sass': '18:1',
  };

  it.each(sources)('refuses the maxas source %s/%s with located problems', (folder, name) => {
    const { path, text } = read(folder, name);
    let error: unknown;
    try {
      parseMaxas(text, path);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    const found = (error as InputError).problems;
    expect(`${found[0]!.line}:${found[0]!.column}`).toBe(FIRST[name]);
    for (const problem of found) {
      expect(problem.file).toBe(path);
      expect(problem.message).toMatch(/maxas\.pl -[pi]/);
    }
  });
});
