import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzzSarifLog } from '../../reports/sarif/fuzzSarifLog.js';
import { withoutTimings } from './mergeHelpers.js';
import { expectValidSarif } from '../reports/sarif/sarifSchema.js';
import { cli } from './run.js';
import { parseWorkflowYaml, type YamlValue } from './workflowYaml.js';

const root = join(import.meta.dirname, '..', '..');
const RECIPE = join(root, 'examples', 'ci', 'github-actions.yml');

type Mapping = { [key: string]: YamlValue };

function mapping(value: YamlValue | undefined, where: string): Mapping {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: expected a mapping`);
  return value;
}

function text(value: YamlValue | undefined, where: string): string {
  if (typeof value !== 'string') throw new Error(`${where}: expected text`);
  return value;
}

/** `${{ matrix.NAME }}` replaced by the job's matrix values; any other expression is an error (this runner does not evaluate it). */
function substitute(value: string, matrix: Readonly<Record<string, number>>): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const match = /^matrix\.([a-z]+)$/.exec(expression);
    if (!match || !(match[1]! in matrix)) throw new Error(`expression '${expression}' is not a matrix value of this job`);
    return String(matrix[match[1]!]);
  });
}

/** A shell word with a `*` in its last part expanded in `cwd` (sorted); no match is an error, as it would hand the CLI a literal '*'. */
function expand(word: string, cwd: string): string[] {
  if (!word.includes('*')) return [word];
  if (dirname(word).includes('*')) throw new Error(`glob '${word}': only the last part of a path may have '*'`);
  const pattern = new RegExp(`^${basename(word).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  const folder = dirname(word);
  const names = existsSync(join(cwd, folder)) ? readdirSync(join(cwd, folder)).filter((name) => pattern.test(name)).sort() : [];
  if (names.length === 0) throw new Error(`glob '${word}' matches nothing in ${cwd}`);
  return names.map((name) => (folder === '.' ? name : `${folder}/${name}`));
}

interface JobRun {
  readonly commands: string[][];
  readonly codes: number[];
  readonly failed: boolean;
  readonly sarifFiles: string[];
}

/**
 * Runs one job of the workflow in its own workspace, as a runner would: checkout (the examples),
 * setup-node and `npm ci` (nothing to do in-process), `run:` steps that are `npx hazardproof ...`
 * through the CLI in-process, artifact upload and download through `artifacts`. A failed step
 * skips the steps after it unless they run `if: ${{ !cancelled() }}`.
 */
async function runJob(steps: YamlValue, matrix: Readonly<Record<string, number>>, workspace: string, artifacts: Map<string, string[]>): Promise<JobRun> {
  if (!Array.isArray(steps)) throw new Error('steps: expected a list');
  mkdirSync(workspace, { recursive: true });
  const commands: string[][] = [];
  const codes: number[] = [];
  const sarifFiles: string[] = [];
  let failed = false;
  for (const [index, raw] of steps.entries()) {
    const step = mapping(raw, `step ${index + 1}`);
    const known = new Set(['name', 'uses', 'run', 'with', 'if']);
    for (const key of Object.keys(step)) if (!known.has(key)) throw new Error(`step ${index + 1}: unexpected key '${key}'`);
    if (step.if !== undefined && step.if !== '${{ !cancelled() }}') throw new Error(`step ${index + 1}: this runner evaluates only 'if: \${{ !cancelled() }}', not '${step.if}'`);
    if (failed && step.if === undefined) continue;
    const options = step.with === undefined ? {} : mapping(step.with, `step ${index + 1} with`);
    const option = (name: string) => substitute(text(options[name], `step ${index + 1} with.${name}`), matrix);
    if (step.run !== undefined) {
      const line = substitute(text(step.run, `step ${index + 1} run`), matrix);
      if (line === 'npm ci') continue;
      if (/["'`$;&|<>\\(){}]/.test(line)) throw new Error(`step ${index + 1}: shell syntax this runner does not take: '${line}'`);
      const words = line.split(/ +/);
      if (words[0] !== 'npx' || words[1] !== 'hazardproof') throw new Error(`step ${index + 1}: a run step must be 'npm ci' or 'npx hazardproof ...', got '${line}'`);
      const args = words.slice(2).flatMap((word) => expand(word, workspace));
      commands.push(args);
      process.chdir(workspace);
      try {
        const { code, stderr } = await cli(...args);
        expect(stderr, args.join(' ')).not.toMatch(/internal error|^hazardproof: /m);
        codes.push(code);
        if (code !== 0) failed = true;
      } finally {
        process.chdir(root);
      }
      continue;
    }
    const uses = text(step.uses, `step ${index + 1} uses`);
    if (uses === 'actions/checkout@v4') {
      symlinkSync(join(root, 'examples'), join(workspace, 'examples'));
    } else if (uses === 'actions/setup-node@v4') {
      expect(String(options['node-version'])).toBe('20');
    } else if (uses === 'actions/upload-artifact@v4') {
      const files = expand(option('path'), workspace).map((file) => join(workspace, file));
      artifacts.set(option('name'), files);
    } else if (uses === 'actions/download-artifact@v4') {
      expect(options['merge-multiple']).toBe('true');
      const pattern = new RegExp(`^${option('pattern').split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      const target = join(workspace, option('path'));
      mkdirSync(target, { recursive: true });
      for (const [name, files] of artifacts) if (pattern.test(name)) for (const file of files) copyFileSync(file, join(target, basename(file)));
    } else if (uses === 'github/codeql-action/upload-sarif@v3') {
      sarifFiles.push(join(workspace, option('sarif_file')));
    } else {
      throw new Error(`step ${index + 1}: this runner does not know '${uses}'`);
    }
  }
  return { commands, codes, failed, sarifFiles };
}

describe('the GitHub Actions recipe examples/ci/github-actions.yml', () => {
  it('run as its jobs would, the merged result is the one an unsharded run gives (findings, runs, verdicts, exit code), in JSON, JUnit and SARIF', async () => {
    const workflow = mapping(parseWorkflowYaml(readFileSync(RECIPE, 'utf8')), 'workflow');
    const jobs = mapping(workflow.jobs, 'jobs');
    expect(Object.keys(jobs)).toEqual(['fuzz', 'merge']);
    const fuzzJob = mapping(jobs.fuzz, 'jobs.fuzz');
    const mergeJob = mapping(jobs.merge, 'jobs.merge');
    expect(mergeJob.needs).toBe('fuzz');
    expect(mergeJob.if).toBe('${{ !cancelled() }}');
    expect(mapping(mergeJob.permissions, 'jobs.merge.permissions')['security-events']).toBe('write');
    const shards = mapping(mapping(fuzzJob.strategy, 'strategy').matrix, 'matrix').shard;
    expect(shards).toEqual([1, 2, 3, 4]);

    const scratch = mkdtempSync(join(tmpdir(), 'hazardproof-ci-recipe-'));
    const artifacts = new Map<string, string[]>();
    const shardRuns: JobRun[] = [];
    for (const shard of shards as number[]) shardRuns.push(await runJob(fuzzJob.steps!, { shard }, join(scratch, `fuzz-${shard}`), artifacts));
    expect(shardRuns.map((run) => run.commands.length)).toEqual([1, 1, 1, 1]);
    expect(shardRuns.map((run) => run.commands[0]![0])).toEqual(['fuzz', 'fuzz', 'fuzz', 'fuzz']);
    expect([...artifacts.keys()]).toEqual(['fuzz-shard-1', 'fuzz-shard-2', 'fuzz-shard-3', 'fuzz-shard-4']);
    const mergeWorkspace = join(scratch, 'merge');
    const merged = await runJob(mergeJob.steps!, {}, mergeWorkspace, artifacts);
    expect(merged.commands.length).toBe(1);
    const mergeArgs = merged.commands[0]!;
    expect(mergeArgs[0]).toBe('merge');
    const fileOf = (option: string) => join(mergeWorkspace, mergeArgs[mergeArgs.indexOf(option) + 1]!);

    // The same campaign in one job: the shard's command without --shard.
    const sharded = shardRuns[0]!.commands[0]!;
    const at = sharded.indexOf('--shard');
    const whole = [...sharded.slice(0, at), ...sharded.slice(at + 2)];
    const wholeWorkspace = join(scratch, 'whole');
    mkdirSync(wholeWorkspace);
    symlinkSync(join(root, 'examples'), join(wholeWorkspace, 'examples'));
    whole[whole.indexOf('--report-json') + 1] = 'whole.json';
    process.chdir(wholeWorkspace);
    let wholeCode: number;
    try {
      wholeCode = (await cli(...whole)).code;
    } finally {
      process.chdir(root);
    }
    const wholeJson = JSON.parse(readFileSync(join(wholeWorkspace, 'whole.json'), 'utf8'));

    expect(merged.codes).toEqual([wholeCode]);
    const mergedJson = JSON.parse(readFileSync(fileOf('--report-json'), 'utf8'));
    expect(withoutTimings(mergedJson)).toEqual(withoutTimings(wholeJson));
    expect(mergedJson.merged.count).toBe(4);
    expect(mergedJson.coverage).toEqual(wholeJson.coverage);
    // Some shard found what the whole run found, and its job failed, yet every report was uploaded.
    expect(wholeCode).toBe(1);
    expect(shardRuns.some((run) => run.failed)).toBe(true);

    const junit = readFileSync(fileOf('--junit'), 'utf8');
    const failing = wholeJson.targets.filter((target: { findings: unknown[] }) => target.findings.length > 0).length;
    expect(junit).toContain(`tests="${wholeJson.targets.length}" failures="${failing}"`);

    expect(merged.sarifFiles).toEqual([fileOf('--sarif')]);
    const sarif = JSON.parse(readFileSync(fileOf('--sarif'), 'utf8'));
    expectValidSarif(sarif);
    process.chdir(wholeWorkspace);
    try {
      const expected = fuzzSarifLog(wholeJson, { arguments: [], targetTimeoutMs: null });
      expect(sarif.runs[0].results).toEqual(expected.runs[0]!.results);
    } finally {
      process.chdir(root);
    }
  });
});
