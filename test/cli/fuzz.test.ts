import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-fuzz-'));
const root = join(import.meta.dirname, '..', '..');
process.chdir(root);

describe('hazardproof fuzz', () => {
  it('finds the hazards of the unsafe examples, writes both reports, and prints replay commands that reproduce them', async () => {
    const json = join(scratch, 'report.json');
    const junit = join(scratch, 'report.xml');
    const { code, stdout, stderr } = await cli('fuzz', 'examples/war-missing-wait.hp', 'examples/three-textures.hp', '--seed', '11', '--runs', '500',
      '--report-json', json, '--junit', junit);
    expect(code).toBe(1);
    expect(stderr).toContain('fuzz: seed 11');
    expect(stdout).toContain('examples/war-missing-wait.hp: hazard');
    expect(stdout).toContain('examples/three-textures.hp: no-hazard-found: no hazard in 500 random schedules');
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ seed: 11, verdict: 'failed', runsPerTarget: 500 });
    expect(report.targets.map((t: { verdict: string }) => t.verdict)).toEqual(['hazard', 'no-hazard-found']);
    expect(report.targets[0].findings[0]).toMatchObject({ kind: 'WAR', register: 'R2', producer: 0, consumer: 1 });
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuites name="hazardproof fuzz (seed 11, shard 1/1)" tests="2" failures="1"');
    expect(xml).toMatch(/<testcase classname="hazardproof.fuzz.program" name="examples\/war-missing-wait.hp"[^>]*>\s*<failure type="hazard"/);
    const replay = report.targets[0].findings[0].replay.replace(/^hazardproof /, '').split(' ');
    const again = await cli(...replay);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('WAR on R2');
  });

  it('with --time and no --runs, runs until the budget is spent and says so', async () => {
    const { code, stdout } = await cli('fuzz', 'examples/three-textures.hp', '--seed', '1', '--time', '1');
    expect(code).toBe(0);
    expect(stdout).toMatch(/stopped by the 1 s budget/);
  });

  it('splits a campaign into shards that together cover every batch once', async () => {
    const reports = [];
    for (const shard of ['1/3', '2/3', '3/3', '1/1']) {
      const file = join(scratch, `shard-${shard.replace('/', '-')}.json`);
      await cli('fuzz', 'examples/waw-across-pipes.hp', '--seed', '5', '--runs', '1000', '--shard', shard, '--report-json', file);
      reports.push(JSON.parse(readFileSync(file, 'utf8')).targets[0]);
    }
    const whole = reports.pop();
    expect(reports.flatMap((r) => r.batches).sort((a: number, b: number) => a - b)).toEqual(whole.batches);
    expect(reports.reduce((sum, r) => sum + r.runs, 0)).toBe(whole.runs);
  });

  it('checks the laws on generated programs', async () => {
    const { code, stdout } = await cli('fuzz', '--generate', 'small', '--law', 'impl-equals-spec', '--runs', '100', '--seed', '2');
    expect(code).toBe(0);
    expect(stdout).toContain('impl-equals-spec on small programs: held: held for 100 generated inputs');
  });

  it('--robustness runs the robustness campaign: mutated examples through every command, with the figures, the seed and the command that runs it again', async () => {
    const { code, stdout } = await cli('fuzz', '--robustness', '--runs', '8', '--seed', '11', '--timeout', '200');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^robustness: \d+ inputs run in \d+\.\d s \(seed 11\): exit 0: \d+, exit 1: \d+, exit 2 \(located\): \d+, exit 2 \(usage\): \d+, exit 3: \d+$/m);
    expect(stdout).toContain('Same campaign: hazardproof fuzz --robustness --seed 11 --timeout 200 --runs 8');
  });

  it('rejects bad usage with exit code 2', async () => {
    for (const args of [['fuzz'], ['fuzz', '--generate', 'huge'], ['fuzz', 'examples/three-textures.hp', '--shard', '3/2'], ['fuzz', 'examples/three-textures.hp', '--law', 'refinement'],
      ['fuzz', '--robustness', 'examples/three-textures.hp'], ['fuzz', '--generate', 'small', '--path', '1:2']]) {
      expect((await cli(...args)).code, args.join(' ')).toBe(2);
    }
  });

  it('gives the same results on worker threads (--jobs 2) as in one thread', () => {
    const run = (jobs: string) => {
      const file = join(scratch, `jobs-${jobs}.json`);
      spawnSync('node', [join(root, 'bin', 'hazardproof.js'), 'fuzz', 'examples/three-textures-unsafe.hp', 'examples/two-warps.hp', '--seed', '9', '--runs', '800', '--jobs', jobs, '--report-json', file]);
      // Everything but the timings must be the same.
      return JSON.parse(readFileSync(file, 'utf8')).targets.map(({ elapsedMs: _, ...rest }: { elapsedMs: number }) => rest);
    };
    expect(run('2')).toEqual(run('1'));
  });
});
