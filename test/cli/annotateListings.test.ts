import { mkdtempSync, readFileSync } from 'node:fs';
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
    expect(stdout).toMatch(/cycles over 3 schedules: compiler [\d,]+, derived [\d,]+ \([\d.]+x\)/);
    expect(stdout).toContain('--runs 3 --seed 5');
    const derived = readFileSync(output, 'utf8');
    expect(derived).toContain('.arch sm_75');
    expect(derived).toMatch(/\[B[-0-9]{6}:R[-0-9]:W[-0-9]:[-Y]:S\d\d\] @P0 LDG\.E\.SYS R4 <- R2, R3/);
  });

  it('gives the same cycle counts for the same seed', async () => {
    const first = await cli('annotate', loop, '--runs', '2', '--seed', '9');
    const second = await cli('annotate', loop, '--runs', '2', '--seed', '9');
    expect(first.stdout).toBe(second.stdout);
  });
});
