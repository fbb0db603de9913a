/**
 * Reports that cannot be merged into one result: not a sharded report, shards of different
 * campaigns, a shard missing or given twice. `hazardproof merge` prints the message and exits 2.
 */
export class MergeError extends Error {}
