import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import { parseComponentProgram } from '../../../format/components/parse.js';
import { printComponentProgram } from '../../../format/components/print.js';
import { componentActionCode, formatComponentSchedule, parseComponentSchedule } from '../../../format/components/schedule.js';
import type { ComponentAction } from '../../../spec/components/machine.js';
import type { ComponentProgram } from '../../../spec/components/program.js';

const SEED = [
  '# expect: proved-safe',
  '.opcode fmac latency=4 class=alu keeps-destination',
  '.opcode mul latency=5 class=alu',
  '.opcode elu latency=variable sync=sy class=elu',
  '.opcode flow latency=1 class=flow no-destination',
  '.readlatency mul elu=7            ; per reader class',
  '(rpt1)fmac r18.z, r3.x, (r)r4.x',
  '(nop1) mul r5.x, r6.x, r7.x',
  '(rpt1)fmac r9.x, (r)r18.y, (r)r18.y',
  '(sy)(ss)elu hr1.x, c0.x, 0x10, -2, 0.5',
  '(rpt2)nop',
  'flow (read=late)p0.x',
  '',
].join('\n');

/** The first problem of a text that does not parse, as `line:column: message`. */
function problem(text: string): string {
  try {
    parseComponentProgram(text, 'f.comp');
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const first = error.problems[0]!;
    expect(first.file).toBe('f.comp');
    return `${first.line}:${first.column}: ${first.message}`;
  }
  throw new Error(`parsed: ${JSON.stringify(text)}`);
}

/** What the machine sees of a program (without where its text came from). */
function behaviour(program: ComponentProgram): unknown {
  return program.instructions.map(({ line: _line, text: _text, ...rest }) => rest);
}

describe('.comp notation: programs of the component machine', () => {
  it('reads the seed fragment: flags, increments, kept destinations, timing, constants and immediates', () => {
    const { program, opcodes } = parseComponentProgram(SEED, 'seed.comp');
    const [first, mul, second, elu, nop, flow] = program.instructions;
    expect(program.instructions).toHaveLength(6);
    expect(first).toMatchObject({
      opcode: 'fmac', repeat: 1, nops: 0, latency: 4, readerClass: 'alu', syncClass: null, waits: [], line: 7, text: '(rpt1)fmac r18.z, r3.x, (r)r4.x',
      destination: { kind: 'register', register: 'r18', component: 2, increments: false },
      sources: [{ kind: 'register', register: 'r3', component: 0, increments: false }, { kind: 'register', register: 'r4', component: 0, increments: true }],
    });
    expect(mul).toMatchObject({ opcode: 'mul', nops: 1, latency: 5, readLatency: { elu: 7 }, destination: { register: 'r5', increments: true }, text: '(nop1) mul r5.x, r6.x, r7.x' });
    expect(second!.sources).toEqual([
      { kind: 'register', register: 'r18', component: 1, increments: true },
      { kind: 'register', register: 'r18', component: 1, increments: true },
    ]);
    expect(elu).toMatchObject({
      latency: 'variable', syncClass: 'sy', readerClass: 'elu', waits: ['sy', 'ss'], destination: { register: 'hr1', component: 0 },
      sources: [{ kind: 'other', text: 'c0.x' }, { kind: 'other', text: '0x10' }, { kind: 'other', text: '-2' }, { kind: 'other', text: '0.5' }],
    });
    expect(nop).toMatchObject({ opcode: 'nop', repeat: 2, destination: null, sources: [], latency: 1 });
    expect(flow).toMatchObject({ destination: null, sources: [{ register: 'p0', component: 0, readerClass: 'late' }] });
    expect(opcodes.get('fmac')).toMatchObject({ keepsDestination: true, line: 2 });
  });

  it('labels and branches: a label after the last instruction ends the thread', () => {
    const text = [
      '.opcode add latency=3',
      '.opcode br latency=1 class=flow no-destination branch=conditional',
      '.opcode jump latency=1 class=flow no-destination branch=always',
      'top: add r0.x, r0.x, 1',
      'br p0.x, top',
      'jump done',
      'nop',
      'done:',
    ].join('\n');
    const { program } = parseComponentProgram(text);
    expect(program.instructions.map((instruction) => instruction.branch ?? null)).toEqual([null, { target: 0, conditional: true }, { target: 4, conditional: false }, null]);
    expect(program.instructions[1]!.sources).toEqual([{ kind: 'register', register: 'p0', component: 0, increments: false }]);
  });

  it('printing gives text that parses back to the same machine (the bundled examples, and branches)', () => {
    const folder = join(import.meta.dirname, '..', '..', '..', 'examples', 'components');
    const texts = readdirSync(folder).filter((name) => name.endsWith('.comp')).map((name) => readFileSync(join(folder, name), 'utf8'));
    texts.push(SEED, '.opcode br latency=1 no-destination branch=conditional\nl: (sy)nop\nbr r0.x, l\nbr r0.y, end\nend:\n');
    expect(texts.length).toBeGreaterThanOrEqual(8);
    for (const text of texts) {
      const { program } = parseComponentProgram(text);
      const printed = printComponentProgram(program, ['# printed']);
      expect(printed.startsWith('# printed\n')).toBe(true);
      expect(behaviour(parseComponentProgram(printed).program)).toEqual(behaviour(program));
    }
  });

  it('printing declares a second timing of one opcode as a variant, and drops read latencies no reader uses', () => {
    const base = parseComponentProgram('.opcode mov latency=2\n.readlatency mov alu=4\nmov r0.x, r1.x\n').program;
    const other = { ...base.instructions[0]!, latency: 7, readLatency: { alu: 4, unused: 9 }, destination: { kind: 'register' as const, register: 'a0', component: 0, increments: false } };
    const program = { instructions: [...base.instructions, other] };
    const printed = printComponentProgram(program);
    expect(printed).toContain('.opcode mov@2 latency=7 class=alu keeps-destination');
    expect(printed).not.toContain('unused');
    expect(printed).toContain('mov@2 a0.x, r1.x');
    const reparsed = parseComponentProgram(printed).program;
    expect(reparsed.instructions.map((instruction) => instruction.latency)).toEqual([2, 7]);
  });

  it.each([
    ['fmac r1.x, r2.x', "1:1: opcode 'fmac' is not declared: add '.opcode fmac latency=N' (or latency=variable sync=sy)"],
    ['.opcode add latency=5\nadd r1.x r2.x', "2:10: expected ',' between operands, got 'r2.x' after 'r1.x'"],
    ['.opcode add latency=5\nadd r1.x,', "2:10: expected an operand after ','"],
    ['.opcode add latency=5\nadd r1.x,, r2.x', '2:10: expected an operand between commas'],
    ['.opcode add latency=5\n(xx)add r1.x, r2.x', "2:1: unknown flag '(xx)': expected (sy), (ss), (rptN) or (nopN)"],
    ['.opcode add latency=5\n(sy)(sy)add r1.x, r2.x', '2:5: flag (sy) is given twice'],
    ['.opcode add latency=5\n(rpt1)(rpt2)add r1.x, r2.x', '2:7: flag (rptN) is given twice'],
    ['.opcode add latency=5\n(rpt1 add r1.x', "2:1: expected ')' closing the flag"],
    ['.opcode add latency=5\n(r)add r1.x', '2:1: (r) marks a source whose component increments: write it before that source register (expected (sy), (ss), (rptN) or (nopN) here)'],
    ['(rpt64)nop', '1:1: (rpt64): at most 63 repetitions'],
    ['(sy)', '1:5: expected an opcode after the flags'],
    ['.opcode add latency=5\n(sy)3add r1.x', "2:5: expected an opcode (or a flag (sy), (ss), (rptN) or (nopN)), got '3add'"],
    ['.opcode add latency=5\nadd (r)r1.x, r2.x', "2:5: the destination takes no flags: it increments at each repetition unless 'add' is declared keeps-destination; (r) and (read=) are for sources"],
    ['.opcode add latency=5\nadd c1.x, r2.x', '2:5: expected a register (r3.x, hr4.y, a0.x, p0.x) as destination: a constant or immediate cannot be written'],
    ['.opcode add latency=5\nadd r1.x, q2', "2:11: expected a register (r3.x, hr4.y, a0.x, p0.x), a constant (c0.x) or an immediate (1, 0x10, 0.5), got 'q2'"],
    ['.opcode add latency=5\nadd r1.x, r2.q', "2:11: expected a register (r3.x, hr4.y, a0.x, p0.x), a constant (c0.x) or an immediate (1, 0x10, 0.5), got 'r2.q'"],
    ['.opcode add latency=5\nadd r1.x, (x)r2.x', "2:11: unknown operand flag '(x)': expected (r) or (read=CLASS)"],
    ['.opcode add latency=5\nadd r1.x, (r)(r)r2.x', '2:14: (r) is given twice'],
    ['.opcode add latency=5\nadd r1.x, (read=)r2.x', "2:17: expected (read=CLASS), got '(read=)'"],
    ['.opcode add latency=5\nadd r1.x, (read=m)c0.x', "2:11: (read=CLASS) applies to register sources; 'c0.x' carries no dependence"],
    ['.opcode add latency=5\nadd r1.x, (r)', '2:14: expected a register (r3.x, hr4.y, a0.x, p0.x), a constant (c0.x) or an immediate after the operand flags'],
    ['.opcode add latency=5\nadd', "2:4: expected a destination register after 'add' (declare it no-destination if it writes none)"],
    ['.opcode add latency=5\nadd,r1.x', '2:4: expected a space between the opcode and its operands'],
    ['nop r1.x', "1:5: 'nop' takes no operands"],
    ['.opcode add\n', "1:12: expected latency=N or latency=variable for opcode 'add'"],
    ['.opcode', '1:8: expected an opcode name after .opcode'],
    ['.opcode 9x latency=1', "1:9: expected an opcode name (letters, digits, '_' and '.'), got '9x'"],
    ['.opcode add latency=0', "1:21: expected latency=N (N from 1 to 64 cycles) or latency=variable, got 'latency=0'"],
    ['.opcode add latency=variable', '1:13: a variable latency needs the flag that waits for it: add sync=sy or sync=ss'],
    ['.opcode add latency=variable sync=xx', "1:35: expected sync=sy or sync=ss, got 'sync=xx'"],
    ['.opcode add latency=3 sync=sy', "1:23: sync= applies to variable latencies; 'add' has latency 3"],
    ['.opcode add latency=3 class=', "1:29: expected class=NAME (letters, digits, '_'), got 'class='"],
    ['.opcode add latency=3 latency=4', "1:23: 'latency' is given twice"],
    ['.opcode add latency=3 keeps-destination=yes', "1:23: 'keeps-destination' takes no value"],
    ['.opcode add latency=3 branch=maybe', "1:30: expected branch=always or branch=conditional, got 'branch=maybe'"],
    ['.opcode add latency=3 colour=red', "1:23: unknown opcode attribute 'colour=red': expected latency=N|variable, sync=sy|ss, class=CLASS, keeps-destination, no-destination or branch=always|conditional"],
    ['.opcode add latency=5 keeps-destination no-destination', "1:9: 'add' cannot both keep its destination and have none"],
    ['.opcode add latency=3\n.opcode add latency=4', "2:9: opcode 'add' is declared twice (first on line 1)"],
    ['.opcode nop latency=3', "1:9: 'nop' is built in (one idle cycle per execution) and cannot be declared"],
    ['.readlatency', '1:13: expected an opcode after .readlatency'],
    ['.readlatency add alu=3', "1:14: opcode 'add' is not declared: write '.opcode add latency=N' first"],
    ['.opcode e latency=variable sync=sy\n.readlatency e alu=3', "2:14: 'e' has a variable latency: read latencies apply to fixed-latency opcodes"],
    ['.opcode add latency=3\n.readlatency add nonalu=3', "2:18: no opcode has class 'nonalu' and no operand is read as it (classes: alu)"],
    ['.opcode add latency=3\n.readlatency add alu=x', "2:22: expected a whole number of cycles from 1 to 64, got 'x'"],
    ['.opcode add latency=3\n.readlatency add 7', "2:18: expected CLASS=CYCLES (for example nonalu=7), got '7'"],
    ['.opcode add latency=3\n.readlatency add', '2:17: expected CLASS=CYCLES after the opcode (for example nonalu=7)'],
    ['.opcode add latency=3\n.readlatency add alu=4 alu=5', "2:24: class 'alu' is given twice"],
    ['.frob x', "1:1: unknown directive '.frob': expected .opcode or .readlatency"],
    ['.opcode br latency=1 branch=conditional no-destination\nbr', "2:3: expected the branch target: a label as the last operand of 'br'"],
    ['.opcode br latency=1 branch=conditional no-destination\nbr p0.x', "2:4: expected the branch target, a label, as the last operand of 'br', got 'p0.x'"],
    ['.opcode br latency=1 branch=conditional no-destination\nbr p0.x, nowhere', "2:10: branch target 'nowhere' is not a label of this program"],
    ['a:\n  a: nop', "2:3: label 'a' is defined twice (first on line 1)"],
  ])('%j is a located error: %s', (text, expected) => {
    expect(problem(text)).toBe(expected);
  });

  it('collects every mistake of a file, in file order, in one error', () => {
    try {
      parseComponentProgram('.opcode add latency=0\nmul r1.x\n(xx)nop\n', 'f.comp');
      throw new Error('parsed');
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).problems.map((p) => `${p.line}:${p.column}`)).toEqual(['1:21', '2:1', '3:1']);
      expect((error as Error).message.split('\n')[0]).toMatch(/^f\.comp:1:21: /);
    }
  });
});

describe('schedules of the component machine as text', () => {
  it('codes and JSON arrays read back to the same actions, unknown fields included', () => {
    const schedule = [
      { type: 'cycle' }, { type: 'cycle' }, { type: 'land', position: 1 }, { type: 'cycle', taken: true }, { type: 'cycle', taken: false },
      { type: 'cycle', extra: 3 },
    ] as unknown as ComponentAction[];
    expect(schedule.map(componentActionCode)).toEqual(['c', 'c', 'l1', 'ct', 'cn', '{"type":"cycle","extra":3}']);
    expect(formatComponentSchedule(schedule)).toBe('c*2 l1 ct cn {"type":"cycle","extra":3}');
    expect(parseComponentSchedule(formatComponentSchedule(schedule))).toEqual(schedule);
    expect(parseComponentSchedule(JSON.stringify(schedule))).toEqual(schedule);
  });

  it('bad schedules are messages, not actions', () => {
    expect(parseComponentSchedule('c x')).toMatch(/^'x' is not an action code/);
    expect(parseComponentSchedule('[{"type":"go"}]')).toMatch(/^element 0 of the array is not an action/);
    expect(parseComponentSchedule('[1,')).toMatch(/^not a JSON array of actions/);
  });
});
