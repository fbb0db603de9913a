import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import { loadLrcProgram } from '../../../format/lrc/load.js';
import { parseLrcProgram } from '../../../format/lrc/parse.js';
import type { LrcProgram } from '../../../spec/lrc/program.js';
import { rejection } from '../../helpers.js';

const NOTATION_EXAMPLE = `# comment ('#' or '//' to end of line)
.machine lrc
.threads 2                        # thread contexts
.launch 4                         // threads in all
.unit alu fixed 3: add, mul, mov
.unit mem request: ldg, isam, ldl, rcp
.unit flow flow: nop, br
.counter sy 6: ldg, isam
.counter ss in-order: ldl, rcp
.preload sy: r0, r1
.init-pc 1

(sy)add r2 <- r0, r1
ldg r3 <- r2
isam.base0 r4, r5 <- r3, 4
nop
(ss)(sy)br <- r1, RZ
stg <- r1, r2
`;

const r = (name: string) => ({ kind: 'register', name }) as const;

function problems(text: string): string[] {
  return rejection(() => parseLrcProgram(text, 'bad.lrc'));
}

/** A valid header: one unit of each kind, the default class. */
const UNITS = '.machine lrc\n.unit alu fixed 1: add, mov\n.unit mem request: ldg, isam\n.unit flow flow: nop\n';

describe('parseLrcProgram', () => {
  it('reads the example of the notation reference', () => {
    const text = NOTATION_EXAMPLE.replace('.unit mem request: ldg, isam, ldl, rcp', '.unit mem request: ldg, isam, ldl, rcp, stg')
      .replace('.counter sy 6: ldg, isam', '.counter sy 6: ldg, isam, stg');
    const { program, lines, file } = parseLrcProgram(text, 'example.lrc');
    const expected: LrcProgram = {
      contexts: 2,
      threads: 4,
      units: [
        { kind: 'fixed', name: 'alu', latency: 3, opcodes: ['add', 'mul', 'mov'] },
        { kind: 'request', name: 'mem', opcodes: ['ldg', 'isam', 'ldl', 'rcp', 'stg'] },
        { kind: 'flow', name: 'flow', opcodes: ['nop', 'br'] },
      ],
      counters: [
        { name: 'sy', bits: 6, inOrder: false, opcodes: ['ldg', 'isam', 'stg'] },
        { name: 'ss', bits: 6, inOrder: true, opcodes: ['ldl', 'rcp'] },
      ],
      preloads: [{ counter: 0, initialValue: 2, registers: ['r0', 'r1'] }],
      initialPc: 1,
      instructions: [
        { opcode: 'add', destinations: [r('r2')], sources: [r('r0'), r('r1')], waitFor: [0] },
        { opcode: 'ldg', destinations: [r('r3')], sources: [r('r2')], waitFor: [] },
        { opcode: 'isam.base0', destinations: [r('r4'), r('r5')], sources: [r('r3'), { kind: 'immediate', text: '4' }], waitFor: [] },
        { opcode: 'nop', destinations: [], sources: [], waitFor: [] },
        { opcode: 'br', destinations: [], sources: [r('r1'), { kind: 'constant', name: 'RZ' }], waitFor: [0, 1] },
        { opcode: 'stg', destinations: [], sources: [r('r1'), r('r2')], waitFor: [] },
      ],
    };
    expect(program).toEqual(expected);
    expect(lines).toEqual([13, 14, 15, 16, 17, 18]);
    expect(file).toBe('example.lrc');
  });

  it('uses the defaults: 1 context, launch = contexts, INIT_PC 0, one 6-bit class lrc counting every request opcode', () => {
    const { program } = parseLrcProgram(`${UNITS}.unit tex request: isam2\n(lrc)add r1 <- r0\n`);
    expect(program).toMatchObject({ contexts: 1, threads: 1, initialPc: 0, preloads: [] });
    expect(program.counters).toEqual([{ name: 'lrc', bits: 6, inOrder: false, opcodes: ['ldg', 'isam', 'isam2'] }]);
    expect(program.instructions[0]!.waitFor).toEqual([0]);
    expect(parseLrcProgram(`${UNITS}.threads 3\n`).program).toMatchObject({ contexts: 3, threads: 3 });
  });

  it('reads two classes, widths, in-order, an empty class, and hex numbers', () => {
    const { program } = parseLrcProgram(`${UNITS}.counter sy 0x3: ldg\n.counter ss 4 in-order: isam\n.counter spare in-order:\n`);
    expect(program.counters).toEqual([
      { name: 'sy', bits: 3, inOrder: false, opcodes: ['ldg'] },
      { name: 'ss', bits: 4, inOrder: true, opcodes: ['isam'] },
      { name: 'spare', bits: 6, inOrder: true, opcodes: [] },
    ]);
  });

  it('stores flags as ascending class indices, whatever their written order', () => {
    const text = `${UNITS}.counter a: ldg\n.counter b: isam\n.counter c:\n(c)(a)add r1 <- r0\n( b )mov r2 <-\n(a)(b)(c)nop\n`;
    expect(parseLrcProgram(text).program.instructions.map((instruction) => instruction.waitFor)).toEqual([[0, 2], [1], [0, 1, 2]]);
  });

  it('reads preloads: count by default, explicit count, nothing arriving with an explicit count, the default class', () => {
    const text = `${UNITS}.counter sy: ldg\n.counter ss: isam\n.counter lrc:\n.preload ss 3: r0, r1.x\n.preload sy: r2, R3, P0\n.preload lrc 1:\n`;
    expect(parseLrcProgram(text).program.preloads).toEqual([
      { counter: 1, initialValue: 3, registers: ['r0', 'r1.x'] },
      { counter: 0, initialValue: 3, registers: ['r2', 'R3', 'P0'] },
      { counter: 2, initialValue: 1, registers: [] },
    ]);
    expect(parseLrcProgram(`${UNITS}.preload lrc: r0\n`).program.preloads).toEqual([{ counter: 0, initialValue: 1, registers: ['r0'] }]);
  });

  it('reads INIT_PC, and 0 for an empty program', () => {
    expect(parseLrcProgram(`${UNITS}.init-pc 2\nadd r1 <- r0\nnop\nnop\n`).program.initialPc).toBe(2);
    expect(parseLrcProgram(`${UNITS}.init-pc 0\n`).program).toMatchObject({ initialPc: 0, instructions: [] });
  });

  it('accepts directives anywhere: declarations after the instructions that use them', () => {
    const { program, lines } = parseLrcProgram('(sy)ldg r1 <- r0\n.machine lrc\n.counter sy: ldg\n\n.unit mem request: ldg\n');
    expect(program.instructions[0]).toMatchObject({ opcode: 'ldg', waitFor: [0] });
    expect(lines).toEqual([1]);
  });

  describe('errors name file, line and column', () => {
    it('formats problems as file:line:col: message', () => {
      expect(() => parseLrcProgram(`${UNITS}foo r1 <- r2\n`, 'dir/prog.lrc')).toThrow(
        'dir/prog.lrc:5:1: unknown opcode foo: no .unit executes it (declared units: alu, mem, flow)',
      );
    });

    it('missing or wrong .machine', () => {
      expect(problems('.unit alu fixed 1: add\n')).toEqual([
        "1:1: expected a '.machine lrc' directive: without it the file is read as a scoreboard (.hp) program",
      ]);
      expect(problems('.machine scoreboard\n')).toEqual([
        "1:10: expected 'lrc' after .machine (this file is read as an LRC machine program), got 'scoreboard'",
      ]);
      expect(problems('.machine\n')).toEqual(["1:9: expected 'lrc' after .machine (this file is read as an LRC machine program)"]);
    });

    it('directives given twice name the first line', () => {
      expect(problems('.machine lrc\n.threads 2\n.launch 2\n.init-pc 0\n.machine lrc\n.threads 2\n.launch 3\n.init-pc 0\n')).toEqual([
        '5:1: .machine is given twice (first on line 1)',
        '6:1: .threads is given twice (first on line 2)',
        '7:1: .launch is given twice (first on line 3)',
        '8:1: .init-pc is given twice (first on line 4)',
      ]);
    });

    it('numbers: not a number, out of range', () => {
      expect(problems('.machine lrc\n.threads two\n.launch 0x\n')).toEqual([
        "2:10: expected the number of thread contexts (1..64) after .threads, got 'two'",
        "3:9: expected the number of threads to launch (1..1024) after .launch, got '0x'",
      ]);
      expect(problems('.machine lrc\n.threads 65\n.launch 0\n.unit alu fixed 0x41: add\n.counter c 17:\n.counter d 0:\n')).toEqual([
        '2:10: expected a thread context count from 1 to 64, got 65',
        '3:9: expected a launched thread count from 1 to 1024, got 0',
        '4:17: expected a latency in cycles from 1 to 64, got 65',
        '5:12: expected a counter width in bits from 1 to 16, got 17',
        '6:12: expected a counter width in bits from 1 to 16, got 0',
      ]);
      expect(problems('.machine lrc\n.threads -1\n')).toEqual(["2:10: expected the number of thread contexts (1..64) after .threads, got '-1'"]);
    });

    it('unknown directive, with a hint for scoreboard directives', () => {
      expect(problems('.machine lrc\n.bogus 3\n.pipe tex queue 2: TEX\n')).toEqual([
        "2:1: unknown directive '.bogus': expected one of .machine, .threads, .launch, .unit, .counter, .preload, .init-pc",
        "3:1: unknown directive '.pipe': expected one of .machine, .threads, .launch, .unit, .counter, .preload, .init-pc (.pipe belongs to the scoreboard machine; this file is .machine lrc)",
      ]);
    });

    it('malformed .unit and .counter lines', () => {
      expect(problems('.machine lrc\n.unit alu fast 3: add\n.unit alu fixed: add\n.unit mem request ldg\n.unit mem request:\n.unit mem request: ldg.e\n')).toEqual([
        "2:11: expected 'fixed LATENCY', 'request' or 'flow' after the unit name, got 'fast'",
        "3:16: expected the latency in cycles (1..64) after 'fixed', got ':'",
        "4:19: expected ':' and the opcodes this unit executes, got 'ldg'",
        '5:19: expected an opcode',
        "6:20: expected an opcode without modifiers, got 'ldg.e'",
      ]);
      expect(problems('.machine lrc\n.counter\n.counter sy inorder: ldg\n.counter sy 6 ldg\n.counter sy in-order 6: ldg\n')).toEqual([
        '2:9: expected a counter class name after .counter',
        "3:13: expected the width in bits, 'in-order' or ':' and the opcodes this class counts, got 'inorder'",
        "4:15: expected 'in-order' or ':' and the opcodes this class counts, got 'ldg'",
        "5:22: expected ':' and the opcodes this class counts, got '6'",
      ]);
    });

    it('names declared twice, opcodes executed twice, names that cannot be flags', () => {
      expect(problems('.machine lrc\n.unit a fixed 1: add\n.unit a request: add, ldg\n.counter c: ldg\n.counter c:\n.counter s.y:\n')).toEqual([
        "3:7: unit 'a' is declared twice",
        "3:18: opcode add is already executed by unit 'a'",
        "5:10: counter class 'c' is declared twice",
        "6:10: expected a counter class name of letters, digits and _ (it is written as the flag '(name)'), got 's.y'",
      ]);
    });

    it('unknown opcode lists the declared units', () => {
      expect(problems(`${UNITS}(lrc)tex r0 <- r1\n`)).toEqual(['5:6: unknown opcode tex: no .unit executes it (declared units: alu, mem, flow)']);
      expect(problems('.machine lrc\nadd r1 <- r0\n')).toEqual(['2:1: unknown opcode add: no .unit executes it (declared units: none)']);
    });

    it('request opcode counted by no class, counter opcode that is not a request, opcode counted twice', () => {
      expect(problems(`${UNITS}.counter sy: ldg\n.counter ss: add, ldg, tex\n`)).toEqual([
        '3:25: request opcode isam is counted by no .counter (declared: sy, ss)',
        "6:14: opcode add in counter class 'ss' is not a request opcode: unit 'alu' is a fixed unit, only request units are counted",
        "6:19: opcode ldg is already counted by class 'sy'",
        "6:24: opcode tex in counter class 'ss' is executed by no unit (declared units: alu, mem, flow)",
      ]);
    });

    it('unknown flags, ir3 flags that are not modelled, repeated flags', () => {
      const two = `${UNITS}.counter sy: ldg\n.counter ss: isam\n`;
      expect(problems(`${two}(rpt2)add r1 <- r0\n(sy)(jp)(r)nop\n(lrc)add r1 <- r0\n(sy)(ss)(sy)add r1 <- r0\n`)).toEqual([
        '7:1: ir3 flag (rpt2) is not modelled by this machine: the dependency flags of this program are (sy), (ss)',
        '8:5: ir3 flag (jp) is not modelled by this machine: the dependency flags of this program are (sy), (ss)',
        '8:9: ir3 flag (r) is not modelled by this machine: the dependency flags of this program are (sy), (ss)',
        '9:1: unknown flag (lrc): the dependency flags of this program are (sy), (ss)',
        '10:9: flag (sy) is given twice',
      ]);
      expect(problems(`${UNITS}(sy)add r1 <- r0\n`)).toEqual([
        '5:1: unknown flag (sy): the dependency flag of this program is (lrc) (the default class: the program has no .counter directive)',
      ]);
    });

    it('malformed flags and flags after the opcode', () => {
      expect(problems(`${UNITS}(sy add r1 <- r0\n()nop\n(lrc)\nadd (lrc) r1 <- r0\n`)).toEqual([
        "5:5: expected ')' after the flag name, got 'add'",
        "6:2: expected a flag name after '(', got ')'",
        '7:6: expected an opcode after the flags',
        "8:5: expected an operand, got '(': dependency flags go before the opcode, like (sy)add",
      ]);
    });

    it('operand mistakes', () => {
      expect(problems(`${UNITS}add r1, r2\nadd 5 <- r2\nadd r1 <- r2,\nadd r1 <- [r2]\nadd r1 <- r2 <- r3\n[B------:R-:W-:-:S01] nop\n`)).toEqual([
        "5:5: expected '<-' between destinations and sources (write 'op <- sources' when there is no destination)",
        "6:5: expected a register as destination, got the immediate '5'",
        "7:14: expected a source after ','",
        "8:11: expected a register (r0, r3.x, P1), RZ, PT or an immediate, got '[r2]'",
        "9:14: expected one '<-', found a second",
        "10:1: expected an opcode, got '[B------:R-:W-:-:S01]' (control fields belong to the scoreboard machine; this file is .machine lrc)",
      ]);
    });

    it('a flow instruction has no destinations', () => {
      expect(problems(`${UNITS}nop RZ, r1 <- r2\n`)).toEqual([
        "5:5: nop runs on the flow unit 'flow', which writes nothing: expected no destinations",
      ]);
    });

    it('a register is preloaded by one class only: its data arrives once', () => {
      expect(problems(`${UNITS}.counter sy: ldg\n.counter ss: isam\n.preload sy: r0, r1\n.preload ss: r2, r1\n`)).toEqual([
        "8:18: register r1 is already preloaded on class 'sy': a register's data arrives once",
      ]);
    });

    it('preloads: unknown class, twice, count out of range, repeated register, no register without a count, not a register', () => {
      const two = `${UNITS}.counter sy 2: ldg\n.counter ss: isam\n`;
      expect(problems(`${two}.preload lrc: r0\n.preload sy 4: r0\n.preload sy: r1, r1\n.preload ss:\n.preload ss 1: RZ\n.preload ss 1 r0\n`)).toEqual([
        "7:10: unknown counter class 'lrc' in .preload: the classes of this program are sy, ss",
        "8:13: expected an INIT_LRC_VAL for the 2-bit class 'sy' from 0 to 3, got 4",
        "9:10: counter class 'sy' is preloaded twice: one .preload per class",
        '9:18: register r1 is listed twice in this preload',
        "10:13: expected a register after ':' (to preload no register, give the count: '.preload ss 0:')",
        "11:16: expected a register (r0, r3.x, P1), got 'RZ'",
        "12:15: expected ':' and the registers still arriving, got 'r0'",
      ]);
      expect(problems(`${UNITS}.preload sy: r0\n`)).toEqual([
        "5:10: unknown counter class 'sy' in .preload: the classes of this program are lrc (the default class: the program has no .counter directive)",
      ]);
    });

    it('INIT_PC out of range', () => {
      expect(problems(`${UNITS}.init-pc 2\nnop\nnop\n`)).toEqual([
        '5:10: expected an INIT_PC (instruction index) of this 2-instruction program from 0 to 1, got 2',
      ]);
      expect(problems(`${UNITS}.init-pc 1\n`)).toEqual(['5:10: expected INIT_PC 0: the program has no instructions, got 1']);
    });

    it('does not echo a malformed declaration as unknown opcodes, flags or classes', () => {
      expect(problems('.machine lrc\n.unit mem requests: ldg\n.counter sy: ldg\n(sy)ldg r1 <- r0\n')).toEqual([
        "2:11: expected 'fixed LATENCY', 'request' or 'flow' after the unit name, got 'requests'",
      ]);
      expect(problems('.machine lrc\n.unit mem request: ldg\n.counter sy ldg\n.preload sy: r0\n(sy)ldg r1 <- r0\n')).toEqual([
        "3:13: expected the width in bits, 'in-order' or ':' and the opcodes this class counts, got 'ldg'",
      ]);
      expect(problems(`${UNITS}.init-pc 1\nnop\nnop (\n`)).toEqual([
        "7:5: expected an operand, got '(': dependency flags go before the opcode, like (sy)add",
      ]);
    });

    it('reports every problem of a file, in file order', () => {
      expect(problems(`${UNITS}nop extra\n.bogus\nfoo\n(x)add r1 <- r0\n`)).toHaveLength(4);
    });

    it('never throws anything but InputError, whatever the text', () => {
      const pieces = ['.machine', 'lrc', '.unit', '.counter', '.preload', '.threads', '.launch', '.init-pc', 'alu', 'fixed', 'request', 'flow',
        'in-order', 'sy', ':', ',', '<-', '(', ')', '(sy)', 'add', 'ldg', 'r0', 'RZ', '3', '0x', '-1', '#', '\n', ' ', '[', ']'];
      const texts = fc.oneof(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(' ')), fc.string({ maxLength: 80 }));
      fc.assert(fc.property(texts, (text) => {
        try {
          parseLrcProgram(text);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }), { numRuns: 500 });
    });
  });
});

describe('loadLrcProgram', () => {
  it('reads a file, naming it in the result and in problems', () => {
    const directory = mkdtempSync(join(tmpdir(), 'lrc-'));
    const good = join(directory, 'good.lrc');
    writeFileSync(good, `${UNITS}nop\n`);
    expect(loadLrcProgram(good)).toMatchObject({ file: good, lines: [5] });
    const bad = join(directory, 'bad.lrc');
    writeFileSync(bad, `${UNITS}foo\n`);
    expect(() => loadLrcProgram(bad)).toThrow(`${bad}:5:1: unknown opcode foo`);
  });

  it('reports an unreadable file at 1:1', () => {
    expect(() => loadLrcProgram('/nonexistent/x.lrc')).toThrow('/nonexistent/x.lrc:1:1: cannot read the program: no such file');
  });
});
