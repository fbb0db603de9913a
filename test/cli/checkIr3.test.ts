import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-ir3-'));
// An ALU result read by another ALU instruction after `gap` instructions in between (Mesa: 3 needed).
const shader = (gap: number) => ['mov.u32u32 r0.x, 0x1', ...Array(gap).fill('nop'), 'add.u r1.x, r0.x, 1', 'end', ''].join('\n');

describe('hazardproof check on ir3 assembly', () => {
  it('proves a shader whose ALU dependence has its 3 delay slots, exit 0', async () => {
    const file = join(scratch, 'safe.asm');
    writeFileSync(file, shader(3));
    const { code, stdout } = await cli('check', file);
    expect(code).toBe(0);
    expect(stdout).toContain('shader 0 (6 instructions): proved-safe');
  });

  it('shows the RAW when a delay slot is missing, exit 1', async () => {
    const file = join(scratch, 'short.asm');
    writeFileSync(file, shader(2));
    const { code, stdout } = await cli('check', file);
    expect(code).toBe(1);
    expect(stdout).toMatch(/hazard: RAW on r0\.x: line 1 \(mov\.u32u32 r0\.x, 0x1\) execution 0, then line 4 \(add\.u r1\.x, r0\.x, 1\)/);
  });

  it('a malformed line is a located error, exit 2, nothing on stdout', async () => {
    const file = join(scratch, 'bad.asm');
    writeFileSync(file, 'mov.u32u32 r0.x,\n');
    const { code, stdout, stderr } = await cli('check', file);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/bad\.asm:1:\d+: /);
  });
});
