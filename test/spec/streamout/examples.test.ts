import { readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../format/error.js';
import { expectedLayout } from '../../../spec/streamout/layout.js';
import { loadScenario } from '../../../format/streamout/load.js';
import { batchesOf } from '../../../spec/streamout/scenario.js';
import { cli } from '../../cli/run.js';

const root = join(import.meta.dirname, '..', '..', '..');
const folder = join(root, 'examples', 'streamout');

describe('stream-output examples get the verdict they state', () => {
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
    it(name, async () => {
      const file = join(folder, name);
      const { expect: expectation } = loadScenario(file);
      expect(expectation, `${name} states no expectation`).not.toBeNull();
      const args = ['streamout', 'run', file, '--expect', '--runs', '50', ...(expectation!.verdict === 'proved' ? ['--exhaustive'] : [])];
      const { code, stdout } = await cli(...args);
      expect(stdout).toContain('as expected');
      expect(code).toBe(0);
    });
  }
});

describe('expectedLayout', () => {
  it('is contiguous, in driver order, between offset bundles, and restarts where the bundle says', () => {
    const { scenario } = loadScenario(join(folder, 'offsets-between-operations.json'));
    const layout = expectedLayout(scenario);
    const bundle = scenario.packets.find((p) => p.type === 'offsets')!;
    layout.buffers.slice(0, 2).forEach((entries, b) => {
      expect(entries.map((e) => e.primitive)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      const first = entries.slice(0, 10);
      const second = entries.slice(10);
      for (const run of [first, second]) {
        for (let k = 1; k < run.length; k++) expect(run[k]!.offset).toBe(run[k - 1]!.offset + run[k - 1]!.bytes);
      }
      expect(first[0]!.offset).toBe(0);
      expect(second[0]!.offset).toBe(bundle.type === 'offsets' ? bundle.offsets[b] : -1);
    });
  });
});

describe('loadScenario', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-scenario-'));
  const problems = (text: string) => {
    const file = join(scratch, 'bad.json');
    writeFileSync(file, text);
    try {
      loadScenario(file);
    } catch (error) {
      if (error instanceof InputError) return error.problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
      throw error;
    }
    throw new Error('expected the scenario to be rejected');
  };
  const base = { format: 'hazardproof-streamout/1', soUnits: 2, bufferSizes: [64, 0, 0, 0] };

  it('names the JSON path and position of a schema mistake', () => {
    const text = JSON.stringify({ ...base, packets: [{ type: 'work', primitives: 4, verticesPerPrimitive: 5, stride: [4, 0, 0, 0] }] }, null, 2);
    const [problem] = problems(text);
    expect(problem).toMatch(/^\d+:\d+: \$\.packets\[0\]\.verticesPerPrimitive must be equal to one of the allowed values: \[1,2,3\]$/);
  });

  it('rejects an offset bundle inside a stream-output operation', () => {
    const text = JSON.stringify({ ...base, packets: [{ type: 'enable' }, { type: 'offsets', offsets: [0, 0, 0, 0] }, { type: 'disable' }] });
    expect(problems(text)[0]).toMatch(/\$\.packets\[1\]: offset bundles come between stream output operations, but this one is inside the one enabled at \$\.packets\[0\]/);
  });

  it('refuses work beyond the batch limit (9007199254740994 primitives) and past int32, at the packet', () => {
    const work = (primitives: number) => ({ type: 'work', primitives, verticesPerPrimitive: 1, stride: [4, 0, 0, 0] });
    expect(problems(JSON.stringify({ ...base, packets: [work(9007199254740994)] }))[0]).toMatch(/\$\.packets\[0\]\.primitives must be <= 2147483647/);
    expect(problems(JSON.stringify({ ...base, packets: [work(20_000_000), work(20_000_000)] }))[0]).toMatch(/\$\.packets\[1\]\.primitives: the scenario would hold 1250000 batches; at most 1000000 are supported/);
  });

  it('checks stated task vertex counts: whole primitives, one list per batch, agreeing with tasksPerBatch', () => {
    const work = (extra: object) => ({ type: 'work', primitives: 40, verticesPerPrimitive: 2, stride: [4, 0, 0, 0], ...extra });
    expect(problems(JSON.stringify({ ...base, packets: [work({ taskVertices: [4, 3] })] }))[0]).toMatch(/\$\.packets\[0\]\.taskVertices\[1\]: a task emits whole primitives, so 3 must be a multiple of verticesPerPrimitive \(2\)/);
    expect(problems(JSON.stringify({ ...base, packets: [work({ taskVertices: [[4], [4]] })] }))[0]).toMatch(/2 lists of task vertex counts, but the packet makes 3 batches/);
    expect(problems(JSON.stringify({ ...base, packets: [work({ taskVertices: [4, 4], tasksPerBatch: 3 })] }))[0]).toMatch(/3 tasks per batch, but taskVertices gives 2/);
    expect(problems(JSON.stringify({ ...base, packets: [work({ taskVertices: [34] })] }))[0]).toMatch(/taskVertices\[0\] must be <= 32/);
  });

  it('numbers the primitives of stated tasks in driver order, task after task', () => {
    const file = join(scratch, 'tasks.json');
    writeFileSync(file, JSON.stringify({ ...base, packets: [{ type: 'enable' }, { type: 'work', primitives: 40, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], taskVertices: [[2, 3], [1]] }, { type: 'disable' }] }));
    const { scenario } = loadScenario(file);
    const batches = batchesOf(scenario);
    expect(batches.map((b) => b.tasks.map((t) => [t.firstPrimitive, t.primitiveCount, t.last]))).toEqual([[[0, 2, false], [2, 3, true]], [[5, 1, true]]]);
    expect(expectedLayout(scenario).primitivesNeeded).toBe(6);
  });

  it('exits 2 from the command line, with the problem and no result', async () => {
    const file = join(scratch, 'bad-cli.json');
    writeFileSync(file, JSON.stringify({ ...base, soUnits: 0, packets: [] }));
    const { code, stdout, stderr } = await cli('streamout', 'run', file);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/bad-cli.json:1:\d+: \$\.soUnits must be >= 1/);
  });
});
