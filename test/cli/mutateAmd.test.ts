/**
 * `hazardproof mutate` on AMDGPU assembly: source-level mutants (a wait dropped, one counter of a
 * wait loosened, an s_nop shortened), each mutated listing checked again as a whole, a row per
 * function, the undecided ones named by their source line.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';
import { scratchWriter } from './cuasmScratch.js';

const examples = join(import.meta.dirname, '..', '..', 'examples', 'amdgpu');
const file = scratchWriter('mutate-amd');

describe('hazardproof mutate on AMDGPU assembly', () => {
  it('global_load_store.gfx1100.s: both waits dropped and loosened are caught; the s_nop mutant is counted apart', async () => {
    const listing = join(examples, 'global_load_store.gfx1100.s');
    const { code, stdout, stderr } = await cli('mutate', listing, '--seed', '1');
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^kernel +mutants +checked +proved-safe +caught +undecided +caught share$/);
    expect(lines[1]).toMatch(/^global_load_store +4 +4 +0 +4 +0 +100\.0%$/);
    // The s_nop mutant is about wait states: whatever its verdict, it is outside the share.
    expect(lines[2]).toMatch(/^ {2}dropped waits 2 \(2 caught\), loosened waits 2 \(2 caught\); s_nop 1 \(.+\), outside the share \(wait states, not wait counters\)$/);
    expect(lines.at(-1)).toBe(`seed 1 (same sample: hazardproof mutate ${listing} --sample 200 --seed 1)`);
    expect(code).toBe(0);
  });

  it('a row per function (a kernel and the device function it calls); --kernel keeps one', async () => {
    const listing = join(examples, 'call_device_function.gfx90a.s');
    const { code, stdout } = await cli('mutate', listing, '--seed', '1');
    const lines = stdout.trimEnd().split('\n');
    expect(lines.filter((line) => /^\S/.test(line)).map((line) => line.split(/\s+/)[0])).toEqual(['kernel', 'helper', 'call_device_function', 'all', 'seed']);
    expect(code).toBe(0);
    const one = await cli('mutate', listing, '--seed', '1', '--kernel', 'helper');
    expect(one.stdout.split('\n').filter((line) => /^\S/.test(line)).map((line) => line.split(/\s+/)[0])).toEqual(['kernel', 'helper', 'seed']);
  });

  it('an undecided mutant is named by its source line and change (FLAT\'s LDS side rests on a fact gap): not exit 0', async () => {
    const { code, stdout } = await cli('mutate', join(examples, 'flat_generic.gfx900.s'), '--seed', '1');
    const lines = stdout.trimEnd().split('\n');
    // At the time of writing: 6 caught, 1 undecided on the fact gap below (85.7%, exit 3).
    expect(lines[1]).toMatch(/^flat_generic +7 +7 +\d+ +\d+ +[1-9]\d* +\d+\.\d%$/);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}undecided: \d+ \(fact gap [1-9]\d*, budget \d+, other \d+\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}undecided \(fact\): line 29: s_waitcnt vmcnt\(0\) lgkmcnt\(0\) -> vmcnt\(0\) lgkmcnt\(1\): rests on flat_load_dword at line 28 on gfx900/));
    expect([1, 3]).toContain(code);
  });

  it('a redundant wait: its mutants are proved safe, which leaves the share whole', async () => {
    const listing = file('redundant.gfx1100.s', [
      '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"',
      'k:',
      '\tglobal_load_b32 v1, v0, s[0:1]',
      '\ts_waitcnt vmcnt(0)',
      '\tv_add_nc_u32_e32 v2, v1, v1',
      '\ts_waitcnt vmcnt(0)',
      '\tglobal_store_b32 v0, v2, s[0:1]',
      '\ts_endpgm',
      '',
    ].join('\n'));
    const { code, stdout } = await cli('mutate', listing, '--seed', '1');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^k +4 +4 +2 +2 +0 +100\.0%$/);
    expect(lines[2]).toBe('  dropped waits 2 (1 caught, 1 proved safe), loosened waits 2 (1 caught, 1 proved safe); s_nop 0, outside the share (wait states, not wait counters)');
    expect(code).toBe(0);
  });

  it('a function whose own waits have a hazard is not mutated (its mutants would show the original\'s hazard): exit 3', async () => {
    const { code, stdout } = await cli('mutate', join(examples, 'missing-wait.gfx1100.s'), '--seed', '1');
    expect(stdout.split('\n')[1]).toMatch(/^loads_reverse_consume +not mutated: its own waits are hazard, not proved safe \(/);
    expect(code).toBe(3);
  });

  it('--sample keeps a seeded sample of the source mutants, the same for the same seed', async () => {
    const listing = join(examples, 'loads_reverse_consume.gfx1200.s');
    const first = await cli('mutate', listing, '--sample', '5', '--seed', '7');
    expect(first.stdout.split('\n')[1]).toMatch(/^loads_reverse_consume +18 +[0-5] +/);
    expect((await cli('mutate', listing, '--sample', '5', '--seed', '7')).stdout).toBe(first.stdout);
  });
});
