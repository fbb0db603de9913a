import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import type { Ir3Instruction } from '../../../format/ir3/listing.js';
import { parseIr3 } from '../../../format/ir3/parse.js';
import { packageRoot } from '../../../format/packageRoot.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const ir3Corpus = join(corpus, 'mesa-ir3');

/** The single shader's instructions of an assembly snippet. */
function asm(text: string): readonly Ir3Instruction[] {
  const listing = parseIr3(text, 'snippet.asm');
  expect(listing.form).toBe('asm');
  expect(listing.shaders).toHaveLength(1);
  return listing.shaders[0]!.instructions;
}

/** `line:column: message` of every problem, or a failure when the input is accepted or the error is not an InputError. */
function problems(text: string, file = 'bad.asm'): string[] {
  try {
    parseIr3(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
  }
  throw new Error('expected an InputError');
}

describe('ir3 assembly: instruction flags', () => {
  it('reads every instruction flag, (rptN) and (nopN)', () => {
    const [i] = asm('(sy)(ss)(jp)(eq)(sat)(ul)(rpt3)(nop2)add.f r0.x, r1.y, c2.z\n');
    expect([...i!.flags].sort()).toEqual(['eq', 'jp', 'sat', 'ss', 'sy', 'ul']);
    expect([i!.repeat, i!.nops, i!.opcode, i!.category, i!.cycle, i!.raw, i!.index]).toEqual([3, 2, 'add.f', null, null, null, null]);
    expect([i!.line, i!.column]).toEqual([1, 1]);
  });

  it.each([
    ['(sy)nop', ['sy'], 0, 0],
    ['(ss)nop', ['ss'], 0, 0],
    ['(jp)nop', ['jp'], 0, 0],
    ['(eq)nop', ['eq'], 0, 0],
    ['(sat)max.f r0.x, r0.x, r0.x', ['sat'], 0, 0],
    ['(ul)mov.u32u32 r0.x, r0.y', ['ul'], 0, 0],
    ['(rpt5)nop', [], 5, 0],
    ['(nop3) mad.f32 r6.w, c8.w, r6.w, c9.z', [], 0, 3],
    ['nop', [], 0, 0],
  ])('%s', (text, flags, repeat, nops) => {
    const [i] = asm(text);
    expect([[...i!.flags], i!.repeat, i!.nops]).toEqual([flags, repeat, nops]);
  });

  it('gives flags written after an instruction, or alone on a line, to the next instruction (Mesa ignores line ends)', () => {
    const list = asm('stg.a.u32 g[r1.x+r0.y<<4+2<<2], r2.x, 1\nnop(sy)\nldg.a.u32 r4.x, g[r1.x+4], 1\n(ss)\n(rpt2)\nadd.u r4.x, r4.x, 1\n');
    expect(list.map((i) => [i.opcode, [...i.flags], i.repeat, i.line])).toEqual([
      ['stg.a.u32', [], 0, 1],
      ['nop', [], 0, 2],
      ['ldg.a.u32', ['sy'], 0, 3],
      ['add.u', ['ss'], 2, 6],
    ]);
  });
});

describe('ir3 assembly: operands', () => {
  it('reads full and half registers, every component, and where (r) applies', () => {
    const [mov, cov] = asm('(rpt3)mov.u32u32 hr1.w, (r)c0.x\ncov.u32s16 hr4.y, r2.z\n');
    expect(mov!.destination).toEqual({ kind: 'register', file: 'half', index: 1, component: 3, repeatIncrements: true, text: 'hr1.w', column: 18, flags: [] });
    expect(mov!.sources).toEqual([{ kind: 'const', file: 'full', index: 0, component: 0, repeatIncrements: true, text: '(r)c0.x', column: 25, flags: [] }]);
    // A destination advances under (rptN) whether or not (r) is written; a source only with (r).
    expect(cov!.destination).toMatchObject({ kind: 'register', file: 'half', index: 4, component: 1, repeatIncrements: true });
    expect(cov!.sources[0]).toMatchObject({ kind: 'register', file: 'full', index: 2, component: 2, repeatIncrements: false });
  });

  it('takes (r) wherever Mesa\'s grammar puts its source flags: before an immediate (cat2/cat4 sources, mova/mova1) and a0.x, a1.x, p0.x', () => {
    const [mova1, add, sel] = asm('mova1 a1.x, (r)0\n(rpt1)add.u r0.x, (r)h(1), (r)(0.5)\nsel.b32 r1.x, r2.x, (r)p0.x, (r)a0.x\n');
    expect(mova1!.destination).toMatchObject({ kind: 'special', name: 'a1.x' });
    expect(mova1!.sources).toEqual([{ kind: 'immediate', text: '(r)0', column: 13, flags: [], repeatIncrements: true }]);
    expect(add!.sources).toMatchObject([{ kind: 'immediate', text: '(r)h(1)', repeatIncrements: true }, { kind: 'immediate', text: '(r)(0.5)', repeatIncrements: true }]);
    expect(sel!.sources.slice(1)).toMatchObject([{ kind: 'special', name: 'p0.x', repeatIncrements: true }, { kind: 'special', name: 'a0.x', repeatIncrements: true }]);
    // Without (r) the field is absent, as before.
    expect(asm('mov.u32u32 r0.x, 0\n')[0]!.sources[0]).not.toHaveProperty('repeatIncrements');
  });

  it('rejects (r) where the grammar has no source flags: a #label, !p0.x, memory and constant-file references, samplers', () => {
    expect(problems(['l:', 'br p0.x, (r)#l', 'br (r)!p0.x, #l', 'ldg.u32 r0.x, (r)g[r1.x], 1', 'ldc.4.k.imm (r)c[a1.x], 0, 0', 'sam (f32)(xyzw)r0.x, r0.x, (r)s#0, t#1', 'jump (r)#2'].join('\n'))).toEqual([
      "2:10: (r) applies to a source register, constant, a0.x, a1.x, p0.x or immediate, not to '#l'",
      "3:4: (r) applies to a source register, constant, a0.x, a1.x, p0.x or immediate, not to '!p0.x'",
      "4:15: (r) applies to a source register, constant, a0.x, a1.x, p0.x or immediate, not to 'g[r1.x]'",
      "5:13: (r) applies to a source register, constant, a0.x, a1.x, p0.x or immediate, not to 'c[a1.x]'",
      "6:28: (r) applies to a source register, constant, a0.x, a1.x, p0.x or immediate, not to 's#0'",
      "7:6: (r) applies to a source register, constant, a0.x, a1.x, p0.x or immediate, not to '#2'",
    ]);
  });

  it('reads (neg), (abs), (absneg), (last) and destination flags', () => {
    const [add, bary] = asm('add.f r0.x, (neg)r1.x, (absneg)r2.y\nbary.f (ei)r0.y, 0, (abs)(last)r0.x\n');
    expect(add!.sources.map((s) => s.flags)).toEqual([['neg'], ['absneg']]);
    expect(bary!.destination).toMatchObject({ kind: 'register', index: 0, component: 1, flags: ['ei'] });
    expect(bary!.sources).toMatchObject([{ kind: 'immediate', text: '0' }, { kind: 'register', flags: ['abs', 'last'] }]);
  });

  it('reads relative registers and constants r<a0.x + N>', () => {
    const [a, b, c] = asm('(ul)mov.u32u32 r0.x, r<a0.x>\nmov.f32f32 r1.x, c<a0.x + 6>\nmov.f32f32 r<a0.x - 2>, hr<a0.x+4>\n');
    expect(a!.sources[0]).toMatchObject({ kind: 'register', relative: true, offset: 0, index: 0, component: 0 });
    expect(b!.sources[0]).toMatchObject({ kind: 'const', file: 'full', relative: true, offset: 6, index: 1, component: 2 });
    expect(c!.destination).toMatchObject({ kind: 'register', relative: true, offset: -2, repeatIncrements: true });
    expect(c!.sources[0]).toMatchObject({ kind: 'register', file: 'half', relative: true, offset: 4, index: 1, component: 0 });
  });

  it('reads immediates, special registers, memory, samplers and type modifiers', () => {
    const [mov, add, mova, sam, stc, cmps] = asm(
      'mov.u32u32 r0.z, 0x3f4ccccd\nadd.f r0.x, (0.5), h(1)\nmova a0.x, hr4.x\nsam (f32)(xyzw)r0.x, r0.x, s#0, t#1\nstc.u32 c[0], r48.x, 4\ncmps.f.lt p0.x, c0.x, -1\n',
    );
    expect(mov!.sources).toMatchObject([{ kind: 'immediate', text: '0x3f4ccccd' }]);
    expect(add!.sources).toMatchObject([{ kind: 'immediate', text: '(0.5)' }, { kind: 'immediate', text: 'h(1)' }]);
    expect(mova!.destination).toMatchObject({ kind: 'special', name: 'a0.x' });
    expect(sam!.modifiers).toEqual(['(f32)']);
    expect(sam!.destination).toMatchObject({ kind: 'register', flags: ['xyzw'] });
    expect(sam!.sources).toMatchObject([{ kind: 'register' }, { kind: 'other', text: 's#0' }, { kind: 'other', text: 't#1' }]);
    expect(stc!.destination).toBeNull();
    expect(stc!.sources).toMatchObject([{ kind: 'other', text: 'c[0]', registers: [] }, { kind: 'register', index: 48 }, { kind: 'immediate' }]);
    expect(cmps!.destination).toMatchObject({ kind: 'special', name: 'p0.x' });
    expect(cmps!.sources[1]).toMatchObject({ kind: 'immediate', text: '-1' });
  });

  it('lists the registers inside memory operands; stores have no destination', () => {
    const [stg, ldp] = asm('stg.a.u32 g[r1.x+r0.y<<4+2<<2], r2.x, 1\nldp.u32 r0.x, p[r0.x + 0], 1\n');
    expect(stg!.destination).toBeNull();
    expect(stg!.sources[0]).toMatchObject({ kind: 'other', column: 11 });
    expect(stg!.sources[0]!.kind === 'other' && stg!.sources[0]!.registers.map((r) => [r.text, r.column])).toEqual([['r1.x', 13], ['r0.y', 18]]);
    expect(ldp!.destination).toMatchObject({ kind: 'register', index: 0 });
    expect(ldp!.sources[0]).toMatchObject({ kind: 'other', text: 'p[r0.x + 0]' });
  });
});

describe('ir3 assembly: labels, directives, comments', () => {
  const source = [
    '@localsize 16, 1, 1',
    '@buf 16  ; g[0]',
    'cmps.u.gt p0.x, r0.x, 0',
    '(rpt5)nop',
    'br !p0.x, #endif   ; skip the store',
    'mov.u32u32 r1.x, 0x12345678',
    'endif:',
    '(jp)(rpt5)nop',
    'end',
    'tail: nop',
    'after:',
  ].join('\n');

  it('maps labels to instruction indices, and reads branch targets and !p0.x', () => {
    const shader = parseIr3(source, 'branch.asm').shaders[0]!;
    expect(shader.labels).toEqual({ endif: 4, tail: 6, after: 7 });
    expect(shader.directives).toEqual([{ line: 1, text: '@localsize 16, 1, 1' }, { line: 2, text: '@buf 16' }]);
    const br = shader.instructions[2]!;
    expect(br.destination).toBeNull();
    expect(br.sources).toEqual([
      { kind: 'special', name: 'p0.x', text: '!p0.x', column: 4, flags: ['not'] },
      { kind: 'label', name: 'endif', text: '#endif', column: 11, flags: [] },
    ]);
    expect(br.text).toBe('br !p0.x, #endif');
    expect(shader.instructions.map((i) => i.opcode)).toEqual(['cmps.u.gt', 'nop', 'br', 'mov.u32u32', 'nop', 'end', 'nop']);
    expect(shader.instructions[6]).toMatchObject({ line: 10, column: 7 });
  });
});

describe('ir3 log disassembly', () => {
  const log = [
    'cmd: something else entirely',
    '\t\t\tCP_SCRATCH[0x7].REG: 4',
    '\t\t\t:0,0,0,4',
    '\t\t\t\t:0:0171:0249[00000200x_00000000x] (rpt2)nop',
    '\t\t\t\t:2:0172:0252[42bb08f8x_20820008x] (nop3) cmps.s.ge p0.x, r2.x, 130',
    '\t\t\t\t:0:0173:0256[00800000x_00000464x] br p0.x, #l175',
    '\t\t\t\t:1:0174:0257[200cc018x_00000004x] mov.u32u32 r6.x, r1.x',
    '\t\t\t\t:1:0175:0258[284cc007x_00000000x] l175:',
    '\t\t\t\t:1:0175:0258[284cc007x_00000000x] (jp)mov.u32u32 r1.w, 0',
    '\t\t\t\tStats:',
    '\t\t\t\t:0:0000:0000[03000000x_00000000x] end',
    '\t\t\t\t:0:0001:0001[00000000x_00000000x] nop',
    '\t\t\t\t:0:0000:0000[00000000x_00000000x] nop',
  ].join('\n');

  it('reads category, index, cycle, encoding and text; skips other lines; splits shaders', () => {
    const listing = parseIr3(log, 'x.log');
    expect(listing.form).toBe('log');
    expect(listing.shaders.map((s) => [s.index, s.line, s.instructions.length])).toEqual([[0, 4, 5], [1, 11, 2], [2, 13, 1]]);
    const [rpt, cmps, br, , target] = listing.shaders[0]!.instructions;
    expect(rpt).toMatchObject({ line: 4, column: 39, category: 0, index: 171, cycle: 249, raw: '0000020000000000', opcode: 'nop', repeat: 2, nops: 0, text: '(rpt2)nop' });
    expect(cmps).toMatchObject({ category: 2, cycle: 252, nops: 3, opcode: 'cmps.s.ge', text: '(nop3) cmps.s.ge p0.x, r2.x, 130' });
    expect(cmps!.destination).toMatchObject({ kind: 'special', name: 'p0.x' });
    expect(br!.sources[1]).toMatchObject({ kind: 'label', name: 'l175' });
    expect(listing.shaders[0]!.labels).toEqual({ l175: 4 });
    expect(target).toMatchObject({ index: 175, cycle: 258, flags: new Set(['jp']), line: 9 });
  });

  it('checks the cycle column against the repeats and nops before it, and the category against the encoding', () => {
    expect(problems([
      '\t:0:0000:0000[00000200x_00000000x] (rpt2)nop',
      '\t:2:0001:0002[42bb08f8x_20820008x] (nop3) cmps.s.ge p0.x, r2.x, 130',
      '\t:1:0002:0006[00800000x_00000464x] nop',
      '\t:0:0004:0007[00000000x_00000000x] nop',
      '\t:0:0005:0008[0000000x_00000000x] nop',
    ].join('\n'), 'bad.log')).toEqual([
      "2:10: expected cycle 3 (the index plus the repeats and nops of the instructions before), found 2",
      "3:3: the category column says 1 but the encoding's top 3 bits say 0",
      '4:5: expected instruction index 3 after the line before, found 4',
      "5:15: expected the high encoding word as 8 hex digits, got '0000000x'",
    ]);
  });
});

describe('ir3: malformed input', () => {
  it('reports every unreadable line with its line and column', () => {
    expect(problems([
      '@localsize 1, 1, 1',
      'mad.f32 r0.x, r1.q, r2.x, r3.x',
      '(foo)nop',
      'mda.f32 r0.x, r1.x',
      'add.f r0.x, , r1.x',
      '(rpt9)nop',
      'br p0.x, #nowhere',
      'mov.f32f32 r0.x, (bogus)r1.x',
      'stg.a.u32 g[r1.x, r2.x, 1',
      'mov.f32f32',
      'add.f r0.x, r1.x,',
      'mov.f32f32 r0.x, r1.x nop(sy)',
      'add.f r0.x, what?',
      'nop(ss)',
    ].join('\n'))).toEqual([
      "2:15: expected a register such as r3.x, hr4.y, c12.z or r<a0.x + 4>, got 'r1.q'",
      "3:1: unknown instruction flag '(foo)' (expected (sy), (ss), (jp), (eq), (sat), (ul), (rptN) or (nopN))",
      "4:1: unknown opcode 'mda.f32' (Mesa's ir3 has no 'mda')",
      "5:13: expected an operand, got ','",
      '6:5: expected a repeat count 0..7, got 9',
      "7:10: branch target 'nowhere' is not a label of this shader",
      "8:18: unknown operand flag '(bogus)' (expected (neg), (abs), (absneg), (r), (last), (ei) or a write mask)",
      "9:12: expected ']' closing this '['",
      "10:11: expected a destination operand after 'mov.f32f32'",
      '11:18: expected an operand, got the end of the line',
      "12:23: expected ',' between operands, got 'nop'",
      "13:13: expected an operand (register r0.x/hr0.x, constant c0.x, immediate, #label, p0.x, a0.x, or memory g[...]), got 'what?'",
      '14:4: flags written here belong to the next instruction, but the file ends first',
    ]);
  });

  it('never fails with anything but an InputError', () => {
    const pieces = ['(sy)', '(rpt', 'r1.x', ',', 'c<a0.x', '>', '[', ']', '(', ')', 'mov.f32f32', '#', 'l1:', ':1:0001:0001[', 'x_', '00000000', ' ', '(r)', 'h(', '!p0.x', 'nop'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 500; n++) {
      let line = '';
      for (let k = next() % 8; k >= 0; k--) line += pieces[next() % pieces.length];
      try {
        parseIr3(line, 'fuzz');
      } catch (error) {
        expect(error, line).toBeInstanceOf(InputError);
      }
    }
  });
});

const expected: Record<string, { shaders: number; instructions: number[] }> = {
  'compute-a540.log': { shaders: 5, instructions: [18, 16, 18, 16, 18] },
  'fd-clouds.log': { shaders: 9, instructions: [5, 5, 5, 5, 5, 1406, 1406, 5, 1406] },
  'glxgears-a420.log': { shaders: 22, instructions: [5, 9, 61, 11, 56, 11, 56, 9, 61, 11, 56, 11, 56, 9, 61, 11, 56, 11, 56, 9, 5, 9] },
  'computerator/branch.asm': { shaders: 1, instructions: [9] },
  'computerator/buf-init.asm': { shaders: 1, instructions: [5] },
  'computerator/early_preamble.asm': { shaders: 1, instructions: [14] },
  'computerator/invocationid.asm': { shaders: 1, instructions: [5] },
  'computerator/pvtmem.asm': { shaders: 1, instructions: [10] },
  'computerator/simple.asm': { shaders: 1, instructions: [20] },
  'computerator/stg_ldg_offset.asm': { shaders: 1, instructions: [14] },
  // shps, getone, mova1, nop, ldc.k, shpe | ldc, add, nop, stib, end: 11 instruction lines (the
  // label `main:` and 7 `@` directives are not instructions).
  'computerator/ubo.asm': { shaders: 1, instructions: [11] },
  // turnip on an a640: the vertex shader (cmps, 4 sel, end, 4 nops: 10 lines, 13 cycles with its
  // (nop3)) and the fragment shader (4 bary.f, end, 4 nops: 9) are each printed three times, where
  // the state is loaded, in the draw's state dump and in the replay of the draw: 6 blocks.
  'more/dEQP-VK.draw.indirect_draw_count.triangle_list.a640.log': { shaders: 6, instructions: [10, 10, 9, 9, 10, 9] },
};

/** Files of the folder that are not listings: Mesa's delay-slot unit test, read by test/corpus/ir3Delay.test.ts. */
const otherFiles = ['more/ir3-tests-delay.c'];

if (!existsSync(ir3Corpus)) console.warn(`skipping the mesa-ir3 corpus tests: ${ir3Corpus} is absent`);

describe.skipIf(!existsSync(ir3Corpus))('mesa-ir3 corpus', () => {
  // Every file, in every subfolder: a file added anywhere fails the next test until it is read here.
  const all = existsSync(ir3Corpus)
    ? readdirSync(ir3Corpus, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(ir3Corpus, name)).isFile()).map((name) => name.split(sep).join('/')).sort()
    : [];
  const files = all.filter((name) => name.endsWith('.log') || name.endsWith('.asm'));

  it('holds the files these tests know', () => {
    expect(all).toEqual([...Object.keys(expected), ...otherFiles].sort());
  });

  it.each(files)('%s parses without error', (name) => {
    const text = readFileSync(join(ir3Corpus, name), 'utf8');
    const listing = parseIr3(text, name);
    const counts = listing.shaders.map((s) => s.instructions.length);
    console.log(`${name}: ${listing.shaders.length} shaders, ${counts.reduce((a, b) => a + b, 0)} instructions (${counts.join(', ')})`);
    expect({ shaders: listing.shaders.length, instructions: counts }).toEqual(expected[name]);
    if (listing.form !== 'log') return;
    // Each disassembly block ends with Mesa's "Stats: - shaderdb: N instr": N = last cycle + its repeats + its nops + 1.
    const lines = text.split(/\r?\n/);
    for (const shader of listing.shaders) {
      const last = shader.instructions[shader.instructions.length - 1]!;
      const stats = lines.slice(last.line, last.line + 3).map((l) => /shaderdb: (\d+) instr,/.exec(l)).find((m) => m !== null);
      expect(Number(stats![1])).toBe(last.cycle! + last.repeat + last.nops + 1);
    }
  });

  it('stg_ldg_offset.asm: nop(sy) puts (sy) on the load and on the add after it', () => {
    const listing = parseIr3(readFileSync(join(ir3Corpus, 'computerator/stg_ldg_offset.asm'), 'utf8'), 'stg_ldg_offset.asm');
    const synced = listing.shaders[0]!.instructions.filter((i) => i.flags.has('sy')).map((i) => i.opcode);
    expect(synced).toEqual(['ldg.a.u32', 'add.u']);
  });

  it('computerator/ubo.asm: an early preamble with mova1 a1.x, (r)0, ldc.k into c[a1.x], shps/getone to #main and shpe', () => {
    const shader = parseIr3(readFileSync(join(ir3Corpus, 'computerator/ubo.asm'), 'utf8'), 'ubo.asm').shaders[0]!;
    expect(shader.directives.map((d) => d.text)).toContain('@earlypreamble');
    expect(shader.labels).toEqual({ main: 6 });
    expect(shader.instructions.map((i) => i.opcode)).toEqual(['shps', 'getone', 'mova1', 'nop', 'ldc.4.k.imm', 'shpe', 'ldc.offset0.4.imm', 'add.u', 'nop', 'stib.b.untyped.1d.u32.4.imm', 'end']);
    const [shps, , mova1, , ldck] = shader.instructions;
    expect(shps!.sources).toMatchObject([{ kind: 'label', name: 'main' }]);
    expect(mova1!.sources).toMatchObject([{ kind: 'immediate', text: '(r)0', repeatIncrements: true }]);
    // ldc.k writes the constant file at a1.x: a bracketed destination naming the address it reads.
    expect(ldck!.destination).toMatchObject({ kind: 'other', text: 'c[a1.x]', registers: [{ kind: 'special', name: 'a1.x' }] });
    expect(shader.instructions[9]!.destination).toBeNull();
  });

  it('fd-clouds.log: branch targets are labels, every log line carries its encoding', () => {
    const listing = parseIr3(readFileSync(join(ir3Corpus, 'fd-clouds.log'), 'utf8'), 'fd-clouds.log');
    const big = listing.shaders[5]!;
    expect(big.labels).toEqual({ l170: 170, l1248: 1248, l1261: 1261, l1298: 1298 });
    expect(big.instructions.every((i) => i.raw !== null && /^[0-9a-f]{16}$/.test(i.raw) && i.category !== null)).toBe(true);
  });
});
