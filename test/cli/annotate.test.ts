import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-annotate-'));

describe('hazardproof annotate, then prove', () => {
  for (const name of readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.hp')).sort()) {
    it(`${name}: every immediate of the annotated program is sound and tight, and the program is proved safe`, async () => {
      const output = join(scratch, name);
      expect((await cli('annotate', join('examples', name), '-o', output)).code).toBe(0);
      const proved = await cli('prove', output, '--json');
      expect(proved.code).toBe(0);
      const report = JSON.parse(proved.stdout);
      for (const depbar of report.depbars) expect(depbar.verdict).toBe('sound-tight');
      expect(report.program.verdict).toBe('proved-safe');
    });
  }

  it('says so when scoreboards run out, and the program is still safe', async () => {
    const input = join(scratch, 'few.hp');
    writeFileSync(input, `.scoreboards 1\n.pipe tex queue 4: TEX\n.pipe lsu queue 4: LDG, STG\n.pipe alu fixed 4: FMUL, MOV
TEX R0 <- R10\nLDG R1 <- R11\nSTG <- R12\nFMUL R2 <- R0, R1\nMOV R12 <- RZ\nMOV R10 <- RZ\n`);
    const output = join(scratch, 'few-annotated.hp');
    const { code, stderr } = await cli('annotate', input, '-o', output);
    expect(code).toBe(0);
    expect(stderr).toMatch(/note: 4 scoreboard roles \(.*\) share 1 scoreboard\(s\): still safe/);
    expect((await cli('check', output, '--seed', '1')).stdout).toContain('proved-safe');
  });
});
