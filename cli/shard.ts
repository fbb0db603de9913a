import { normalize } from 'node:path';
import { UsageError } from './io.js';

/**
 * One of `count` CI jobs that split a campaign (`--shard I/N`): `index` is 1-based, so the
 * shards of a campaign are 1/N, 2/N, ..., N/N.
 */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Most shards a campaign may be split into (far more CI jobs than anyone runs). */
export const MAX_SHARDS = 10_000;

/** Parses `--shard I/N` (whole numbers, 1 <= I <= N), or throws a UsageError naming the option and what it expects. */
export function parseShard(value: string): Shard {
  const match = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(value.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || index > count || count > MAX_SHARDS) {
    throw new UsageError(`--shard expects I/N with whole numbers 1 <= I <= N <= ${MAX_SHARDS} (for example 2/4), got '${value}'`);
  }
  return { index, count };
}

/**
 * The files of one shard: the paths are sorted (by their normalized form, so `./a.hp` and `a.hp`
 * sort alike, then by code units, never by locale) and dealt round-robin, the p-th path of the
 * sorted list to shard `p mod N + 1`. So the assignment does not depend on the order the files
 * were given in, the shards are disjoint, together they hold every file (a file given twice is
 * checked twice, as without sharding), and their sizes differ by at most one. A shard may get no
 * file at all (more shards than files). Returns the shard's files, sorted.
 */
export function shardFiles(files: readonly string[], shard: Shard): string[] {
  return sortedPaths(files).filter((_, position) => position % shard.count === shard.index - 1);
}

/** Paths in the order sharding deals them: by normalized path, then by the path as given (both by code units). */
export function sortedPaths(files: readonly string[]): string[] {
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...files].sort((a, b) => compare(normalize(a), normalize(b)) || compare(a, b));
}
