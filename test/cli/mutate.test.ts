import { describe, expect, it } from 'vitest';
import { scratchWriter, section } from './cuasmScratch.js';
import { cli } from './run.js';

const file = scratchWriter('mutate');

// A global load and its consumer, which waits for it: 3 mutants (drop the wait, lower the
// consumer's stall, move the load's scoreboard), one of them redundant (the stall).
const LOAD_USE = [
  '      [B------:R-:W2:-:S02] /*0000*/ LDG.E.SYS R5, [R2] ;',
  '      [B--2---:R-:W-:-:S04] /*0010*/ IADD3 R6, R5, 0x1, RZ ;',
];
const EXIT = '      [B------:R-:W-:-:S05] /*0020*/ EXIT ;';
// The same with a Hopper matrix transpose, which no source times (a conservative entry).
const MATRIX_LOAD_USE = [
  '      [B------:R-:W2:-:S02] /*0000*/ MOVM.16.MT88 R5, R2 ;',
  '      [B--2---:R-:W-:-:S04] /*0010*/ IADD3 R6, R5, 0x1, RZ ;',
];

describe('hazardproof mutate: undecided mutants by cause, and what the exit code says', () => {
  it('every hazardous mutant caught (sm_75, global loads timed by sources): exit 0, no undecided line', async () => {
    const listing = file('caught.sm_75.cuasm', `${section('caught', ...LOAD_USE, EXIT)}\n`);
    const { code, stdout } = await cli('mutate', listing, '--seed', '1');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^caught +3 +3 +1 +2 +0 +100\.0%$/);
    expect(lines.slice(2).filter((line) => line.includes('undecided'))).toEqual([]);
    expect(code).toBe(0);
  });

  it('mutants undecided only on a fact gap (sm_90: no source times MOVM): the split, the fact named, exit 3 (unknown, not a miss)', async () => {
    const listing = file('fact.sm_90.cuasm', `${section('fact', ...MATRIX_LOAD_USE, EXIT)}\n`);
    const { code, stdout } = await cli('mutate', listing, '--seed', '1');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^fact +3 +3 +1 +0 +2 +0\.0%$/);
    expect(lines[2]).toBe('  undecided: 2 (fact gap 2, budget 0, other 0)');
    expect(lines.slice(3, 5)).toEqual([
      expect.stringMatching(/^ {2}undecided \(fact\): line \d+ \(.+\): .*: rests on MOVM on sm_90/),
      expect.stringMatching(/^ {2}undecided \(fact\): line \d+ \(.+\): .*: rests on MOVM on sm_90/),
    ]);
    expect(lines.at(-1)).toBe(`seed 1 (same sample: hazardproof mutate ${listing} --sample 200 --seed 1)`);
    expect(code).toBe(3);
  });

  it('a mutant the analysis cannot decide with every fact and state (an instruction outside the model): other, listed first, exit 1', async () => {
    const listing = file('other.sm_75.cuasm', `${section('other', ...LOAD_USE, '      [B------:R-:W-:-:S04] /*0020*/ FOOBAR R9, R8 ;', EXIT.replace('0020', '0030'))}\n`);
    const { code, stdout } = await cli('mutate', listing, '--seed', '1');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^other +3 +3 +0 +2 +1 +66\.7%$/);
    expect(lines[2]).toBe('  undecided: 1 (fact gap 0, budget 0, other 1)');
    expect(lines[3]).toMatch(/^ {2}undecided \(other\): line 3 \(IADD3 R6, R5, 0x1, RZ\): stall 4 -> 1: .*outside the model/);
    expect(code).toBe(1);
  });

  it('several kernels: a line with the split over all of them; a miss in one outweighs a fact gap in another', async () => {
    const caught = file('two.sm_75.cuasm', `${section('first', ...LOAD_USE, EXIT)}\n${section('second', ...LOAD_USE, '      [B------:R-:W-:-:S04] /*0020*/ FOOBAR R9, R8 ;', EXIT.replace('0020', '0030'))}\n`);
    const fact = file('two.sm_90.cuasm', `${section('third', ...MATRIX_LOAD_USE, EXIT)}\n`);
    const { code, stdout } = await cli('mutate', caught, fact, '--seed', '1');
    const lines = stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toBe('all kernels undecided: 3 (fact gap 2, budget 0, other 1)');
    expect(code).toBe(1);
  });
});
