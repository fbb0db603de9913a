import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run.js';
import { withoutTimings } from './mergeHelpers.js';
import { expectValidSarif } from '../reports/sarif/sarifSchema.js';

const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-merge-files-'));
process.chdir(join(import.meta.dirname, '..', '..'));

const inFolder = (folder: string, extension: string) => readdirSync(folder).filter((name) => name.endsWith(extension)).sort().map((name) => `${folder}/${name}`);

/** The unsharded `--json` objects, in the order of the sorted files (the order merge lists them in). */
async function unsharded(command: string, files: readonly string[], options: readonly string[]) {
  const run = await cli(command, ...files, ...options, '--json');
  const parsed = JSON.parse(run.stdout);
  const results = (Array.isArray(parsed) ? parsed : [parsed]) as { file: string }[];
  const order = [...files].sort();
  return { code: run.code, results: [...results].sort((a, b) => order.indexOf(a.file) - order.indexOf(b.file)) };
}

const reportsOf = (name: string, count: number) => Array.from({ length: count }, (_, i) => join(scratch, `${name}-${i + 1}.json`));

/** Every shard with `--json` into a file, then `merge`. */
async function shardedThenMerged(command: string, files: readonly string[], options: readonly string[], count: number, name: string) {
  const reports: string[] = [];
  const codes: number[] = [];
  for (let index = 1; index <= count; index++) {
    const run = await cli(command, ...files, ...options, '--shard', `${index}/${count}`, '--json');
    expect(run.stderr).toContain(`${command}: shard ${index}/${count}:`);
    const report = join(scratch, `${name}-${index}.json`);
    writeFileSync(report, run.stdout);
    codes.push(run.code);
    reports.push(report);
  }
  const merged = await cli('merge', ...reports, '--format', 'json');
  return { merged, json: JSON.parse(merged.stdout), codes, reports };
}

describe('merge of check and prove shards', () => {
  it('check on .hp programs (scoreboard and lrc): the merged results are the unsharded run\'s, with its exit code', async () => {
    const files = [...inFolder('examples', '.hp'), ...inFolder('examples/lrc', '.hp')];
    const options = ['--seed', '5', '--runs', '200'];
    const whole = await unsharded('check', files, options);
    const { merged, json, codes } = await shardedThenMerged('check', [...files].reverse(), options, 4, 'check-hp');
    expect(whole.code).toBe(1);
    expect(merged.code).toBe(whole.code);
    expect(codes).toContain(1);
    expect(withoutTimings(json.results)).toEqual(withoutTimings(whole.results));
    expect(json).toMatchObject({ command: 'check', shard: null, merged: { count: 4 }, coverage: { files: files.length, results: files.length }, exitCode: 1 });
    expect(json.options).toEqual({ runs: '200', seed: '5' });
    // SARIF: the merged log has the results of the unsharded run's own --format sarif.
    const sarif = await cli('merge', ...reportsOf('check-hp', 4), '--format', 'sarif');
    const log = JSON.parse(sarif.stdout);
    expectValidSarif(log);
    const own = JSON.parse((await cli('check', ...files, ...options, '--format', 'sarif')).stdout);
    const sorted = (results: unknown[]) => results.map((result) => JSON.stringify(result)).sort();
    expect(sorted(log.runs[0].results)).toEqual(sorted(own.runs[0].results));
    expect(log.runs[0].results.length).toBeGreaterThan(0);
  });

  it('check --expect: the merged exit code is 0 exactly when every file got its expected verdict', async () => {
    const files = inFolder('examples', '.hp');
    const { merged, codes } = await shardedThenMerged('check', files, ['--seed', '1', '--expect', '--timelines', 'none'], 3, 'check-expect');
    expect(codes).toEqual([0, 0, 0]);
    expect(merged.code).toBe(0);
  });

  it('check on NVIDIA listings and on .comp programs (no --seed needed: no random schedules)', async () => {
    for (const [name, files] of [['listings', inFolder('examples/sass', '.cuasm')], ['components', inFolder('examples/components', '.comp')]] as const) {
      const whole = await unsharded('check', files, []);
      const { merged, json } = await shardedThenMerged('check', files, [], 2, name);
      expect(merged.code, name).toBe(whole.code);
      expect(withoutTimings(json.results), name).toEqual(withoutTimings(whole.results));
    }
  });

  it('prove: the merged results (DEPBAR proofs, program verdicts, counterexamples) are the unsharded run\'s', async () => {
    const files = ['examples/three-textures.hp', 'examples/three-textures-unsafe.hp', 'examples/war-missing-wait.hp', 'examples/two-warps.hp'];
    const whole = await unsharded('prove', files, ['--seed', '3']);
    const { merged, json, codes } = await shardedThenMerged('prove', files, ['--seed', '3'], 3, 'prove');
    expect(whole.code).toBe(1);
    expect(merged.code).toBe(whole.code);
    expect(codes.length).toBe(3);
    expect(withoutTimings(json.results)).toEqual(withoutTimings(whole.results));
    const junit = join(scratch, 'prove.xml');
    await cli('merge', ...[1, 2, 3].map((index) => join(scratch, `prove-${index}.json`)), '--junit', junit);
    expect(readFileSync(junit, 'utf8')).toContain(`<testsuites name="hazardproof prove (merged from 3 shard(s))" tests="${files.length}"`);
    const sarif = JSON.parse((await cli('merge', ...reportsOf('prove', 3), '--format', 'sarif')).stdout);
    expectValidSarif(sarif);
    const own = JSON.parse((await cli('prove', ...files, '--seed', '3', '--format', 'sarif')).stdout);
    const sorted = (results: unknown[]) => results.map((result) => JSON.stringify(result)).sort();
    expect(sorted(sarif.runs[0].results)).toEqual(sorted(own.runs[0].results));
  });

  it('a shard with no file is an empty report (exit 0) and merges', async () => {
    const { merged, json, codes, reports } = await shardedThenMerged('check', ['examples/three-textures.hp'], ['--seed', '2'], 3, 'empty');
    expect(codes).toEqual([0, 0, 0]);
    expect(JSON.parse(readFileSync(reports[1]!, 'utf8'))).toMatchObject({ shard: { index: 2, count: 3 }, files: [], results: [], exitCode: 0 });
    expect(merged.code).toBe(0);
    expect(json.results.map((r: { file: string }) => r.file)).toEqual(['examples/three-textures.hp']);
    const text = await cli('check', 'examples/three-textures.hp', '--shard', '3/3', '--seed', '2');
    expect(text).toMatchObject({ code: 0, stdout: 'shard 3/3: no file (1 file(s) over 3 shards): nothing to check\n' });
  });

  it('without --json a shard prints the usual text for its files', async () => {
    const run = await cli('check', 'examples/three-textures.hp', 'examples/war-missing-wait.hp', '--seed', '2', '--shard', '2/2');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('examples/war-missing-wait.hp: hazard');
    expect(run.stdout).not.toContain('three-textures');
  });

  it('usage errors: a malformed --shard, --shard without --seed where random schedules may run, --shard with one-file options', async () => {
    for (const [args, message] of [
      [['check', 'examples/three-textures.hp', '--shard', '0/2', '--seed', '1'], "--shard expects I/N with whole numbers 1 <= I <= N <= 10000 (for example 2/4), got '0/2'"],
      [['prove', 'examples/three-textures.hp', '--shard', '2'], "--shard expects I/N"],
      [['fuzz', 'examples/three-textures.hp', '--shard', '3/2', '--seed', '1'], "--shard expects I/N"],
      [['check', 'examples/three-textures.hp', '--shard', '1/2'], '--shard needs --seed N here'],
      [['prove', 'examples/three-textures.hp', '--shard', '1/2'], '--shard needs --seed N here'],
      [['fuzz', 'examples/three-textures.hp', '--shard', '1/2'], '--shard needs --seed N'],
      [['fuzz', '--robustness', '--shard', '1/2', '--seed', '1'], '--robustness is not sharded'],
      [['check', 'examples/three-textures.hp', '--shard', '1/2', '--seed', '1', '--minimize', 'x.hp'], '--minimize works on one file; it does not go with --shard'],
    ] as const) {
      const run = await cli(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(message);
    }
    // Listings need no seed.
    expect((await cli('check', 'examples/sass/safe.sm_75.cuasm', '--shard', '1/2')).code).toBe(0);
  });

  it('every shard refuses the inputs the unsharded run refuses, also the shard whose own files would pass alone', async () => {
    // Sorted, shard 1/2 gets the listing and shard 2/2 the .hp program: each alone is a valid run.
    const mixed = ['examples/sass/safe.sm_75.cuasm', 'examples/three-textures.hp'];
    expect((await cli('check', ...mixed, '--seed', '1')).stderr).toContain('check listings and .hp programs in separate runs');
    for (const shard of ['1/2', '2/2']) {
      const run = await cli('check', ...mixed, '--seed', '1', '--shard', shard, '--json');
      expect(run, shard).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr, shard).toContain('check listings and .hp programs in separate runs');
    }
    // prove: LRC and scoreboard programs in one run are refused, by every shard.
    const machines = ['examples/lrc/two-classes.hp', 'examples/three-textures.hp'];
    for (const shard of [[], ['--shard', '1/2'], ['--shard', '2/2']]) {
      const run = await cli('prove', ...machines, '--seed', '1', ...shard, '--json');
      expect(run, shard.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr, shard.join(' ')).toContain('prove takes programs of one machine at a time');
    }
  });

  it('merge: a missing shard, a shard of another campaign, an unreadable report are errors (exit 2) that say which', async () => {
    const files = ['examples/three-textures.hp', 'examples/war-missing-wait.hp', 'examples/two-warps.hp'];
    const { reports } = await shardedThenMerged('check', files, ['--seed', '9'], 3, 'errors');
    const missing = await cli('merge', reports[0]!, reports[2]!);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe('hazardproof merge: shard 2/3 is missing (got 1/3, 3/3)\n');
    const other = join(scratch, 'other-seed.json');
    writeFileSync(other, (await cli('check', ...files, '--seed', '10', '--shard', '2/3', '--json')).stdout);
    const differs = await cli('merge', reports[0]!, other, reports[2]!);
    expect(differs.code).toBe(2);
    expect(differs.stderr).toContain(`option --seed differs: ${reports[0]} (shard 1/3) ran with "9", ${other} (shard 2/3) with "10"`);
    const unreadable = await cli('merge', ...reports, join(scratch, 'nope.json'));
    expect(unreadable).toMatchObject({ code: 2, stderr: `hazardproof merge: cannot read ${join(scratch, 'nope.json')}: ENOENT\n` });
    expect((await cli('merge')).code).toBe(2);
  });
});
