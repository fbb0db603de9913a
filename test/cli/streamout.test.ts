import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomTimingsOutcome } from '../../api/streamout/randomRun.js';
import { streamContext } from '../../spec/streamout/step.js';
import { ignoresTaskNumber } from '../../properties/streamout/brokenSsync.js';
import { cli } from './run.js';

const root = join(import.meta.dirname, '..', '..');
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-streamout-'));

describe('hazardproof streamout check', () => {
  const trace = join(scratch, 'trace.jsonl');

  it('passes a trace written by the optimized simulation', async () => {
    const run = await cli('streamout', 'run', 'examples/streamout/geometry-split.json', '--runs', '1', '--seed', '4', '--trace-out', trace);
    expect(run.code).toBe(0);
    const { code, stdout } = await cli('streamout', 'check', trace);
    expect(stdout).toMatch(/passes: \d+ steps, each allowed with the contents the protocol gives; the protocol completes with the buffers in driver order/);
    expect(code).toBe(0);
  });

  it('fails an edited trace (two responses\' offsets swapped) at the first edited line, saying what the protocol gives', async () => {
    const lines = readFileSync(trace, 'utf8').trimEnd().split('\n');
    const responses = lines.flatMap((line, index) => (line.includes('"step":"response"') ? [index] : []));
    const [a, b] = [responses[1]!, responses[2]!];
    const offsetsOf = (line: string) => JSON.parse(line).offsets as number[];
    const [first, second] = [offsetsOf(lines[a]!), offsetsOf(lines[b]!)];
    expect(first).not.toEqual(second);
    lines[a] = JSON.stringify({ ...JSON.parse(lines[a]!), offsets: second });
    lines[b] = JSON.stringify({ ...JSON.parse(lines[b]!), offsets: first });
    const edited = join(scratch, 'edited.jsonl');
    writeFileSync(edited, `${lines.join('\n')}\n`);
    const { code, stdout } = await cli('streamout', 'check', edited);
    expect(code).toBe(1);
    const unit = JSON.parse(lines[a]!).unit;
    expect(stdout).toContain(`${edited}:${a + 1}: response ${unit}: offsets is ${JSON.stringify(second)}, but the protocol gives ${JSON.stringify(first)}`);
    expect(stdout).toMatch(/state there: SSYNC serves batch \d+ task \d+; offsets \[/);
  });

  it('fails a step the protocol does not allow, and a trace that stops early', async () => {
    const lines = readFileSync(trace, 'utf8').trimEnd().split('\n');
    const early = join(scratch, 'early.jsonl');
    writeFileSync(early, `${lines.slice(0, 10).join('\n')}\n`);
    expect((await cli('streamout', 'check', early)).stdout).toContain('the trace ends before the protocol is done');
    const wrong = join(scratch, 'wrong.jsonl');
    writeFileSync(wrong, `${lines[0]}\n{"step":"retire","id":0}\n`);
    const { code, stdout } = await cli('streamout', 'check', wrong);
    expect(code).toBe(1);
    expect(stdout).toMatch(/:2: retire is not allowed here \(allowed: wd\)/);
  });

  it('exits 2 on unreadable traces', async () => {
    const bad = join(scratch, 'bad.jsonl');
    writeFileSync(bad, '{"step": "wd"}\n');
    expect((await cli('streamout', 'check', bad)).code).toBe(2);
    writeFileSync(bad, 'not json\n');
    expect((await cli('streamout', 'check', bad)).stderr).toMatch(/bad.jsonl:1:1: invalid JSON/);
  });
});

describe('hazardproof streamout run', () => {
  /** A one-operation scenario of `batches` single-task batches of 32 points on 4 SO units. */
  const bigScenario = (batches: number) => {
    const file = join(scratch, `big-${batches}.json`);
    writeFileSync(file, JSON.stringify({
      format: 'hazardproof-streamout/1', soUnits: 4, bufferSizes: [2147483647, 0, 0, 0], batchIdBits: 13,
      packets: [{ type: 'enable' }, { type: 'work', primitives: batches * 32, verticesPerPrimitive: 1, stride: [4, 0, 0, 0] }, { type: 'disable' }],
    }));
    return file;
  };

  it('gives the same verdict and timings with --jobs 2 (worker threads, built CLI) as with --jobs 1', () => {
    const run = (jobs: string) => {
      const result = spawnSync('node', [join(root, 'bin', 'hazardproof.js'), 'streamout', 'run', 'examples/streamout/geometry-split.json', '--seed', '5', '--runs', '30', '--jobs', jobs, '--json'], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      const { verdict, reason, coverage } = JSON.parse(result.stdout) as { verdict: string; reason: string; coverage: Record<string, unknown> };
      return { verdict, reason: reason.replace(/\d+\.\d+ s/, 'T s'), timingsRun: coverage.timingsRun, jobs: coverage.jobs };
    };
    const [one, two] = [run('1'), run('2')];
    expect(one).toEqual({ verdict: 'no-violation-found', reason: 'no violation in 30 random timings (seeds 5..34) on the optimized simulation, T s; this is not a proof', timingsRun: 30, jobs: 1 });
    expect({ ...two, jobs: 1 }).toEqual(one);
    expect(two.jobs).toBe(2);
  });

  it('answers unknown (exit 3) when the --timeout budget runs out during random timings, saying how many ran', async () => {
    const { code, stdout } = await cli('streamout', 'run', bigScenario(20_000), '--seed', '1', '--timeout', '1');
    expect(stdout).toMatch(/: unknown\n {2}time budget of 1 ms reached \(--timeout\) after \d+ of 200 random timings \(seed 1\), none with a violation; this is not a proof/);
    expect(code).toBe(3);
  });

  it('answers unknown (exit 3) when the --timeout budget runs out during exhaustive search', async () => {
    const file = join(scratch, 'three-tasks.json');
    const work = { type: 'work', primitives: 3, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 3 };
    writeFileSync(file, JSON.stringify({ format: 'hazardproof-streamout/1', soUnits: 2, bufferSizes: [1024, 0, 0, 0], batchIdBits: 2, packets: [{ type: 'enable' }, work, work, { type: 'disable' }] }));
    const { code, stdout } = await cli('streamout', 'run', file, '--exhaustive', '--timeout', '1');
    expect(stdout).toMatch(/: unknown\n {2}time budget of 1 ms reached \(--timeout\) without a violation: \d+ distinct states/);
    expect(code).toBe(3);
  });

  it('keeps the state budget from the first state: --max-states 1 stops after the initial state', async () => {
    const { code, stdout } = await cli('streamout', 'run', 'examples/streamout/small-exhaustive.json', '--exhaustive', '--max-states', '1');
    expect(stdout).toMatch(/: unknown\n {2}state budget of 1 reached without a violation: 2 distinct states \(2 visited/);
    expect(code).toBe(3);
  });

  it('reports a violation the simulation finds (a planted bug) as confirmed by the spec, with its steps in words and the replay command', async () => {
    const context = streamContext({
      soUnits: 2, bufferSizes: [4096, 0, 0, 0], batchIdBits: 13,
      packets: [{ type: 'enable' }, { type: 'work', primitives: 12, verticesPerPrimitive: 3, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
    }, ignoresTaskNumber);
    const outcome = await randomTimingsOutcome({ file: 'planted.json', context, seed: 101, runs: 40, jobs: 1, timeoutMs: null, deadline: null, plantedBug: 'ignoresTaskNumber' });
    expect(outcome.verdict).toBe('violation');
    expect(outcome.reason).toMatch(/^found by the optimized simulation in random timing (\d+) of 40 \(seed (\d+)\) and confirmed by the spec, whose replay of its steps shows it after (\d+) steps; replay: hazardproof streamout run planted.json --seed \2 --runs 1$/);
    expect(outcome.problems[0]).toMatch(/^deadlock: nothing can happen but the work is not done/);
    expect(outcome.stepsInWords).toHaveLength(outcome.steps.length);
    expect(outcome.stepsInWords[0]).toBe('  1. work distribution forwards the enable bundle (packet 0)');
    expect(outcome.coverage).toMatchObject({ specReplay: 'confirmed', jobs: 1 });
  });

  it('refuses a --timeout or --jobs that is not a positive whole number (exit 2)', async () => {
    expect((await cli('streamout', 'run', 'examples/streamout/overflow.json', '--timeout', '0')).stderr).toMatch(/--timeout expects a whole number from 1/);
    expect((await cli('streamout', 'run', 'examples/streamout/overflow.json', '--jobs', 'two')).code).toBe(2);
  });
});
