import { describe, expect, it } from 'vitest';
import { parseCuasm } from '../../../format/sass/cuasm.js';
import { lowerKernel, type LoweredKernel } from '../../../format/sass/lower.js';
import { checkSassProgram } from '../../../impl/sass/check.js';
import { architectureTable } from '../../../spec/sass/architectures/index.js';

const SM75 = architectureTable('sm_75')!;

/**
 * A one-kernel CuAssembler listing: the section header on line 1, then `lines` from line 2.
 * Instruction lines put the opcode (or guard) at column 8 (`I` below).
 */
function listing(...lines: string[]): string {
  return ['\t.section\t.text.k,"ax",@progbits', ...lines].join('\n');
}

/** An instruction line with the given control field; its instruction text starts at column 38. */
function I(control: string, text: string): string {
  return `      [${control}] /*0000*/ ${text} ;`;
}
const COLUMN = 38;
const QUIET = 'B------:R-:W-:-:S04';

function lower(text: string): LoweredKernel {
  const parsed = parseCuasm(text, 'k.cuasm');
  expect(parsed.kernels).toHaveLength(1);
  return lowerKernel(parsed.kernels[0]!, SM75);
}

describe('lowerKernel (sm_75)', () => {
  it('the instruction-line helper puts the instruction at the column the tests expect', () => {
    expect(I(QUIET, 'NOP').indexOf('NOP') + 1).toBe(COLUMN);
  });

  it('resolves labels to instruction indices: a backward branch to a loop head, a forward one past it', () => {
    const { program, notes } = lower(listing(
      I(QUIET, 'MOV R0, RZ'), //                         0
      '.L_x_1:',
      I(QUIET, 'IADD3 R0, R0, 0x1, RZ'), //             1
      I(QUIET, 'ISETP.GE.AND P0, PT, R0, 0x10, PT'), // 2
      I(QUIET, '@!P0 BRA `(.L_x_1)'), //                3
      I(QUIET, 'BRA `(.L_x_2)'), //                     4
      I(QUIET, 'NOP'), //                               5
      '.L_x_2:',
      I(QUIET, 'EXIT'), //                              6
    ));
    expect(notes).toEqual([]);
    expect(program.instructions.map((instruction) => instruction.flow)).toEqual([
      { kind: 'next' }, { kind: 'next' }, { kind: 'next' },
      { kind: 'branch', target: 1 },
      { kind: 'branch', target: 6 },
      { kind: 'next' },
      { kind: 'exit' },
    ]);
    expect(program).toMatchObject({ name: 'k', architecture: 'sm_75', scoreboards: 6, visibilityDelay: SM75.visibilityDelay });
    // Source positions survive lowering: line 2 is the first instruction (line 1 is the section header).
    expect(program.instructions.map((instruction) => instruction.line)).toEqual([2, 4, 5, 6, 7, 8, 10]);
    expect(program.instructions.every((instruction) => instruction.column === COLUMN)).toBe(true);
  });

  it('a BRA to a label after the last instruction leaves the kernel: it becomes an exit', () => {
    const { program, notes } = lower(listing(
      I(QUIET, '@P1 BRA `(.L_x_9)'),
      I(QUIET, 'MOV R1, RZ'),
      I(QUIET, 'BRA `(.L_x_9)'),
      '.L_x_9:',
    ));
    expect(notes).toEqual([]);
    expect(program.instructions.map((instruction) => instruction.flow)).toEqual([{ kind: 'exit' }, { kind: 'next' }, { kind: 'exit' }]);
    // The guarded one may still fall through: its guard stays.
    expect(program.instructions[0]!.guard).toEqual({ predicate: 'P1', negated: false });
  });

  it('a predicated branch keeps its guard, negation included, and reads the predicate at issue', () => {
    const { program } = lower(listing(
      '.L_x_0:',
      I(QUIET, 'ISETP.NE.AND P3, PT, R4, RZ, PT'),
      I(QUIET, '@!P3 BRA `(.L_x_0)'),
      I(QUIET, 'EXIT'),
    ));
    const branch = program.instructions[1]!;
    expect(branch.guard).toEqual({ predicate: 'P3', negated: true });
    expect(branch.flow).toEqual({ kind: 'branch', target: 0 });
    expect(branch.sources).toEqual(['P3']);
    expect(branch.readAtIssue).toEqual(['P3']);
    expect(branch.unit).toEqual({ kind: 'none' });
    expect(program.instructions[0]!.destinations).toEqual(['P3']);
  });

  it('a call through a register is an assumption note and reads and writes every register of the kernel', () => {
    const { program, notes } = lower(listing(
      I(QUIET, 'MOV R20, 0x0'),
      I(QUIET, 'MOV R21, 0x0'),
      I('B------:R-:W2:-:S04', 'LDG.E.SYS R5, [R2]'),
      I(QUIET, 'CALL.REL.NOINC R20'),
      I('B--2---:R-:W-:-:S04', 'IADD3 R7, R5, UR4, RZ'),
      I(QUIET, 'EXIT'),
    ));
    expect(notes).toEqual([{ kind: 'assumption', line: 5, column: COLUMN, message: expect.stringContaining('call through a register') }]);
    const call = program.instructions[3]!;
    const every = ['R2', 'R20', 'R21', 'R3', 'R5', 'R7', 'UR4'];
    expect([...call.destinations].sort()).toEqual(every);
    expect([...call.sources].sort()).toEqual(every);
    // Modelled as returning to the next instruction with nothing in flight.
    expect(call.flow).toEqual({ kind: 'next' });
    expect(call.unit).toEqual({ kind: 'fixed', latency: 1 });
  });

  describe('a return with no call in the kernel (a device function listed on its own)', () => {
    const check = (...lines: string[]) => {
      const { program, notes } = lower(listing(...lines));
      return { program, notes, result: checkSassProgram(program, notes) };
    };
    it('goes on to a stand-in for the caller, which reads and overwrites every register with no wait; an assumption note says so', () => {
      const { program, notes, result } = check(
        I('B------:R-:W-:-:S04', 'IMAD R4, R2, R3, RZ'),
        I('B------:R-:W-:-:S05', 'RET.REL.NODEC R20 0x0'),
      );
      expect(notes).toEqual([{ kind: 'assumption', line: 3, column: COLUMN, message: expect.stringContaining('caller outside the listing') }]);
      expect(program.instructions[1]!.flow).toEqual({ kind: 'branch', target: 2 });
      const caller = program.instructions[2]!;
      expect(caller.outsideListing).toMatch(/returns at line 3/);
      expect([...caller.sources].sort()).toEqual(['R2', 'R20', 'R21', 'R3', 'R4']);
      expect([...caller.destinations].sort()).toEqual(['R2', 'R20', 'R21', 'R3', 'R4']);
      expect(caller.control.wait).toEqual([]);
      expect(caller.flow).toEqual({ kind: 'exit' });
      // IMAD's result lands within the 9 cycles before the caller's first instruction.
      expect(result.verdict).toBe('proved-safe');
    });
    it('a load still in flight at the return is unknown, blamed on the unseen caller, never proved', () => {
      const { result } = check(
        I('B------:R-:W0:-:S04', 'LDG.E.SYS R4, [R2]'),
        I('B------:R-:W-:-:S05', 'RET.REL.NODEC R20 0x0'),
      );
      expect(result.verdict).toBe('unknown');
      expect(result.reason).toMatch(/only with code outside the listing: RAW on R4: the function returns at line 3 with it in flight/);
    });
    it('the same load waited for by the return is proved safe', () => {
      const { result } = check(
        I('B------:R-:W0:-:S04', 'LDG.E.SYS R4, [R2]'),
        I('B0-----:R-:W-:-:S05', 'RET.REL.NODEC R20 0x0'),
      );
      expect(result.verdict).toBe('proved-safe');
    });
    it('a store still reading its data at the return is unknown: the caller may overwrite it', () => {
      const { result } = check(
        I('B------:R0:W-:-:S04', 'STG.E.SYS [R2], R4'),
        I('B------:R-:W-:-:S05', 'RET.REL.NODEC R20 0x0'),
      );
      expect(result.verdict).toBe('unknown');
      expect(result.reason).toMatch(/outside the listing: WAR on R[234]/);
    });
    it('a hazard inside the function is still a hazard', () => {
      const { result } = check(
        I('B------:R-:W0:-:S04', 'LDG.E.SYS R4, [R2]'),
        I('B------:R-:W-:-:S04', 'IADD3 R5, R4, R4, RZ'),
        I('B0-----:R-:W-:-:S05', 'RET.REL.NODEC R20 0x0'),
      );
      expect(result.verdict).toBe('hazard');
    });
  });

  it('a call to a label of the kernel stays a call to its index; RET returns', () => {
    const { program, notes } = lower(listing(
      I(QUIET, 'CALL.REL.NOINC `(.L_x_f)'),
      I(QUIET, 'EXIT'),
      '.L_x_f:',
      I(QUIET, 'MOV R1, RZ'),
      I(QUIET, 'RET.REL.NODEC R20'),
    ));
    expect(notes).toEqual([]);
    expect(program.instructions.map((instruction) => instruction.flow)).toEqual([{ kind: 'call', target: 2 }, { kind: 'exit' }, { kind: 'next' }, { kind: 'return' }]);
    expect(program.instructions[3]!.sources).toEqual(['R20', 'R21']);
  });

  it('an unknown opcode gives an unknown-opcode note at its line and column, and is modelled conservatively', () => {
    const { program, notes } = lower(listing(
      I(QUIET, 'MOV R1, RZ'),
      I('B------:R-:W1:-:S02', '@P0 FROBNICATE.X R8, R1, R2'),
      I(QUIET, 'EXIT'),
    ));
    expect(notes).toEqual([{ kind: 'unknown-opcode', line: 3, column: COLUMN, message: expect.stringContaining('FROBNICATE is not in the sm_75 table') }]);
    const unknown = program.instructions[1]!;
    expect(unknown.destinations).toEqual(['R8']);
    expect([...unknown.sources].sort()).toEqual(['P0', 'R1', 'R2']);
    expect(unknown.guard).toEqual({ predicate: 'P0', negated: false });
    // Variable latency through an unordered queue: nothing may rely on when or in which order it completes.
    expect(unknown.unit.kind).toBe('variable');
    const queue = program.queues[(unknown.unit as { queue: number }).queue]!;
    expect(queue.ordered).toBe(false);
  });

  it('a branch to a label of no kernel is an unsupported note and its paths are not followed', () => {
    const { program, notes } = lower(listing(
      I(QUIET, 'BRA `(.L_elsewhere)'),
      I(QUIET, 'EXIT'),
    ));
    expect(notes).toEqual([{ kind: 'unsupported', line: 2, column: COLUMN, message: expect.stringContaining('.L_elsewhere') }]);
    expect(program.instructions[0]!.flow).toEqual({ kind: 'exit' });
  });

  it('takes the control record, queues and DEPBAR from the listing and the table', () => {
    const { program } = lower(listing(
      I('B------:R0:W2:-:S01', 'LDS.U.128 R4, [R0]'),
      I('B------:R-:W3:-:S01', 'LDG.E.SYS R8, [R2]'),
      I('B------:R-:W-:-:S02', 'DEPBAR.LE SB2, 0x1'),
      I('B--23--:R-:W-:Y:S05', 'FADD R9, R4, R8'),
    ));
    const [shared, global, depbar, add] = program.instructions;
    expect(shared!.destinations).toEqual(['R4', 'R5', 'R6', 'R7']);
    expect(shared!.control).toEqual({ wait: [], readScoreboard: 0, writeScoreboard: 2, yield: false, stall: 1 });
    // Turing's memory queues read their operands in one order across them (ptxas-memory-read-order); global completes in any order.
    expect(program.queues[(shared!.unit as { queue: number }).queue]).toEqual({ name: 'shared', ordered: true, readGroup: 'ptxas-memory-read-order' });
    expect(program.queues[(global!.unit as { queue: number }).queue]).toEqual({ name: 'global', ordered: false, readsInOrder: true, readGroup: 'ptxas-memory-read-order' });
    expect(depbar!.depbar).toEqual({ scoreboard: 2, limit: 1 });
    expect(add!.control).toEqual({ wait: [2, 3], readScoreboard: null, writeScoreboard: null, yield: true, stall: 5 });
  });
});
