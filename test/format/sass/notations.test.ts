/**
 * The NVIDIA listing notations users actually have, each on real tool output (fixtures/README.md
 * says where every fixture comes from): demangled function names (CUDA 13's cuobjdump), CUDA
 * 12.8's control annotations (`&wr=0x1 ?trans1`), excerpts with no `Function :` line, nvdisasm's
 * own output, and files saved on Windows (byte-order mark, CR LF).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExpectation } from '../../../format/hp/expectation.js';
import { inputText } from '../../../format/readInputFile.js';
import { printAnnotations, takeAnnotations } from '../../../format/sass/annotations.js';
import { excerptName, parseCuobjdump } from '../../../format/sass/cuobjdump.js';
import { detectNotation, isListingText } from '../../../format/sass/detect.js';
import { kernelNames, selectsKernel, shellWord } from '../../../format/sass/kernelName.js';
import type { SassLine } from '../../../format/sass/listing.js';
import { isListingFile } from '../../../format/sass/load.js';
import { listingKernelsOfText, loadListingKernels, type ListingOptions } from '../../../format/sass/loadKernels.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import type { Control } from '../../../spec/scoreboard/program.js';
import { cli } from '../../cli/run.js';
import { rejection } from '../../helpers.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const OPTIONS: ListingOptions = { from: null, architecture: null, kernels: [] };
const load = (text: string, file: string, options: Partial<ListingOptions> = {}) => listingKernelsOfText(text, file, { ...OPTIONS, ...options });
const verdicts = (text: string, file: string, options: Partial<ListingOptions> = {}) =>
  load(text, file, options).map(({ program, notes }) => `${program.name}: ${checkSassProgram(program, notes).verdict}`);

/** `B1:R-:W2:Y:S4`-like summary of a control, to compare many at once. */
const brief = ({ wait, readScoreboard, writeScoreboard, yield: yieldHint, stall }: Control) =>
  `B${wait.join('') || '-'}:R${readScoreboard ?? '-'}:W${writeScoreboard ?? '-'}:${yieldHint ? 'Y' : '-'}:S${stall}`;
const controls = (instructions: readonly SassLine[]) => instructions.map((instruction) => `${instruction.opcode} ${brief(instruction.control)}`);

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-notations-'));
function file(name: string, content: string | Uint8Array): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

describe('demangled function names (CUDA 13 cuobjdump, cuobjdump | cu++filt)', () => {
  it('names a function by all the text after "Function :"', () => {
    const thirteen = parseCuobjdump(fixture('saxpy-demangled-13.sm_100.sass'), 'saxpy.sass');
    expect(thirteen.architecture).toBe('sm_100');
    expect(thirteen.kernels.map((kernel) => kernel.name)).toEqual(['saxpy(float, const float *, float *, unsigned int)']);
    const filtered = parseCuobjdump(fixture('saxpy-demangled.sm_80.sass'), 'saxpy.sass');
    expect(filtered.kernels.map((kernel) => [kernel.name, kernel.line, kernel.instructions.length])).toEqual([['saxpy(float, const float *, float *, unsigned int)', 3, 19]]);
  });

  it('reads templates, namespaces and operators whole, and checks each kernel under its name', () => {
    // One real function under the names CUDA 13's cuobjdump and cu++filt print for other kernels.
    const saxpy = fixture('saxpy-demangled.sm_80.sass');
    const names = ['void foo<128, float>(float *)', '(anonymous namespace)::k(int)', '<unnamed>::reduce(const float *, float *)', 'void loopsum<(int)128, float>(const T2 *, T2 *, int)'];
    const body = saxpy.slice(saxpy.indexOf('\t.headerflags'));
    const text = `\tcode for sm_80\n${names.map((name) => `\t\tFunction : ${name}\n${body}`).join('\n')}`;
    expect(verdicts(text, 'many.sass')).toEqual(names.map((name) => `${name}: proved-safe`));
    // Selected by the whole name, as --kernel passes it.
    expect(verdicts(text, 'many.sass', { kernels: ['(anonymous namespace)::k(int)'] })).toEqual(['(anonymous namespace)::k(int): proved-safe']);
  });

  it('ends a cut-short dump at its demangled header, naming it', () => {
    const cut = fixture('saxpy-demangled-13.sm_100.sass').split('\n').slice(0, 25).join('\n');
    expect(rejection(() => load(cut, 'saxpy.sass'))).toEqual([
      "18:3: function saxpy(float, const float *, float *, unsigned int) has no '....' line after its code: cuobjdump ends every function with one, but the file stops at line 25: the listing looks cut short (a partial copy or download?): give the whole file",
    ]);
  });

  it('gives the names a kernel answers to: whole, without parameters, without a return type', () => {
    expect(kernelNames('saxpy(float, const float *, float *, unsigned int)')).toEqual(['saxpy(float, const float *, float *, unsigned int)', 'saxpy']);
    expect(kernelNames('void foo<128, float>(float *)')).toEqual(['void foo<128, float>(float *)', 'void foo<128, float>', 'foo<128, float>']);
    expect(kernelNames('(anonymous namespace)::k(int)')).toEqual(['(anonymous namespace)::k(int)', '(anonymous namespace)::k']);
    expect(kernelNames('_Z5saxpyfPKfPfj')).toEqual(['_Z5saxpyfPKfPfj']);
    expect(selectsKernel('saxpy(float, const float *, float *, unsigned int)', ' saxpy ')).toBe(true);
    expect(selectsKernel('saxpy(float, const float *, float *, unsigned int)', 'sax')).toBe(false);
  });

  it('quotes a name for a shell only where it must, and a quote inside it too', () => {
    expect(shellWord('_Z5saxpyfPKfPfj')).toBe('_Z5saxpyfPKfPfj');
    expect(shellWord('saxpy(float, const float *, float *, unsigned int)')).toBe("'saxpy(float, const float *, float *, unsigned int)'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(shellWord('examples/sass/k.sm_75.sass')).toBe('examples/sass/k.sm_75.sass');
  });
});

describe('control annotations (CUDA 12.8: &wr=0x1 ?trans1)', () => {
  const ANNOTATED = fixture('annotated-12.8.1.sm_120.sass');

  it('reads each word as the field of the encoding it is printed beside, on every line of real output', () => {
    // The encodings decide (they are read first); a line whose words disagreed would be refused.
    const listing = parseCuobjdump(ANNOTATED, 'dump.sass');
    expect(listing.architecture).toBe('sm_120');
    const withoutEncodings = parseCuobjdump(ANNOTATED.replace(/\s*\/\* 0x[0-9a-f]{16} \*\//g, ''), 'dump.sass');
    expect(controls(withoutEncodings.kernels[0]!.instructions)).toEqual(controls(listing.kernels[0]!.instructions));
    expect(controls(listing.kernels[0]!.instructions).slice(0, 10)).toEqual([
      'LDC B-:R-:W0:-:S1', // &wr=0x0 ?trans1
      'S2R B-:R-:W1:-:S1',
      'LDCU B-:R-:W1:-:S1',
      'S2R B-:R-:W1:-:S1',
      'LDCU.64 B-:R-:W2:-:S1',
      'LDCU B-:R-:W3:-:S1',
      'IMAD B1:R-:W-:-:S1', // &req={1} ?trans1
      'UIMAD B3:R-:W-:Y:S4', // &req={3} ?WAIT4_END_GROUP
      'IADD3 B2:R-:W-:Y:S5',
      'ISETP.GE.U32.AND B-:R-:W-:Y:S13',
    ]);
    const byOpcode = (opcode: string) => controls(listing.kernels[0]!.instructions).filter((line) => line.startsWith(`${opcode} `));
    expect(byOpcode('STG.E')).toEqual(['STG.E B-:R4:W-:-:S2']); // &rd=0x4 ?trans2
    expect(byOpcode('IMAD.WIDE.U32')).toContain('IMAD.WIDE.U32 B34:R-:W-:-:S1'); // &req={4,3}
    expect(byOpcode('NOP')).toEqual(['NOP B-:R-:W-:Y:S0', 'NOP B-:R-:W-:Y:S0']); // no words: all zero
    // The instruction text is without its annotations, its columns as written.
    expect(listing.kernels[0]!.instructions[0]).toMatchObject({ text: 'LDC R1, c[0x0][0x37c]', column: 36, operands: ['R1', 'c[0x0][0x37c]'], operandColumns: [40, 44] });
  });

  it('reads &wr_early as the read-scoreboard field, as its encoding holds it', () => {
    const listing = parseCuobjdump(fixture('annotated-atomic.sm_120.sass'), 'atomic.sass');
    const atom = listing.kernels[0]!.instructions.find((instruction) => instruction.opcode.startsWith('ATOM'))!;
    expect([atom.text, brief(atom.control)]).toEqual(['ATOM.E.ADD.64.STRONG.GPU P0, RZ, desc[UR10][R4.64], R2', 'B0:R0:W-:-:S2']);
    expect(controls(listing.kernels[0]!.instructions)).toContain('IADD.64 B01:R-:W-:Y:S6'); // &req={1,0} ?WAIT6_END_GROUP
  });

  it('gives the same verdict as the same kernel dumped without annotations', () => {
    expect(verdicts(ANNOTATED, 'annotated.sass')).toEqual(['annotated: proved-safe']);
    expect(verdicts(fixture('plain-13.0.0.sm_120.sass'), 'plain.sass')).toEqual(['plain: proved-safe']);
  });

  it('refuses a line whose words and encoding disagree, at the words, saying both', () => {
    const edited = ANNOTATED.replace('&req={1} &wr=0x2      ?trans4', '&req={1} &wr=0x3      ?trans4').replace('IADD3 R0, PT, PT, R0, UR8, RZ                 &req={2}              ?WAIT5_END_GROUP', 'IADD3 R0, PT, PT, R0, UR8, RZ                                       ?WAIT5_END_GROUP');
    expect(rejection(() => parseCuobjdump(edited, 'k.sass'))).toEqual([
      "18:104: expected the annotations to agree with the encoding on line 19, which says '&req={2} ?WAIT5_END_GROUP'; the line has '?WAIT5_END_GROUP'",
      "38:82: expected the annotations to agree with the encoding on line 39, which says '&req={1} &wr=0x2 ?trans4'; the line has '&req={1} &wr=0x3 ?trans4'",
    ]);
    // A line that has lost its words is all zero, which its encoding is not.
    const bare = ANNOTATED.replace('&wr=0x0               ?trans1;', '                              ;');
    expect(rejection(() => parseCuobjdump(bare, 'k.sass'))).toEqual([
      "2:58: expected the annotations to agree with the encoding on line 3, which says '&wr=0x0 ?trans1'; the line has no annotations (stall 0, no scoreboard)",
    ]);
  });

  it('locates unknown, repeated and impossible words', () => {
    const line = (words: string) => `\t\tFunction : k\n        /*0000*/                   EXIT          ${words};\n`;
    expect(rejection(() => parseCuobjdump(line('&wr=0x1 ?trans1 &foo=1'), 'k.sass'))).toEqual([
      "2:66: expected a scheduling annotation like '&wr=0x1', '&rd=0x0', '&wr_early=0x0', '&req={0,1}', '?trans1' or '?WAIT5_END_GROUP', got '&foo=1'",
    ]);
    expect(rejection(() => parseCuobjdump(line('&wr=0x1 &wr=0x2'), 'k.sass'))).toEqual(["2:58: expected one '&wr=' on an instruction, got a second: '&wr=0x2'"]);
    expect(rejection(() => parseCuobjdump(line('&rd=0x0 &wr_early=0x1'), 'k.sass'))).toEqual([
      "2:58: expected one of '&rd=' and '&wr_early=' on an instruction (both print its read-scoreboard field), got '&wr_early=0x1' after '&rd=0x0'",
    ]);
    expect(rejection(() => parseCuobjdump(line('&wr=0x6'), 'k.sass'))).toEqual(['2:54: expected a scoreboard 0 to 5 (NVIDIA GPUs have 6), got 0x6']);
    expect(rejection(() => parseCuobjdump(line('&req={1,x}'), 'k.sass'))).toEqual(["2:58: expected scoreboard numbers 0 to 5 separated by ',' in '&req={...}', got 'x'"]);
    expect(rejection(() => parseCuobjdump(line('?trans1 ?WAIT2_END_GROUP'), 'k.sass'))).toEqual([
      "2:58: expected one '?trans' or '?WAIT..._END_GROUP' on an instruction, got a second: '?WAIT2_END_GROUP'",
    ]);
    expect(rejection(() => parseCuobjdump(line('?WAIT16_END_GROUP'), 'k.sass'))).toEqual(['2:55: expected a stall of 0 to 15 cycles, got 16']);
  });

  it('prints a control back in the words it is read from', () => {
    for (const words of ['&req={1} &wr=0x2 ?trans4', '&rd=0x0 &wr=0x2 ?trans2', '?WAIT13_END_GROUP', '(none)']) {
      const taken = takeAnnotations(` R0, R1   ${words === '(none)' ? '' : words};`, 1);
      expect(printAnnotations(taken.control ?? { wait: [], readScoreboard: null, writeScoreboard: null, yield: true, stall: 0 })).toBe(words);
    }
    // The text keeps its length and its `;`, so later columns do not move.
    expect(takeAnnotations(' R0, R1  &wr=0x1 ?trans1;  ', 10)).toEqual({
      text: ' R0, R1                 ;  ',
      control: { wait: [], readScoreboard: null, writeScoreboard: 1, yield: false, stall: 1 },
      column: 19,
    });
  });
});

describe('excerpts: lines of a dump with no "Function :" line', () => {
  const EXCERPT = fixture('saxpy-excerpt.sass');

  it('are one kernel named after the file, for the architecture of --arch', () => {
    expect(rejection(() => load(EXCERPT, 'saxpy.sass'))).toEqual([expect.stringMatching(/^1:1: the listing does not say which architecture it is for \(no 'code for sm_XX' line.*\): pass --arch sm_XX/)]);
    expect(verdicts(EXCERPT, 'saxpy.sass', { architecture: 'sm_80' })).toEqual(['saxpy: proved-safe']);
    const [kernel] = parseCuobjdump(EXCERPT, 'dir/saxpy.sass').kernels;
    expect(kernel).toMatchObject({ name: 'saxpy', line: 1 });
    expect(kernel!.instructions).toHaveLength(17);
  });

  it('take the architecture from a .headerflags line or the file name', () => {
    expect(parseCuobjdump(fixture('annotated-12.8.1.sm_120.sass'), 'x.sass').architecture).toBe('sm_120');
    expect(verdicts(EXCERPT, 'saxpy.sm_80.sass')).toEqual(['saxpy.sm_80: proved-safe']);
    expect(verdicts(EXCERPT, 'saxpy.sm_80.sass', { architecture: 'sm_86' })[0]).toBe('saxpy.sm_80: proved-safe');
  });

  it('are named after the file without its extension, or stdin', () => {
    expect([excerptName('a/b/kernel.sass.txt'), excerptName('k.sm_75.sass'), excerptName('-'), excerptName('.sass')]).toEqual(['kernel', 'k.sm_75', 'stdin', '.sass']);
  });

  it('are refused when they start after the kernel does, or stop before it ends', () => {
    const lines = EXCERPT.split('\n');
    const middle = lines.slice(10).join('\n');
    expect(rejection(() => load(middle, 'saxpy.sm_80.sass'))).toEqual([
      '1:32: this excerpt starts at 0x0050, not where a kernel starts (0x0000): what runs before it may still have loads in flight to the registers and scoreboards it uses, so no verdict on it alone would hold; give the listing from its first instruction, /*0000*/ (or the whole cuobjdump -sass output)',
    ]);
    const head = lines.slice(0, 22).join('\n');
    expect(rejection(() => load(head, 'saxpy.sm_80.sass'))).toEqual([
      expect.stringMatching(/^21:36: kernel saxpy\.sm_80 ends at line 21 with LDG\.E, not an EXIT, return or jump: .*cut short/),
    ]);
  });

  it('start after what is no code: nvdisasm data sections stay outside', () => {
    const withData = `\t.section\t.nv.info,"",@"SHT_CUDA_INFO"\n.L_0:\n        /*0000*/ \t.byte\t0x04, 0x2f\n${EXCERPT}`;
    expect(rejection(() => parseCuobjdump(withData, 'k.sass'))[0]).toBe("4:9: expected a 'Function : NAME' line (cuobjdump) or '.section .text.NAME' (nvdisasm) before the first instruction");
  });
});

describe('nvdisasm', () => {
  it('with -hex: every function is a kernel, Volta and Maxwell layouts alike', () => {
    expect(verdicts(fixture('saxpy.sm_80.nvdisasm'), 'k.nvdisasm')).toEqual(['saxpy: proved-safe']);
    expect(verdicts(fixture('saxpy.sm_52.nvdisasm'), 'k.nvdisasm')).toEqual(['saxpy: proved-safe']);
    const maxwell = parseCuobjdump(fixture('saxpy.sm_52.nvdisasm'), 'k.nvdisasm').kernels[0]!;
    // The dual-issue pair `{ IADD ...` / `LDG.E ... }`, whose second encoding is on a line of its own.
    expect(maxwell.instructions.filter((instruction) => instruction.address === 0x88 || instruction.address === 0x90).map((instruction) => `${instruction.text} ${brief(instruction.control)}`)).toEqual([
      'IADD R2.CC, R2, c[0x0][0x148] B-:R-:W-:-:S0',
      'LDG.E R4, [R4] B-:R-:W5:-:S6',
    ]);
    expect(maxwell.labels).toMatchObject({ saxpy: 0, '.text.saxpy': 0, '.L_x_5': 21 });
  });

  it('with -plr: the register life ranges after each line are comments', () => {
    const plain = parseCuobjdump(fixture('saxpy.sm_80.nvdisasm'), 'k.nvdisasm').kernels[0]!;
    const ranges = parseCuobjdump(fixture('saxpy-plr.sm_80.nvdisasm'), 'k.nvdisasm').kernels[0]!;
    // -plr prints no NOP padding.
    expect(controls(ranges.instructions)).toEqual(controls(plain.instructions).filter((line) => !line.startsWith('NOP ')));
  });

  it('without -hex: refused once, at the first instruction, saying to add -hex', () => {
    expect(rejection(() => load(fixture('saxpy-no-hex.sm_80.nvdisasm'), 'k.nvdisasm'))).toEqual([
      "15:58: expected each instruction's encoding after it, '/* 0x... */', or its control annotations ('&wr=0x1 ?trans1'): without them this listing does not say how its instructions are scheduled (stalls, yield, scoreboards, waits), and nothing is guessed; disassemble with 'nvdisasm -hex' (--print-instruction-encoding), or 'cuobjdump -sass', which prints them",
    ]);
  });

  it('is told from its content, whatever the file is called', () => {
    for (const name of ['saxpy.sm_80.nvdisasm', 'saxpy-no-hex.sm_80.nvdisasm', 'saxpy-plr.sm_80.nvdisasm', 'saxpy.sm_52.nvdisasm', 'annotated-12.8.1.sm_120.sass', 'saxpy-excerpt.sass', 'saxpy-demangled-13.sm_100.sass']) {
      const text = fixture(name);
      expect([name, detectNotation(text, 'dump.txt'), isListingText(text), isListingFile(file(`${name}.txt`, text))]).toEqual([name, 'cuobjdump', true, true]);
    }
    // Annotations alone (nvdisasm of CUDA 12.8 without -hex) are a mark too.
    const annotationsOnly = fixture('annotated-12.8.1.sm_120.sass').replace(/\s*\/\* 0x[0-9a-f]{16} \*\//g, '').replace(/\/\*[0-9a-f]{4}\*\//g, '');
    expect(detectNotation(annotationsOnly, 'dump.txt')).toBe('cuobjdump');
  });
});

describe('files saved on Windows: a byte-order mark, CR LF line ends', () => {
  const SAXPY = fixture('saxpy-demangled.sm_80.sass');
  const bom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
  const crlf = (text: string) => text.replace(/\n/g, '\r\n');

  it('are read as the same listing', () => {
    const expected = verdicts(SAXPY, 'k.sass');
    for (const bytes of [bom(SAXPY), new TextEncoder().encode(crlf(SAXPY)), bom(crlf(SAXPY))]) {
      const path = file('windows.sass', bytes);
      expect(loadListingKernels(path, OPTIONS).map(({ program, notes }) => `${program.name}: ${checkSassProgram(program, notes).verdict}`)).toEqual(expected);
    }
  });

  it('keep every column of an error where the user sees it', () => {
    const broken = SAXPY.replace('S2R R4, SR_TID.X ;', 'S2R R4, SR_TID.X ;;');
    const plain = rejection(() => loadListingKernels(file('plain.sass', broken), OPTIONS));
    expect(plain).toEqual(["7:53: expected the instruction to end at ';', found more text after it"]);
    expect(rejection(() => loadListingKernels(file('bom.sass', bom(crlf(broken))), OPTIONS))).toEqual(plain);
    // On the first line too: the mark is no column.
    const firstLine = '        /*0000*/ S2R R4, SR_TID.X ;;\n';
    expect(rejection(() => loadListingKernels(file('first.sass', bom(firstLine)), OPTIONS))).toEqual(rejection(() => loadListingKernels(file('first-plain.sass', firstLine), OPTIONS)));
  });

  it('and a program of any kind reads the same', async () => {
    const program = readFileSync(join(import.meta.dirname, '..', '..', '..', 'examples', 'war-missing-wait.hp'), 'utf8');
    const path = file('windows.hp', bom(crlf(program)));
    const [plain, windows] = [await cli('check', join(import.meta.dirname, '..', '..', '..', 'examples', 'war-missing-wait.hp'), '--expect', '--timelines', 'none', '--seed', '1'), await cli('check', path, '--expect', '--timelines', 'none', '--seed', '1')];
    expect(windows.code).toBe(plain.code);
    expect(windows.code).toBe(0);
  });

  it('UTF-16 with its mark, as PowerShell 5 redirects output, is decoded', () => {
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(crlf(SAXPY), 'utf16le')]);
    expect(inputText(utf16le, 'k.sass', 'listing')).toBe(SAXPY);
    const utf16be = Buffer.from(utf16le.subarray(2)).swap16();
    expect(inputText(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), 'k.sass', 'listing')).toBe(SAXPY);
  });
});

describe('the examples of these notations', () => {
  // `npm start` checks examples/sass/*.cuasm; these have their tools' own extensions.
  const examples = join(import.meta.dirname, '..', '..', '..', 'examples', 'sass');
  const files = readdirSync(examples).filter((name) => !name.endsWith('.cuasm')).map((name) => join(examples, name));

  it('exist, one per notation, each with an expect: comment', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const path of files) expect(readExpectation(readFileSync(path, 'utf8')), path).not.toBeNull();
  });

  it('get the verdict their expect: comment states', async () => {
    const result = await cli('check', '--expect', ...files);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`${files.length}/${files.length} listings got their expected verdict`);
  });
});
