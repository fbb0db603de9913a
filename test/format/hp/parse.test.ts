import { describe, expect, it } from 'vitest';
import { parseProgram } from '../../../format/hp/parse.js';
import { DEFAULT_CONTROL } from '../../../spec/scoreboard/program.js';
import { rejection } from '../../helpers.js';

const ISSUE_EXAMPLE = `# comment ('#' or '//' to end of line)
.scoreboards 6                      # number of scoreboard counters, 1..16 (default 6)
.pipe tex queue 16: TEX, TLD        # decoupled pipeline: FIFO of 16 slots, opcodes it executes
.pipe lsu queue 8: LDG, LDS, STG
.pipe alu fixed 4: FADD, FMUL, MOV  # coupled pipeline: result written exactly 4 cycles after issue
.warps 2                            # optional: N warps run this program (default 1)
.interlock registers                # optional: hardware per-register read/write counters (seed 003)

[B------:R-:W0:-:S01] TEX R0 <- R10, R11
[B------:R1:W-:-:S01] STG <- R2, R3          # no destination
[B------:R-:W-:-:S01] DEPBAR.LE SB0, 2       # K decimal or 0x-hex
[B0-----:R-:W-:Y:S04] FMUL R3 <- R0, R0
NOP                                          # control field optional
`;

function problems(text: string): string[] {
  return rejection(() => parseProgram(text, 'bad.hp'));
}

describe('parseProgram', () => {
  it('reads the example of the format reference', () => {
    const { program, lines } = parseProgram(ISSUE_EXAMPLE, 'example.hp');
    expect(program.scoreboards).toBe(6);
    expect(program.warps).toBe(2);
    expect(program.interlock).toBe(true);
    expect(program.pipes).toEqual([
      { kind: 'queue', name: 'tex', depth: 16, opcodes: ['TEX', 'TLD'] },
      { kind: 'queue', name: 'lsu', depth: 8, opcodes: ['LDG', 'LDS', 'STG'] },
      { kind: 'fixed', name: 'alu', latency: 4, opcodes: ['FADD', 'FMUL', 'MOV'] },
    ]);
    expect(lines).toEqual([9, 10, 11, 12, 13]);
    expect(program.instructions[0]).toEqual({
      kind: 'op', opcode: 'TEX',
      destinations: [{ kind: 'register', name: 'R0' }],
      sources: [{ kind: 'register', name: 'R10' }, { kind: 'register', name: 'R11' }],
      control: { wait: [], readScoreboard: null, writeScoreboard: 0, yield: false, stall: 1 },
    });
    expect(program.instructions[1]).toMatchObject({ kind: 'op', opcode: 'STG', destinations: [], control: { readScoreboard: 1 } });
    expect(program.instructions[2]).toMatchObject({ kind: 'depbar', scoreboard: 0, limit: 2 });
    expect(program.instructions[3]).toMatchObject({ control: { wait: [0], yield: true, stall: 4 } });
    expect(program.instructions[4]).toEqual({ kind: 'nop', control: DEFAULT_CONTROL });
  });

  it('uses the defaults: 6 scoreboards, 1 warp, no interlock, control [B------:R-:W-:-:S01]', () => {
    const { program } = parseProgram('.pipe alu fixed 1: MOV\nMOV R1 <- R2\n');
    expect(program).toMatchObject({ scoreboards: 6, warps: 1, interlock: false });
    expect(program.instructions[0]!.control).toEqual(DEFAULT_CONTROL);
  });

  it('reads operands: registers with suffixes, RZ and PT as constants, immediates', () => {
    const { program } = parseProgram('.pipe lsu queue 2: LDG\nLDG.E.64 r3.x, P1 <- RZ, PT, 0x10, -4, 1.5\n');
    expect(program.instructions[0]).toMatchObject({
      opcode: 'LDG.E.64',
      destinations: [{ kind: 'register', name: 'r3.x' }, { kind: 'register', name: 'P1' }],
      sources: [
        { kind: 'constant', name: 'RZ' }, { kind: 'constant', name: 'PT' },
        { kind: 'immediate', text: '0x10' }, { kind: 'immediate', text: '-4' }, { kind: 'immediate', text: '1.5' },
      ],
    });
  });

  it('reads DEPBAR immediates in hex, // comments, and the old reuse field', () => {
    const { program } = parseProgram('.scoreboards 16\n[----:B0123456789abcdef:Rf:We:Y:S00] DEPBAR.LE SB15, 0x3f // all\n');
    expect(program.instructions[0]).toEqual({
      kind: 'depbar', scoreboard: 15, limit: 63,
      control: { wait: Array.from({ length: 16 }, (_, i) => i), readScoreboard: 15, writeScoreboard: 14, yield: true, stall: 0 },
    });
  });

  it('accepts instructions with no operands and with empty sides of the arrow', () => {
    const { program } = parseProgram('.pipe alu fixed 1: EXIT, MOV\nEXIT\nMOV R1 <-\n');
    expect(program.instructions[0]).toMatchObject({ destinations: [], sources: [] });
    expect(program.instructions[1]).toMatchObject({ destinations: [{ name: 'R1' }], sources: [] });
  });

  describe('errors name file, line and column', () => {
    it('formats problems as file:line:col: message', () => {
      expect(() => parseProgram('.pipe alu fixed 1: MOV\nFOO R1 <- R2\n', 'dir/prog.hp')).toThrow(
        'dir/prog.hp:2:1: unknown opcode FOO: no .pipe executes it (declared pipes: alu)',
      );
    });

    it('unknown opcode / opcode of no declared pipe', () => {
      expect(problems('[B------:R-:W-:-:S01] TEX R0 <- R1\n')).toEqual(['1:23: unknown opcode TEX: no .pipe executes it (declared pipes: none)']);
    });

    it('scoreboard index out of range in wait mask, read and write fields', () => {
      expect(problems('.scoreboards 2\n.pipe alu fixed 1: MOV\n[B--2---:R3:W4:-:S01] MOV R1 <- R2\n')).toEqual([
        '3:5: wait on SB2 does not exist: the program declares 2 scoreboards (SB0..SB1)',
        '3:11: read scoreboard SB3 does not exist: the program declares 2 scoreboards (SB0..SB1)',
        '3:14: write scoreboard SB4 does not exist: the program declares 2 scoreboards (SB0..SB1)',
      ]);
    });

    it('DEPBAR on a missing scoreboard', () => {
      expect(problems('DEPBAR.LE SB6, 1\n')).toEqual(['1:11: DEPBAR on SB6 does not exist: the program declares 6 scoreboards (SB0..SB5)']);
    });

    it('malformed control fields', () => {
      expect(problems('[B------:R-:W-:-] NOP\n')).toEqual(["1:1: expected a control field like [B------:R-:W-:-:S01]: found 4 ':'-separated fields, expected 5"]);
      expect(problems('[B--3---:R-:W-:-:S01] NOP\n')).toEqual(["1:5: wait mask position 2 must be '-' or '2', got '3'"]);
      expect(problems('[B------:Rx:W-:-:S01] NOP\n')).toEqual(["1:10: expected the read scoreboard 'R' followed by a scoreboard digit or '-', got 'Rx'"]);
      expect(problems('[B------:R-:W-:N:S01] NOP\n')).toEqual(["1:16: expected the yield flag 'Y' or '-', got 'N'"]);
      expect(problems('[B------:R-:W-:-:S16] NOP\n')).toEqual(['1:19: stall 16 out of range: expected 0..15']);
      expect(problems('[B------:R-:W-:-:S01 NOP\n')).toEqual(["1:1: expected a control field like [B------:R-:W-:-:S01]: missing ']'"]);
    });

    it('operand mistakes', () => {
      expect(problems('.pipe alu fixed 1: MOV\nMOV R1, R2\n')).toEqual([
        "2:5: expected '<-' between destinations and sources (write 'OP <- sources' when there is no destination)",
      ]);
      expect(problems('.pipe alu fixed 1: MOV\nMOV 5 <- R2\n')).toEqual(["2:5: expected a register as destination, got the immediate '5'"]);
      expect(problems('.pipe alu fixed 1: MOV\nMOV R1 <- R2,\n')).toEqual(["2:14: expected a source after ','"]);
      expect(problems('.pipe alu fixed 1: MOV\nMOV R1 <- [R2]\n')).toEqual(["2:11: expected a register (R0, r3.x, P1), RZ, PT or an immediate, got '[R2]'"]);
    });

    it('directive mistakes', () => {
      expect(problems('.bogus 3\n')).toEqual(["1:1: unknown directive '.bogus': expected one of .machine, .scoreboards, .pipe, .warps, .interlock"]);
      expect(problems('.scoreboards 17\n')).toEqual(['1:14: expected a scoreboard count from 1 to 16, got 17']);
      expect(problems('.pipe tex queue 0: TEX\n')).toEqual(['1:17: expected a queue depth from 1 to 1024, got 0']);
      expect(problems('.pipe tex stack 4: TEX\n')).toEqual(["1:11: expected 'queue DEPTH' or 'fixed LATENCY' after the pipe name"]);
      expect(problems('.pipe a queue 1: TEX\n.pipe b fixed 1: TEX\n')).toEqual(["2:18: opcode TEX is already executed by pipe 'a'"]);
      expect(problems('.pipe a queue 1: DEPBAR\n')).toEqual(['1:18: DEPBAR occupies no pipe and cannot be listed in one']);
      expect(problems('.warps 2\n.warps 3\n')).toEqual(['2:1: .warps is given twice (first on line 1)']);
      expect(problems('.interlock memory\n')).toEqual(["1:12: expected 'registers' after .interlock"]);
    });

    it('DEPBAR forms other than .LE SBn, k', () => {
      expect(problems('DEPBAR SB0, 1\n')).toEqual(["1:1: expected DEPBAR.LE SBn, k (only the .LE form is modelled), got 'DEPBAR'"]);
      expect(problems('DEPBAR.LE SB0 1\n')).toEqual(["1:15: expected ',' and the immediate after SB0"]);
      expect(problems('DEPBAR.LE SB0, 64\n')).toEqual(['1:16: expected a DEPBAR immediate from 0 to 63, got 64']);
    });

    it('reports every problem of a file, in file order', () => {
      expect(problems('NOP extra\n.bogus\nFOO\n')).toHaveLength(3);
    });
  });
});
