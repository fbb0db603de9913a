import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
const loop = join(root, 'examples', 'sass', 'loop.sm_75.cuasm');

describe('hazardproof annotate on a listing', () => {
  it('derives control records, proves them, compares cycles on the same schedules and writes the derived kernel', async () => {
    const output = join(mkdtempSync(join(tmpdir(), 'hazardproof-annotate-')), 'loop.hp');
    const { code, stdout, stderr } = await cli('annotate', loop, '--runs', '3', '--seed', '5', '-o', output);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/kernel _Z3sumPfS_i \(sm_75, 17 instructions\): derived control records proved-safe after \d+ repair round/);
    // Whether the pass's own records beat the compiler's, or the compiler's (proved safe) were kept, is said per kernel.
    expect(stdout).toMatch(/cycles over 3 schedules: compiler [\d,]+, derived [\d,]+ \([\d.]+x\): (fewer cycles than the compiler's, by the pass's own records|as many cycles as the compiler's|the compiler's records kept \(proved safe; the pass's own records took [\d,]+, [\d.]+x\))\n/);
    expect(stdout).toContain('--runs 3 --seed 5');
    const derived = readFileSync(output, 'utf8');
    expect(derived).toContain('.arch sm_75');
    expect(derived).toMatch(/\[B[-0-9]{6}:R[-0-9]:W[-0-9]:[-Y]:S\d\d\] @P0 LDG\.E\.SYS R4 <- R2, R3/);
  });

  it("tallies a listing's kernels: beaten by the pass's own records, tied, compiler's records kept, slower", async () => {
    // Two kernels: safe.sm_75's, and the same body under a second name.
    const text = readFileSync(join(root, 'examples', 'sass', 'safe.sm_75.cuasm'), 'utf8');
    const second = text.slice(text.indexOf('\t.section')).replaceAll('_Z6squarePfS_f', '_Z7square2PfS_f');
    const listing = join(mkdtempSync(join(tmpdir(), 'hazardproof-annotate-')), 'two.sm_75.cuasm');
    writeFileSync(listing, `${text}\n${second}`);
    const { code, stdout } = await cli('annotate', listing, '--runs', '2', '--seed', '3');
    expect(code).toBe(0);
    expect(stdout).toContain('kernel _Z7square2PfS_f (sm_75, 13 instructions): derived control records proved-safe');
    expect(stdout).toMatch(/\n2 kernels: fewer cycles than the compiler's by the pass's own records on \d, as many on \d, the compiler's records kept on \d, more cycles on 0\n/);
  });

  it('gives the same cycle counts for the same seed', async () => {
    const first = await cli('annotate', loop, '--runs', '2', '--seed', '9');
    const second = await cli('annotate', loop, '--runs', '2', '--seed', '9');
    expect(first.stdout).toBe(second.stdout);
  });
});
