import { normalize } from 'node:path';
import { combinedExitCode, type Verdict } from '../../explore/verdict.js';
import { shardFiles, sortedPaths } from '../../cli/shard.js';
import { MergeError } from './mergeError.js';
import type { ShardReport } from './shardReport.js';

/** One file's (or one kernel's) JSON object, as `check --json` or `prove --json` prints it. */
export type FileResult = Readonly<Record<string, unknown>> & { readonly file: string };

/**
 * The shards of a `check` or `prove` campaign (in shard order, already checked to be one
 * campaign) merged into the report of one unsharded run: each shard must have covered exactly
 * the files the partition gives it, the results are listed in the order of the sorted inputs,
 * and the exit code is the one the unsharded run gives (any hazard 1, else any unknown 3, else 0;
 * with --expect, 1 when any file missed its expectation).
 */
export function mergeFileShards(shards: readonly ShardReport[]): Record<string, unknown> {
  const first = shards[0]!;
  const resultsByFile = new Map<string, FileResult[]>();
  for (const report of shards) {
    const files = stringList(report, 'files');
    const expected = shardFiles(report.inputs, report.shard);
    if (JSON.stringify(sortedPaths(files)) !== JSON.stringify(expected)) {
      throw new MergeError(`${report.source} (shard ${report.shard.index}/${report.shard.count}) covers ${files.length === 0 ? 'no file' : files.join(', ')}`
        + ` but the partition gives it ${expected.length === 0 ? 'no file' : expected.join(', ')}`);
    }
    if (![0, 1, 3].includes(report.exitCode)) {
      throw new MergeError(`${report.source} (shard ${report.shard.index}/${report.shard.count}) ended with exit code ${report.exitCode}: it has no complete result to merge`);
    }
    for (const result of resultList(report)) {
      const key = normalize(result.file);
      if (!files.some((file) => normalize(file) === key)) throw new MergeError(`${report.source}: a result for ${result.file}, which is not one of its files`);
      resultsByFile.set(key, [...(resultsByFile.get(key) ?? []), result]);
    }
  }
  const inputs = sortedPaths(first.inputs);
  const seen = new Set<string>();
  const results = inputs.flatMap((file) => {
    const key = normalize(file);
    if (seen.has(key)) return [];
    seen.add(key);
    return resultsByFile.get(key) ?? [];
  });
  const exitCode = combinedExitCode(shards.map((report): Verdict => (report.exitCode === 1 ? 'hazard' : report.exitCode === 3 ? 'unknown' : 'proved-safe')));
  return {
    tool: `hazardproof ${first.command}`,
    command: first.command,
    shard: null,
    merged: { count: shards.length, reports: shards.map((report) => report.source) },
    options: first.options,
    inputs,
    files: inputs,
    coverage: { files: inputs.length, results: results.length },
    exitCode,
    results,
  };
}

function stringList(report: ShardReport, field: string): string[] {
  const value = report.body[field];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw new MergeError(`${report.source}: "${field}" must be a list of file names`);
  return value as string[];
}

function resultList(report: ShardReport): FileResult[] {
  const value = report.body.results;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'object' && item !== null && typeof (item as { file?: unknown }).file === 'string')) {
    throw new MergeError(`${report.source}: "results" must be a list of objects, each with its "file"`);
  }
  return value as FileResult[];
}
