import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';
import { withoutTimings } from './mergeHelpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-merge-fuzz-'));
process.chdir(join(import.meta.dirname, '..', '..'));

const FILES = ['examples/war-missing-wait.hp', 'examples/three-textures-unsafe.hp', 'examples/two-warps.hp', 'examples/waw-across-pipes.hp', 'examples/three-textures.hp'];

/** Runs `fuzz ARGS --shard i/n` for every i, then `merge`; returns the merged JSON and the exit codes. */
async function shardedThenMerged(args: readonly string[], count: number, name: string) {
  const reports: string[] = [];
  const codes: number[] = [];
  for (let index = 1; index <= count; index++) {
    const report = join(scratch, `${name}-${index}.json`);
    const run = await cli('fuzz', ...args, '--shard', `${index}/${count}`, '--report-json', report);
    expect(run.stderr).not.toContain('internal error');
    codes.push(run.code);
    reports.push(report);
  }
  const output = join(scratch, `${name}-merged.json`);
  const junit = join(scratch, `${name}-merged.xml`);
  const merged = await cli('merge', ...reports.reverse(), '--report-json', output, '--junit', junit);
  return { merged, json: JSON.parse(readFileSync(output, 'utf8')), junit: readFileSync(junit, 'utf8'), codes };
}

async function unsharded(args: readonly string[], name: string) {
  const report = join(scratch, `${name}-whole.json`);
  const run = await cli('fuzz', ...args, '--report-json', report);
  return { code: run.code, json: JSON.parse(readFileSync(report, 'utf8')) };
}

describe('merge of fuzz shards', () => {
  it('program files: the merged report is the unsharded run\'s (findings, runs and their ranges, verdicts, exit code)', async () => {
    const args = [...FILES, '--seed', '7', '--runs', '750'];
    const whole = await unsharded(args, 'files');
    const { merged, json, junit, codes } = await shardedThenMerged(args, 3, 'files');
    expect(whole.code).toBe(1);
    expect(merged.code).toBe(whole.code);
    expect(codes).toContain(1);
    expect(withoutTimings(json)).toEqual(withoutTimings(whole.json));
    expect(json.merged).toMatchObject({ count: 3 });
    expect(json.coverage).toEqual({ targets: FILES.length, runs: 750 * FILES.length });
    for (const target of json.targets) expect(target.runRanges).toEqual([{ from: 0, to: 749 }]);
    // Findings are de-duplicated across shards: a hazard of every schedule is listed once.
    const keys = json.targets.flatMap((t: { name: string; findings: { kind: string; register: string; producer: number; consumer: number }[] }) =>
      t.findings.map((f) => `${t.name}:${f.kind}:${f.register}:${f.producer}:${f.consumer}`));
    expect(new Set(keys).size).toBe(keys.length);
    expect(junit).toContain(`tests="${FILES.length}" failures="${whole.json.targets.filter((t: { verdict: string }) => t.verdict === 'hazard').length}"`);
    expect(merged.stdout).toContain(`${750 * FILES.length} runs over ${FILES.length} target(s), seed 7, merged from 3 shard(s)`);
  });

  it('the order the files are given in changes nothing', async () => {
    const args = ['--seed', '3', '--runs', '300'];
    const { json: forward } = await shardedThenMerged([...FILES, ...args], 2, 'forward');
    const { json: backward } = await shardedThenMerged([...FILES].reverse().concat(args), 2, 'backward');
    const byName = (report: { targets: { name: string }[] }) => [...withoutTimings(report).targets].sort((a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1));
    expect(byName(backward)).toEqual(byName(forward));
  });

  it('--generate with a fixed seed: the shards run exactly the unsharded campaign\'s inputs, same seeds, no overlap, no gap', async () => {
    const args = ['--generate', 'small', '--law', 'impl-equals-spec', '--seed', '12', '--runs', '500'];
    const whole = await unsharded(args, 'generate');
    const { merged, json } = await shardedThenMerged(args, 4, 'generate');
    expect(merged.code).toBe(whole.code);
    expect(withoutTimings(json)).toEqual(withoutTimings(whole.json));
    expect(json.targets[0]).toMatchObject({ verdict: 'held', runs: 500, batches: [0, 1, 2, 3, 4], runRanges: [{ from: 0, to: 499 }] });
  });

  it('a shard with no batches (more shards than batches) is an empty part of the campaign', async () => {
    const args = ['examples/three-textures.hp', '--seed', '4', '--runs', '150'];
    const whole = await unsharded(args, 'few');
    const { merged, json, codes } = await shardedThenMerged(args, 4, 'few');
    expect(codes).toEqual([0, 0, 0, 0]);
    expect(merged.code).toBe(0);
    expect(withoutTimings(json)).toEqual(withoutTimings(whole.json));
    const third = JSON.parse(readFileSync(join(scratch, 'few-3.json'), 'utf8'));
    expect(third.targets[0]).toMatchObject({ runs: 0, batches: [], runRanges: [] });
  });
});
