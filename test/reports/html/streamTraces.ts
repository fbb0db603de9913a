import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { cli } from '../../cli/run.js';

/** A trace of the optimized simulation with two responses' offsets swapped: `streamout check` fails at the first of them. */
export async function editedTrace(folder: string): Promise<{ trace: string; failingLine: number }> {
  const original = join(folder, 'trace.jsonl');
  expect((await cli('streamout', 'run', 'examples/streamout/geometry-split.json', '--runs', '1', '--seed', '4', '--trace-out', original)).code).toBe(0);
  const lines = readFileSync(original, 'utf8').trimEnd().split('\n');
  const responses = lines.flatMap((line, index) => (line.includes('"step":"response"') ? [index] : []));
  const [a, b] = [responses[1]!, responses[2]!];
  const first = JSON.parse(lines[a]!) as { offsets: number[] };
  const second = JSON.parse(lines[b]!) as { offsets: number[] };
  lines[a] = JSON.stringify({ ...first, offsets: second.offsets });
  lines[b] = JSON.stringify({ ...second, offsets: first.offsets });
  const trace = join(folder, 'edited.jsonl');
  writeFileSync(trace, `${lines.join('\n')}\n`);
  return { trace, failingLine: a + 1 };
}
