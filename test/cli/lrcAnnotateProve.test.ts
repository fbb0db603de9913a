import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const example = (name: string) => join(import.meta.dirname, '..', '..', 'examples', 'lrc', name);

describe('annotate and prove on .machine lrc programs', () => {
  it('annotate sets the missing flag; prove shows it sufficient and necessary, with what goes wrong without it', async () => {
    const output = join(mkdtempSync(join(tmpdir(), 'hazardproof-')), 'annotated.hp');
    expect((await cli('annotate', example('missing-bit.hp'), '-o', output)).code).toBe(0);
    expect(readFileSync(output, 'utf8')).toContain('(lrc)mul r4 <- r1, r3');
    const proved = await cli('prove', output);
    expect(proved.code).toBe(0);
    expect(proved.stdout).toContain('proved-safe');
    expect(proved.stdout).toMatch(/\(lrc\) necessary: without it, RAW on r1/);
    expect(proved.stdout).toContain('1 flag(s): 1 necessary, 0 unnecessary, 0 unknown');
  });

  it('prove on a program whose flags are not enough exits 1 with the schedule', async () => {
    const { code, stdout } = await cli('prove', example('war-load-source.hp'));
    expect(code).toBe(1);
    expect(stdout).toMatch(/the flags are not sufficient: WAR on r0/);
    expect(stdout).toContain('<== WAR on r0');
  });

  it('prove --json lists each flag with its verdict and the schedule that breaks the program without it', async () => {
    const { code, stdout } = await cli('prove', example('two-classes.hp'), '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { program: { verdict: string }; flags: { counter: string; verdict: string; withoutIt: { kind: string } | null }[] };
    expect(report.program.verdict).toBe('proved-safe');
    expect(report.flags.map((f) => `${f.counter}:${f.verdict}:${f.withoutIt?.kind}`)).toEqual(['ss:necessary:RAW', 'sy:necessary:RAW']);
  });

  it('annotate notes a preload mistake it cannot mend', async () => {
    const { code, stderr } = await cli('annotate', example('init-lrc-deadlock.hp'));
    expect(code).toBe(0);
    expect(stderr).toMatch(/note: \.preload lrc starts the counter at 2 but 1 register\(s\) arrive/);
  });
});
