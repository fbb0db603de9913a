import type { Shard } from '../../cli/shard.js';
import { MergeError } from './mergeError.js';

/** A value of a campaign option as a report records it (a repeatable option is a list). */
export type CampaignOptionValue = string | number | boolean | null | readonly string[];

/** The options that decide a campaign's results, by long option name. Shards of one campaign have equal options. */
export type CampaignOptions = Readonly<Record<string, CampaignOptionValue>>;

/** The commands whose sharded JSON reports `hazardproof merge` combines. */
export type ShardedCommand = 'check' | 'prove' | 'fuzz';

/**
 * A JSON report read for merging: what it says about the campaign it belongs to (`command`,
 * `shard`, `options`, `inputs`, `exitCode`, fields every sharded report has) and the whole object.
 */
export interface ShardReport {
  /** Where the report was read from, to name it in messages. */
  readonly source: string;
  readonly command: ShardedCommand;
  readonly shard: Shard;
  readonly options: CampaignOptions;
  /** Every input of the campaign (files, or law targets of `fuzz --generate`), sorted: the same in every shard. */
  readonly inputs: readonly string[];
  /** The exit code of the shard's run. */
  readonly exitCode: number;
  /** The whole JSON object. */
  readonly body: Readonly<Record<string, unknown>>;
}

/** Reads one sharded report from its JSON text; a MergeError naming `source` when it is not one. */
export function readShardReport(source: string, text: string): ShardReport {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new MergeError(`${source}: not JSON (${(error as Error).message})`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new MergeError(`${source}: not a hazardproof report (expected a JSON object)`);
  const report = body as Record<string, unknown>;
  const { command, shard, options, inputs, exitCode } = report;
  if (command !== 'check' && command !== 'prove' && command !== 'fuzz') {
    throw new MergeError(`${source}: not a sharded report of check, prove or fuzz (no "command" field): write it with 'fuzz --report-json FILE', or 'check'/'prove' with --shard I/N --json`);
  }
  if (shard === null) throw new MergeError(`${source}: a merged report; merge the shards' own reports instead`);
  if (!isShard(shard)) throw new MergeError(`${source}: "shard" must be {"index": I, "count": N} with 1 <= I <= N`);
  if (!isOptions(options)) throw new MergeError(`${source}: "options" must be an object of option values`);
  if (!Array.isArray(inputs) || !inputs.every((input) => typeof input === 'string')) throw new MergeError(`${source}: "inputs" must be a list of names`);
  if (typeof exitCode !== 'number') throw new MergeError(`${source}: "exitCode" must be a number`);
  return { source, command, shard, options, inputs: inputs as string[], exitCode, body: report };
}

function isShard(value: unknown): value is Shard {
  const shard = value as { index?: unknown; count?: unknown } | null;
  return typeof shard === 'object' && shard !== null && Number.isSafeInteger(shard.index) && Number.isSafeInteger(shard.count)
    && (shard.index as number) >= 1 && (shard.index as number) <= (shard.count as number);
}

function isOptions(value: unknown): value is CampaignOptions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((option) => option === null || ['string', 'number', 'boolean'].includes(typeof option)
    || (Array.isArray(option) && option.every((item) => typeof item === 'string')));
}
