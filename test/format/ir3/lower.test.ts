import { describe, expect, it } from 'vitest';
import { lowerIr3Shader } from '../../../format/ir3/lower.js';
import { parseIr3 } from '../../../format/ir3/parse.js';

/** The lowered program and notes of a one-shader snippet. */
function lower(text: string) {
  return lowerIr3Shader(parseIr3(text, 'snippet.asm').shaders[0]!);
}

describe('ir3 lowering: address registers', () => {
  it('reads the address inside a bracketed destination: ldc.k writes c[a1.x] and reads a1.x', () => {
    const { program, notes } = lower('ldc.4.k.imm c[a1.x], 0, 0\n');
    expect(notes).toEqual([]);
    expect(program.instructions[0]!.destination).toBeNull();
    expect(program.instructions[0]!.sources).toContainEqual({ kind: 'register', register: 'a1', component: 0, increments: false });
  });

  it('in an early preamble (before shpe), a write of a1.x is an (ss) producer; after it, or without @earlypreamble, it has 6 delay slots', () => {
    const text = '@earlypreamble\nmova1 a1.x, (r)0\nshpe\nmova1 a1.x, 0\n';
    const early = lower(text).program.instructions;
    expect([early[0]!.latency, early[0]!.syncClass]).toEqual(['variable', 'ss']);
    expect([early[2]!.latency, early[2]!.syncClass]).toEqual([7, null]);
    const plain = lower(text.replace('@earlypreamble\n', '')).program.instructions;
    expect([plain[0]!.latency, plain[0]!.syncClass]).toEqual([7, null]);
    // Only a1.x: a0.x keeps its 6 slots even there (Mesa's rule names a1 alone).
    expect(lower('@earlypreamble\nmova a0.x, 0\nshpe\n').program.instructions[0]!.latency).toBe(7);
  });

  it('(r) on a special source: p0.x walks its components under (rptN); a0.x/a1.x under (rptN) is noted, not guessed', () => {
    const [sel] = lower('(rpt1)sel.b32 r0.x, r1.x, (r)p0.x, r2.x\n').program.instructions;
    expect(sel!.sources).toContainEqual({ kind: 'register', register: 'p0', component: 0, increments: true });
    const { notes } = lower('(rpt1)add.u r0.x, (r)a0.x, 1\nend\n');
    expect(notes.map((note) => `${note.line}: ${note.message}`)).toEqual(['1: (r)a0.x under (rpt1): a repeated read of an address register is not modelled']);
    // Without a repeat, (r) changes nothing.
    expect(lower('add.u r0.x, (r)a0.x, 1\n').notes).toEqual([]);
  });
});
