import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

process.chdir(join(import.meta.dirname, '..', '..'));

describe('hazardproof prove', () => {
  it('--json gives each DEPBAR its verdict and largest safe value, and the program verdict; exit 0 when all is sound', async () => {
    const { code, stdout } = await cli('prove', 'examples/three-textures.hp', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.depbars.map(({ index, scoreboard, immediate, verdict, largestSafe }: Record<string, unknown>) => ({ index, scoreboard, immediate, verdict, largestSafe }))).toEqual([
      { index: 3, scoreboard: 0, immediate: 2, verdict: 'sound-tight', largestSafe: 2 },
      { index: 5, scoreboard: 0, immediate: 1, verdict: 'sound-tight', largestSafe: 1 },
      { index: 7, scoreboard: 0, immediate: 0, verdict: 'sound-tight', largestSafe: 0 },
    ]);
    expect(report.program.verdict).toBe('proved-safe');
  });

  it('reports an immediate one too large as unsound with the breaking order, exit 1', async () => {
    const { code, stdout } = await cli('prove', 'examples/three-textures-unsafe.hp');
    expect(code).toBe(1);
    expect(stdout).toContain('#5 DEPBAR.LE SB0, 2 (line 13): unsound, largest safe immediate 1');
    expect(stdout).toMatch(/DEPBAR.LE SB0, 2 passes: 2 outstanding <= 2\n\s+3\s+read of #1/);
    expect(stdout).toContain('program: hazard');
  });

  it('writes every proof obligation as SMT-LIB 2 with --smt2', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hazardproof-smt2-'));
    await cli('prove', 'examples/three-textures.hp', '--smt2', folder);
    const files = readdirSync(folder).sort();
    expect(files.filter((f) => f.includes('.depbar'))).toHaveLength(6);
    expect(files).toContain('three-textures.program.smt2');
    expect(readFileSync(join(folder, 'three-textures.program.smt2'), 'utf8')).toMatch(/^; whole program: every schedule of 9 instruction\(s\) x 1 warp\(s\)[\s\S]*\(check-sat\)/);
    const text = readFileSync(join(folder, files[0]!), 'utf8');
    expect(text).toMatch(/^; DEPBAR.LE SB0, \d+ \(instruction \d+\) protects the write of instruction \d+/);
    expect(text).toMatch(/\(declare-fun cut \(\) Int\)[\s\S]*\(check-sat\)\n\(get-model\)\n$/);
  });

  it('reports a solver timeout (--query-timeout) as unknown with the reason, exit 3: never as proved, never as a bug', async () => {
    const { code, stdout } = await cli('prove', 'examples/two-warps.hp', '--query-timeout', '1', '--json');
    const report = JSON.parse(stdout);
    expect(code).toBe(3);
    expect(report.program).toMatchObject({ verdict: 'unknown', method: 'z3' });
    expect(report.program.reason).toMatch(/Z3 could not decide: .*timeout/);
  });

  it('--timeout is the budget of the whole file: what is not decided in time is unknown with the budget as the reason, exit 3', async () => {
    const { code, stdout } = await cli('prove', 'examples/three-textures.hp', '--timeout', '1', '--json');
    const report = JSON.parse(stdout);
    expect(code).toBe(3);
    const reasons = [...report.depbars.map((d: { reason: string }) => d.reason), report.program.reason].join('\n');
    expect(reasons).toMatch(/time budget of 1 ms reached \(--timeout\)|Z3 could not decide: .*timeout/);
    expect([...report.depbars.map((d: { verdict: string }) => d.verdict), report.program.verdict]).toContain('unknown');
  });

  it('exits 2 on bad input', async () => {
    expect((await cli('prove', 'nope.hp')).code).toBe(2);
    expect((await cli('prove')).code).toBe(2);
  });
});
