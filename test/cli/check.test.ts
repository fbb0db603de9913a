import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
const example = (name: string) => join('examples', name);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-cli-'));
process.chdir(root);

function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

describe('hazardproof check', () => {
  it('exits 0 with proved-safe, printing why the search was complete and the seed', async () => {
    const { code, stdout } = await cli('check', example('three-textures.hp'), '--seed', '5');
    expect(code).toBe(0);
    expect(stdout).toContain('examples/three-textures.hp: proved-safe');
    expect(stdout).toContain('every latency schedule of any length');
    expect(stdout).toContain('seed 5');
  });

  it('exits 1 with hazard, a timeline ending at the hazard and a replay command that reproduces it', async () => {
    const { code, stdout } = await cli('check', example('three-textures-unsafe.hp'), '--seed', '5');
    expect(code).toBe(1);
    expect(stdout).toMatch(/RAW on R1: #6 FMUL R4 <- R1, R1 \(line 14\) read R1 at cycle \d+, but #1 TEX R1 <- R12, R13 \(line 9\) had not written it yet/);
    expect(stdout).toMatch(/cycle +event +instruction +detail +SB0/);
    expect(stdout).toContain('<== RAW on R1');
    const replayLine = /replay: hazardproof (check .*)$/m.exec(stdout)![1]!;
    const args = replayLine.split(/ (?=(?:[^"]*"[^"]*")*[^"]*$)/).map((a) => a.replace(/^"|"$/g, ''));
    const again = await cli(...args);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('RAW on R1');
  });

  it('--json prints verdict, hazards (kind, register, 0-based producer and consumer), schedulesExplored and seed', async () => {
    const { code, stdout } = await cli('check', example('war-missing-wait.hp'), '--json', '--seed', '3');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ verdict: 'hazard', schedulesExplored: 'all', seed: 3 });
    expect(report.hazards).toHaveLength(1);
    expect(report.hazards[0]).toMatchObject({ kind: 'WAR', register: 'R2', producer: 0, consumer: 1, producerLine: 7, consumerLine: 8 });
  });

  it('--json over several files prints an array, and random mode reports a schedule count', async () => {
    const { stdout } = await cli('check', example('three-textures.hp'), example('war-read-scoreboard.hp'), '--json', '--mode', 'random', '--runs', '20', '--seed', '1');
    const reports = JSON.parse(stdout);
    expect(reports.map((r: { verdict: string }) => r.verdict)).toEqual(['no-hazard-found', 'no-hazard-found']);
    expect(reports[0].schedulesExplored).toBe(20);
  });

  it('exits 3 with unknown when a forced exhaustive search cannot finish', async () => {
    const { code, stdout } = await cli('check', example('two-warps.hp'), '--mode', 'exhaustive', '--max-states', '100');
    expect(code).toBe(3);
    expect(stdout).toContain('unknown');
    expect(stdout).toContain('100-state limit');
  });

  it('exits 2 with file:line:col for bad input, printing no results', async () => {
    const bad = file('bad.hp', '.pipe tex queue 4: TEX\n[B------:R-:W9:-:S01] TEX R0 <- R1\n');
    const { code, stdout, stderr } = await cli('check', example('three-textures.hp'), bad);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${bad}:2:14: write scoreboard SB9 does not exist: the program declares 6 scoreboards (SB0..SB5)\n`);
  });

  it('exits 2 for a missing file, an unknown option or a bad option value, without a stack trace', async () => {
    for (const args of [['check', 'nope.hp'], ['check', example('three-textures.hp'), '--bogus'], ['check', example('three-textures.hp'), '--runs', 'x'], ['frobnicate'], ['check']]) {
      const { code, stderr } = await cli(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    expect((await cli('check', '--runs', '0', example('three-textures.hp'))).stderr).toContain("--runs expects a whole number from 1");
  });

  it('--expect compares each verdict with the file\'s # expect: comment', async () => {
    const wrong = file('wrong.hp', '# expect: hazard\n.pipe alu fixed 1: MOV\nMOV R1 <- R2\n');
    expect((await cli('check', '--expect', example('three-textures.hp'), example('waw-across-pipes.hp'))).code).toBe(0);
    const { code, stdout } = await cli('check', '--expect', wrong);
    expect(code).toBe(1);
    expect(stdout).toContain('MISMATCH');
  });

  it('--replay runs exactly one schedule and refuses one the machine does not allow', async () => {
    const ok = await cli('check', example('war-missing-wait.hp'), '--replay', 'W R i0 W R i0 W R t W R t W R t w1 W r0');
    expect(ok.code).toBe(1);
    expect(ok.stdout).toContain('WAR on R2');
    const refused = await cli('check', example('war-missing-wait.hp'), '--replay', 'W R w0');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('action w0 is not enabled');
  });

  it('runs as the installed binary (dist build) with the same exit codes', async () => {
    const bin = join(root, 'bin', 'hazardproof.js');
    expect(execFileSync('node', [bin, 'check', example('queue-backpressure.hp'), '--seed', '1'], { encoding: 'utf8' })).toContain('proved-safe');
    expect(spawnSync('node', [bin, 'check', example('queue-backpressure-deep.hp')]).status).toBe(1);
    expect(spawnSync('node', [bin, '--version'], { encoding: 'utf8' }).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('hazardproof print', () => {
  it('converts .hp to JSON and back to the same canonical text', async () => {
    const json = await cli('print', example('three-textures.hp'), '--json');
    expect(json.code).toBe(0);
    const path = file('three.json', json.stdout);
    const text = await cli('print', path);
    expect(text.stdout).toBe((await cli('print', example('three-textures.hp'))).stdout);
  });
  it('lists at most 100 hazards one by one and counts the rest, so a long program with thousands still gets a readable (and printable) report', async () => {
    const lines = readFileSync(example('war-missing-wait.hp'), 'utf8').split('\n');
    const body = lines.filter((line) => line.startsWith('['));
    const program = file('many-hazards.hp', [...lines.filter((line) => !line.startsWith('[')), ...Array.from({ length: 60 }, () => body).flat()].join('\n'));
    const { code, stdout } = await cli('check', program, '--mode', 'random', '--runs', '20', '--seed', '1', '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { reason: string; hazards: unknown[]; hazardsNotListed: number };
    expect(report.hazards).toHaveLength(100);
    expect(report.reason).toMatch(new RegExp(`^${100 + report.hazardsNotListed} distinct hazard\\(s\\)`));
    const text = await cli('check', program, '--mode', 'random', '--runs', '20', '--seed', '1', '--timelines', 'none');
    expect(text.stdout).toContain(`... and ${report.hazardsNotListed} more distinct finding(s), not listed (the first 100 are)`);
  });

  it('a stream-output scenario is pointed to streamout run (exit 2), not read as a program', async () => {
    const { code, stderr } = await cli('check', 'examples/streamout/small-exhaustive.json');
    expect(code).toBe(2);
    expect(stderr).toContain('a stream-output scenario; run it with hazardproof streamout run examples/streamout/small-exhaustive.json');
  });
});
