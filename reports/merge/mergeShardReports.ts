import { mergeFileShards } from './mergeFileShards.js';
import { mergeFuzzShards } from './mergeFuzzShards.js';
import { shardsOfOneCampaign } from './oneCampaign.js';
import type { ShardReport } from './shardReport.js';

/** A campaign merged from its shards: the JSON report the unsharded run writes (timings aside), and its exit code. */
export interface MergedReport {
  /** The report, shaped as the command's own (`fuzz --report-json`; for check and prove the `--shard ... --json` object), with `shard: null` and `merged`. */
  readonly json: Readonly<Record<string, unknown>>;
  /** The exit code the unsharded run gives. */
  readonly exitCode: number;
}

/**
 * Merges the reports of every shard of one campaign (any order) into the result of the unsharded
 * run: it checks they are one campaign with every shard once (else a MergeError), unions the
 * findings, sums the coverage, and computes the verdict and exit code again. Pure: no file access.
 */
export function mergeShardReports(reports: readonly ShardReport[]): MergedReport {
  const shards = shardsOfOneCampaign(reports);
  const json = shards[0]!.command === 'fuzz' ? mergeFuzzShards(shards) : mergeFileShards(shards);
  return { json, exitCode: json.exitCode as number };
}
