import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

process.chdir(join(import.meta.dirname, '..', '..'));
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-timeout-'));

function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** The example's directives and comments, then its instruction lines `times` times: a program far too big to finish in a millisecond. */
function repeated(example: string, times: number, extra = ''): string {
  const lines = readFileSync(example, 'utf8').split('\n');
  const body = lines.filter((line) => /^\s*\[/.test(line));
  return [...lines.filter((line) => !/^\s*\[/.test(line)), extra, ...Array.from({ length: times }, () => body).flat()].join('\n');
}

const BUDGET = /time budget of 1 ms reached \(--timeout\)/;

// Each input below takes far more than 1 ms to decide, so `--timeout 1` always runs out first:
// these tests pin down what happens then (a verdict of unknown with the reason), not any speed.
describe('--timeout MS: the budget of each input file ends in unknown (exit 3) with the reason, never a hang', () => {
  it('check, exhaustive search: unknown, saying where the search was', async () => {
    const program = file('eight-warps.hp', repeated('examples/three-textures.hp', 1, '.warps 8'));
    const { code, stdout } = await cli('check', program, '--timeout', '1', '--seed', '1');
    expect(code).toBe(3);
    expect(stdout).toMatch(/: unknown\n {2}time budget of 1 ms reached \(--timeout\) after exhaustive search of \d+ states; no hazard found so far/);
  });

  it('check, random schedules: unknown after the schedules that fitted (not no-hazard-found)', async () => {
    const program = file('long.hp', repeated('examples/three-textures.hp', 300));
    const { code, stdout } = await cli('check', program, '--mode', 'random', '--runs', '1000000', '--timeout', '1', '--seed', '1', '--json');
    expect(code).toBe(3);
    const report = JSON.parse(stdout) as { verdict: string; reason: string; schedulesExplored: number };
    expect(report.verdict).toBe('unknown');
    expect(report.reason).toMatch(/time budget of 1 ms reached \(--timeout\) after \d+ of 1000000 random schedules/);
    expect(report.schedulesExplored).toBeLessThan(1_000_000);
  });

  it('check of an LRC program, of a .comp program and of an NVIDIA listing', async () => {
    const lrc = file('many-loads.hp', ['.machine lrc', '.threads 4', '.unit mem request: ldg', '.unit alu fixed 2: add',
      ...Array.from({ length: 12 }, (_, index) => `ldg r${index} <- r${index + 20}`), '(lrc)add r40 <- r0, r11', ''].join('\n'));
    expect(await cli('check', lrc, '--timeout', '1', '--mode', 'exhaustive')).toMatchObject({ code: 3, stdout: expect.stringMatching(BUDGET) });
    const comp = file('landings.comp', ['.opcode ld latency=variable sync=sy', ...Array.from({ length: 14 }, (_, index) => `ld r${index}.x, r${index + 20}.x`), ''].join('\n'));
    expect(await cli('check', comp, '--timeout', '1')).toMatchObject({ code: 3, stdout: expect.stringMatching(BUDGET) });
    const listing = file('long.sm_75.cuasm', repeated('examples/sass/safe.sm_75.cuasm', 400));
    expect(await cli('check', listing, '--timeout', '1')).toMatchObject({ code: 3, stdout: expect.stringMatching(BUDGET) });
  });

  it('annotate writes nothing when its pass cannot finish, and says why; compare and mutate answer unknown', async () => {
    const program = file('long-annotate.hp', repeated('examples/three-textures.hp', 400));
    const output = join(scratch, 'annotated.hp');
    const annotated = await cli('annotate', program, '-o', output, '--timeout', '1');
    expect(annotated.code).toBe(3);
    expect(annotated.stdout).toMatch(/unknown: time budget of 1 ms reached \(--timeout\) before the pass was done; nothing written/);
    expect(existsSync(output)).toBe(false);
    expect(await cli('compare', program, '--timeout', '1', '--seed', '1')).toMatchObject({ code: 3, stdout: expect.stringMatching(BUDGET) });
    const listing = file('long-mutate.sm_75.cuasm', repeated('examples/sass/safe.sm_75.cuasm', 400));
    expect(await cli('mutate', listing, '--timeout', '1', '--seed', '1')).toMatchObject({ code: 3, stdout: expect.stringMatching(BUDGET) });
  });

  it('fuzz on a program file: a file whose budget runs out first, with nothing found, is unknown', async () => {
    const program = file('long-fuzz.hp', repeated('examples/three-textures.hp', 300));
    const { code, stdout } = await cli('fuzz', program, '--runs', '1000000', '--timeout', '1', '--seed', '1');
    expect(code).toBe(3);
    expect(stdout).toMatch(/long-fuzz\.hp: unknown: time budget of 1 ms reached \(--timeout\) after \d+ runs, nothing found/);
  });

  it('prove on an LRC program: the flags not decided in time are unknown with the reason', async () => {
    const lrc = file('prove-lrc.hp', ['.machine lrc', '.threads 4', '.unit mem request: ldg', '.unit alu fixed 2: add',
      ...Array.from({ length: 12 }, (_, index) => `ldg r${index} <- r${index + 20}`), '(lrc)add r40 <- r0, r11', ''].join('\n'));
    const { code, stdout } = await cli('prove', lrc, '--timeout', '1');
    expect(code).toBe(3);
    expect(stdout).toMatch(BUDGET);
  });

  it('--timeout takes whole milliseconds from 1; anything else is a usage error', async () => {
    for (const value of ['0', 'soon', '1.5', '0x', '99999999999999']) {
      const { code, stderr } = await cli('check', 'examples/three-textures.hp', '--timeout', value);
      expect(code).toBe(2);
      expect(stderr).toContain('--timeout expects a whole number from 1 to 2147483647');
    }
  });
});
