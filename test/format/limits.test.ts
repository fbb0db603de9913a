import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { parseComponentProgram } from '../../format/components/parse.js';
import { InputError, MAX_LISTED_PROBLEMS } from '../../format/error.js';
import { parseProgramJson, programToJson } from '../../format/hp/json.js';
import { parseProgram } from '../../format/hp/parse.js';
import { parseIr3 } from '../../format/ir3/parse.js';
import { checkJsonDepth, findJsonDepthProblem, MAX_JSON_DEPTH } from '../../format/jsonInput.js';
import { expectInteger, wholeNumberValue } from '../../format/lineSyntax.js';
import { parseLrcProgram } from '../../format/lrc/parse.js';
import { parseTuringas } from '../../format/sass/turingas.js';
import { loadListingKernels } from '../../format/sass/loadKernels.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rejection } from '../helpers.js';

/** Every number field of every notation has a range; these are its edges, each refused with file:line:col. */
describe('input limits', () => {
  const hp = (text: string) => rejection(() => parseProgram(text, 'bad.hp'));
  const lrc = (text: string) => rejection(() => parseLrcProgram(`.machine lrc\n${text}`, 'bad.hp'));
  const comp = (text: string) => rejection(() => parseComponentProgram(text, 'bad.comp'));

  it('whole numbers past 2^53 are refused where they are written, never read as Infinity or an unexact double', () => {
    expect(wholeNumberValue('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(wholeNumberValue('9007199254740993')).toBe('too-large');
    expect(wholeNumberValue(`0x${'f'.repeat(300)}`)).toBe('too-large');
    expect(wholeNumberValue('0x10')).toBe(16);
    expect(wholeNumberValue('NaN')).toBeNull();
    expect(() => expectInteger({ text: '1'.repeat(400), column: 7, kind: 'number' }, 1, 'expected a count')).toThrow(/expected a count, got '1{20}\.\.\.', which is too large/);
    expect(hp('.warps 0xFFFFFFFFFFFFFFFF\n')).toEqual(["1:8: expected the number of warps (1..64) after .warps, got '0xFFFFFFFFFFFFFFFF', which is too large"]);
  });

  it('.hp: warps 1..64, queue depth 1..1024, fixed latency 1..64, at most 32 pipes, scoreboards SB0..SB15', () => {
    expect(hp('.warps 65536\n')).toEqual(['1:8: expected a warp count from 1 to 64, got 65536']);
    expect(hp('.warps 0\n')).toEqual(['1:8: expected a warp count from 1 to 64, got 0']);
    expect(hp('.pipe tex queue 1025: TEX\n')).toEqual(['1:17: expected a queue depth from 1 to 1024, got 1025']);
    expect(hp('.pipe alu fixed 65: FMUL\n')).toEqual(['1:17: expected a latency in cycles from 1 to 64, got 65']);
    const pipes = Array.from({ length: 33 }, (_, index) => `.pipe p${index} fixed 1: OP${index}\n`).join('');
    expect(hp(pipes)).toEqual(['33:7: too many pipes: at most 32 may be declared, this is pipe 33']);
    expect(hp('DEPBAR.LE SB123, 1\n')).toEqual(['1:11: expected a scoreboard SBn (SB0..SB15) after DEPBAR.LE']);
    expect(parseProgram('.warps 64\n.pipe alu fixed 64: FMUL\n.pipe tex queue 1024: TEX\n', 'ok.hp').program.warps).toBe(64);
  });

  it('.hp: at most 1,000,000 instruction instances (instructions x warps), the first one past the limit located', () => {
    const program = `.warps 64\n${'NOP\n'.repeat(15_626)}`;
    expect(hp(program)).toEqual(['15627:1: too many instructions: 15626 instructions x 64 warp(s) = 1000064 instances; at most 1000000 are supported (this is instruction 15626, the first past the limit)']);
  });

  it('the JSON program form has the same ranges (schema and rules), located with the JSON path', () => {
    const json = JSON.parse(programToJson(parseProgram('.pipe tex queue 16: TEX\nTEX R0 <- R1\n', 'p.hp').program)) as { warps: number; pipes: { depth: number }[] };
    json.warps = 65;
    json.pipes[0]!.depth = 5000;
    const problems = rejection(() => parseProgramJson(JSON.stringify(json, null, 2), 'bad.json'));
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+:\d+: \$\.warps must be <= 64$/), expect.stringMatching(/^\d+:\d+: \$\.pipes\[0\]\.depth must be <= 1024$/)]));
  });

  it('JSON nested deeper than 64 levels is refused before any recursive parser sees it, at the bracket that goes too deep', () => {
    const deep = `{"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(rejection(() => parseProgramJson(deep, 'deep.json'))).toEqual([`1:${6 + MAX_JSON_DEPTH}: JSON nested too deeply: expected at most 64 levels of arrays and objects`]);
    expect(findJsonDepthProblem('["[[[[", {"x": "]]]"}]', 'f.json', { maxDepth: 2 })).toBeNull();
    expect(findJsonDepthProblem('{"s": "\\"[[["}\n[[[0]]]', 'f.jsonl', { maxDepth: 2, firstLine: 40 })).toMatchObject({ file: 'f.jsonl', line: 41, column: 3 });
    expect(() => checkJsonDepth('[[[]]]', 'ok.json', { maxDepth: 3 })).not.toThrow();
  });

  it('whatever the brackets, text the depth check lets through never overflows the stack of the JSON parser (mismatched closers included)', () => {
    // Random runs of JSON tokens, and the shapes a recovering parser nests on (a member whose
    // object is "closed" by `]` leaves the parser inside it: the next member nests deeper).
    const token = fc.constantFrom('"a":{', '"a":[', '"a":0', '{', '[', '}', ']', ',', '0', '[]', '"', '\n');
    const chunk = fc.oneof(fc.string({ unit: token, minLength: 1, maxLength: 8 }), fc.constantFrom('"a":{],', '"a":{"a":[],],', '"a":{],"a":0,', '[{]],'));
    fc.assert(fc.property(chunk, fc.integer({ min: 100, max: 4000 }), (piece, times) => {
      const text = `{${piece.repeat(times)}`;
      let overflowed = false;
      try {
        parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
      } catch (error) {
        overflowed = error instanceof RangeError;
      }
      if (overflowed) expect(findJsonDepthProblem(text, 't.json')).not.toBeNull();
    }), { numRuns: 300 });
  });

  it('LRC: contexts 1..64, threads 1..1024, latency 1..64, counter bits 1..16, at most 16 classes, 32 units and 256 preloaded registers', () => {
    expect(lrc('.threads 65\n')).toEqual(['2:10: expected a thread context count from 1 to 64, got 65']);
    expect(lrc('.launch 0x7fffffff\n')).toEqual(['2:9: expected a launched thread count from 1 to 1024, got 2147483647']);
    expect(lrc('.unit alu fixed 65: add\n')).toEqual(['2:17: expected a latency in cycles from 1 to 64, got 65']);
    expect(lrc('.unit mem request: ldg\n.counter sy 17: ldg\n')).toEqual(['3:13: expected a counter width in bits from 1 to 16, got 17']);
    const classes = Array.from({ length: 17 }, (_, index) => `.counter c${index}:\n`).join('');
    expect(lrc(classes)).toEqual(['18:10: too many counter classes: at most 16 may be declared, this is class 17']);
    const registers = Array.from({ length: 257 }, (_, index) => `r${index}`).join(', ');
    expect(lrc(`.unit mem request: ldg\n.counter sy 16: ldg\n.preload sy: ${registers}\n`)).toEqual([expect.stringMatching(/^4:\d+: too many preloaded registers: at most 256 over all \.preload lines/)]);
  });

  it('.comp: latencies 1..64, registers r0..r63 (one register, one name: r018 is r18)', () => {
    expect(comp('.opcode add latency=65\n')).toEqual(["1:21: expected latency=N (N from 1 to 64 cycles) or latency=variable, got 'latency=65'"]);
    expect(comp(`.opcode add latency=0x${'f'.repeat(40)}\n`)).toEqual([expect.stringMatching(/^1:21: expected latency=N \(N from 1 to 64 cycles\)/)]);
    expect(comp('.opcode add latency=3\nadd r64.x, r1.x\n')).toEqual(["2:5: register number out of range: expected r0..r63, got 'r64'"]);
    const { program } = parseComponentProgram('.opcode add latency=3\nadd r018.x, r18.y\n', 'ok.comp');
    expect(program.instructions[0]!.destination).toMatchObject({ register: 'r18' });
  });

  it('ir3: registers r0..r63, constants c0..c4095, relative offsets within the file, repeats 0..7', () => {
    const ir3 = (text: string) => rejection(() => parseIr3(text, 'bad.asm'));
    expect(ir3('mov.u32u32 r64.x, r0.x\n')).toEqual(["1:12: register number out of range: expected r0..r63, got 'r64.x'"]);
    expect(ir3('mov.u32u32 r0.x, c4096.x\n')).toEqual(["1:18: constant number out of range: expected c0..c4095, got 'c4096.x'"]);
    expect(ir3('mov.u32u32 r0.x, r<a0.x + 4294967296>\n')).toEqual(["1:18: relative offset out of range: expected -255..255 components, got 'r<a0.x + 4294967296>'"]);
    expect(ir3(`(rpt${'9'.repeat(30)})nop\n`)).toEqual([expect.stringMatching(/^1:5: expected a repeat count 0\.\.7, got 9{20}\.\.\./)]);
  });

  it('TuringAs: register names stand for R0..R254, parameters fit one 64 KB constant bank', () => {
    const turingas = (regs: string, params = 'input, 8') => rejection(() => parseTuringas(`<params>\n${params}\n</params>\n<regs>\n${regs}\n</regs>\n--:-:-:-:1 EXIT;\n`, 'bad.sass'));
    expect(turingas('0-99999999999 ~ a')).toEqual([expect.stringMatching(/^5:1: register 99999999999 out of range: expected R0\.\.R254/)]);
    expect(turingas('0 : v<0-99999999>')).toEqual([expect.stringMatching(/^5:5: name range v<0-99999999> names more than the 255 registers there are/)]);
    expect(turingas('0 : a', 'input, 99999999999996')).toEqual([expect.stringMatching(/^2:8: 'input' would end at byte 99999999999996: a constant bank holds 65536 bytes/)]);
  });

  it('NVIDIA listings: a control field may write scoreboards up to 15, but the hardware has SB0..SB5', () => {
    const listing = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'sass', 'safe.sm_75.cuasm'), 'utf8').replace('[B------:R-:W2:-:S01]', '[B------:R-:W9:-:S01]');
    const file = join(mkdtempSync(join(tmpdir(), 'hazardproof-limits-')), 'w9.sm_75.cuasm');
    writeFileSync(file, listing);
    expect(rejection(() => loadListingKernels(file, { from: null, architecture: null, kernels: [] }))).toEqual([expect.stringMatching(/^16:\d+: write scoreboard SB9 does not exist: NVIDIA GPUs have 6 scoreboards \(SB0\.\.SB5\)$/)]);
  });

  it('an input error lists at most 100 problems and counts the rest', () => {
    try {
      parseProgram('FOO\n'.repeat(250), 'many.hp');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      const lines = (error as InputError).message.split('\n');
      expect(lines).toHaveLength(MAX_LISTED_PROBLEMS + 1);
      expect(lines.at(-1)).toBe('... and 150 more problems in many.hp');
      expect((error as InputError).problems).toHaveLength(250);
    }
  });
});
