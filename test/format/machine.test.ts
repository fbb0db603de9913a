import { describe, expect, it } from 'vitest';
import { machineOf } from '../../format/machine.js';
import { rejection } from '../helpers.js';

describe('machineOf', () => {
  it('is scoreboard for a file without .machine (every .hp file)', () => {
    expect(machineOf('.pipe alu fixed 4: FMUL\nFMUL R1 <- R2\n', 'a.hp')).toBe('scoreboard');
    expect(machineOf('', 'empty.hp')).toBe('scoreboard');
  });

  it('reads .machine lrc and .machine scoreboard anywhere, after comments and blank lines', () => {
    expect(machineOf('# an LRC program\n\n  .machine lrc   # the seed\nnop\n', 'a.lrc')).toBe('lrc');
    expect(machineOf('NOP\n.machine scoreboard\n', 'b.hp')).toBe('scoreboard');
  });

  it('ignores .machine in comments and when it is not the first token', () => {
    expect(machineOf('# .machine lrc\n// .machine lrc\nNOP .machine lrc\n', 'c.hp')).toBe('scoreboard');
  });

  it('rejects an unknown or missing machine name at its position', () => {
    expect(rejection(() => machineOf('# x\n  .machine gcn\n', 'd.txt'))).toEqual(["2:12: unknown machine 'gcn': expected scoreboard or lrc"]);
    expect(rejection(() => machineOf('.machine\n', 'e.txt'))).toEqual(['1:9: expected the machine name after .machine: scoreboard or lrc']);
    expect(() => machineOf('.machine LRC\n', 'f.txt')).toThrow("f.txt:1:10: unknown machine 'LRC': expected scoreboard or lrc");
  });
});
