import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
const example = (name: string) => join(root, 'examples', 'lrc', name);

describe('hazardproof check on .machine lrc programs', () => {
  it('proves a safe program and exits 0', async () => {
    const { code, stdout } = await cli('check', example('two-classes.hp'), '--seed', '1');
    expect(code).toBe(0);
    expect(stdout).toContain('two-classes.hp: proved-safe');
  });

  it('reports a missing bit with a timeline and a replay that reproduces it, exit 1', async () => {
    const { code, stdout } = await cli('check', example('missing-bit.hp'), '--seed', '1');
    expect(code).toBe(1);
    expect(stdout).toMatch(/RAW on r1: #2 mul r4 <- r1, r3 \(line 10\) read r1 at cycle \d+, but #0 ldg r1 <- r0 \(line 8\) had not returned it yet/);
    const schedule = /--replay "([^"]+)"/.exec(stdout)![1]!;
    const replayed = await cli('check', example('missing-bit.hp'), '--replay', schedule);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain('<== RAW on r1');
  });

  it('states deadlocks and overflows in --json with their counter and schedule', async () => {
    const { code, stdout } = await cli('check', example('init-lrc-deadlock.hp'), example('counter-overflow.hp'), '--json', '--seed', '1');
    expect(code).toBe(1);
    const [deadlock, overflow] = JSON.parse(stdout) as { machine: string; verdict: string; hazards: { kind: string; blocked?: { counterName: string; value: number }[]; counter?: string; value?: number; schedule: string }[] }[];
    expect(deadlock!.machine).toBe('lrc');
    expect(deadlock!.hazards[0]).toMatchObject({ kind: 'deadlock', blocked: [{ counterName: 'lrc', value: 1 }] });
    expect(overflow!.hazards[0]).toMatchObject({ kind: 'overflow', counter: 'lrc', value: 4 });
  });

  it('random mode finds the missing bit and names the seed that replays it', async () => {
    const { code, stdout } = await cli('check', example('missing-bit.hp'), '--mode', 'random', '--runs', '50', '--seed', '7');
    expect(code).toBe(1);
    const replay = /replay: hazardproof check \S+ --mode random --seed (\d+) --runs 1/.exec(stdout);
    expect(replay).not.toBeNull();
    const again = await cli('check', example('missing-bit.hp'), '--mode', 'random', '--runs', '1', '--seed', replay![1]!);
    expect(again.stdout).toContain('RAW on r1');
  });

  it('--minimize writes a smaller program that shows the same finding and carries its expectation', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hazardproof-'));
    const input = join(folder, 'big.hp');
    writeFileSync(input, `.machine lrc\n.unit alu fixed 1: add, mul\n.unit mem request: ldg\n${'add r9 <- r8\n'.repeat(6)}ldg r1 <- r0\nadd r3 <- r0\nmul r4 <- r1\n${'add r7 <- r6\n'.repeat(4)}`);
    const output = join(folder, 'small.hp');
    const { code, stdout } = await cli('check', input, '--minimize', output, '--seed', '1');
    expect(code).toBe(1);
    expect(stdout).toMatch(/minimized RAW on r1: 13 -> 2 instructions/);
    const written = readFileSync(output, 'utf8');
    expect(written).toContain('# expect: hazard RAW r1');
    expect((await cli('check', output, '--expect', '--seed', '1')).code).toBe(0);
  });

  it('rejects a malformed LRC program with file:line:col and exit 2, printing nothing else', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hazardproof-'));
    const input = join(folder, 'bad.hp');
    writeFileSync(input, '.machine lrc\n.unit mem request: ldg\n(sy)ldg r1 <- r0\n');
    const { code, stdout, stderr } = await cli('check', input);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/bad\.hp:3:1: unknown flag \(sy\)/);
  });
});
