import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
