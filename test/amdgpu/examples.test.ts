/**
 * The bundled AMDGPU examples through the command line: each gets the verdict its `; expect:`
 * comment states, the hazard report's replay command shows the hazard again, `--json` reports it,
 * and standard input is read like a file.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/run.js';

const root = join(import.meta.dirname, '..', '..');
const folder = join(root, 'examples', 'amdgpu');
const examples = readdirSync(folder).filter((name) => name.endsWith('.s')).sort().map((name) => join(folder, name));
const missingWait = join(folder, 'missing-wait.gfx1100.s');

/** The arguments of the `replay: hazardproof check ...` line, split as a shell would (single quotes). */
function replayArguments(stdout: string): string[] {
  const line = /replay: hazardproof (check .*)$/m.exec(stdout);
  expect(line, stdout).not.toBeNull();
  return [...line![1]!.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

describe('examples/amdgpu', () => {
  it('every example states its verdict and gets it (check --expect)', async () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const file of examples) expect(readFileSync(file, 'utf8'), file).toMatch(/^; expect: (proved-safe|hazard)/m);
    const run = await cli('check', '--expect', ...examples);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`${examples.length}/${examples.length} listings got their expected verdict`);
    expect(run.code).toBe(0);
  });

  it('the hand-edited example is a hazard whose printed replay shows it again', async () => {
    const run = await cli('check', missingWait);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('RAW on v5: line 44 (v_mul_lo_u32 v5, v5, 31)');
    const again = await cli(...replayArguments(run.stdout));
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('RAW on v5');
  });

  it('--json reports the hazard with its lines and schedule', async () => {
    const run = await cli('check', '--json', missingWait);
    const report = JSON.parse(run.stdout) as { verdict: string; architecture: string; hazards: { kind: string; register: string; producerLine: number; consumerLine: number; schedule: string }[] };
    expect(report.verdict).toBe('hazard');
    expect(report.architecture).toBe('gfx1100');
    expect(report.hazards[0]).toMatchObject({ kind: 'RAW', register: 'v5', producerLine: 41, consumerLine: 44 });
  });

  it('reads AMDGPU assembly from standard input (-)', () => {
    const { status, stdout, stderr } = spawnSync('node', [join(root, 'bin', 'hazardproof.js'), 'check', '-'], { input: readFileSync(missingWait, 'utf8'), encoding: 'utf8' });
    expect(stderr).toBe('');
    expect(stdout).toContain('-: kernel loads_reverse_consume (gfx1100');
    expect(status).toBe(1);
  });
});
