import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLrcProgram } from '../../../format/lrc/parse.js';
import { printLrcInstruction, printLrcInstructionBody, printLrcProgram } from '../../../format/lrc/print.js';
import { lrcProgramArbitrary } from '../../../properties/arbitraries/lrcProgram.js';

describe('printLrcProgram', () => {
  it('prints the canonical form: every setting explicit, the default class as a .counter', () => {
    const text = `.machine lrc
.unit alu fixed 2: add
.unit mem request: ldg, isam   # counted by the default class
.unit flow flow: nop
.preload lrc: r0
(lrc)add r2 <- r0, RZ, 0x4
isam.base0 r3, r4 <- r2
nop
mov.x r1 <-
`;
    const program = parseLrcProgram(text.replace('.unit alu fixed 2: add', '.unit alu fixed 2: add, mov')).program;
    expect(printLrcProgram(program)).toBe(`.machine lrc
.threads 1
.launch 1
.unit alu fixed 2: add, mov
.unit mem request: ldg, isam
.unit flow flow: nop
.counter lrc 6: ldg, isam
.preload lrc 1: r0
.init-pc 0

(lrc)add r2 <- r0, RZ, 0x4
isam.base0 r3, r4 <- r2
nop
mov.x r1 <-
`);
  });

  it('prints widths, in-order, empty classes and empty preloads so that they read back', () => {
    const text = '.machine lrc\n.threads 2\n.launch 5\n.unit mem request: ldg, ldl\n.unit flow flow: br\n' +
      '.counter sy 3: ldg\n.counter ss in-order: ldl\n.counter spare:\n.preload spare 2:\n.init-pc 1\nbr <- r0\nbr\n';
    const program = parseLrcProgram(text).program;
    const printed = printLrcProgram(program);
    expect(printed).toContain('.threads 2\n.launch 5\n');
    expect(printed).toContain('.counter sy 3: ldg\n.counter ss 6 in-order: ldl\n.counter spare 6:\n.preload spare 2:\n.init-pc 1\n');
    expect(parseLrcProgram(printed).program).toEqual(program);
  });

  it('prints one instruction with its flags in class order, or without them', () => {
    const program = parseLrcProgram('.machine lrc\n.unit mem request: ldg, ldl\n.counter sy: ldg\n.counter ss: ldl\n(ss)(sy)ldg r1 <- r0, 4\n').program;
    const instruction = program.instructions[0]!;
    expect(printLrcInstruction(instruction, program)).toBe('(sy)(ss)ldg r1 <- r0, 4');
    expect(printLrcInstructionBody(instruction)).toBe('ldg r1 <- r0, 4');
    expect(printLrcInstruction({ opcode: 'stg', destinations: [], sources: [{ kind: 'register', name: 'r1' }], waitFor: [] }, program)).toBe('stg <- r1');
  });

  it('parse(print(p)) = p for generated programs', () => {
    fc.assert(fc.property(lrcProgramArbitrary({ maxInstructions: 10, registers: 5, maxContexts: 4, maxThreads: 8 }), (program) => {
      expect(parseLrcProgram(printLrcProgram(program)).program).toEqual(program);
    }), { numRuns: 300 });
  });
});
