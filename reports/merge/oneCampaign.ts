import { MergeError } from './mergeError.js';
import type { CampaignOptionValue, ShardReport } from './shardReport.js';

/**
 * Checks that reports are the shards of one campaign, each exactly once: the same command, the
 * same options, the same inputs and the same shard count N, and shards 1..N all present. Returns
 * them in shard order; a MergeError says which shard is missing or given twice, or what differs
 * and in which reports.
 */
export function shardsOfOneCampaign(reports: readonly ShardReport[]): ShardReport[] {
  const first = reports[0];
  if (first === undefined) throw new MergeError('no reports to merge: give the JSON report of every shard');
  const name = (report: ShardReport) => `${report.source} (shard ${report.shard.index}/${report.shard.count})`;
  for (const report of reports.slice(1)) {
    if (report.command !== first.command) throw new MergeError(`${name(report)} is a '${report.command}' report but ${name(first)} is a '${first.command}' report`);
    if (report.shard.count !== first.shard.count) {
      throw new MergeError(`${name(report)} splits the campaign into ${report.shard.count} shards but ${name(first)} into ${first.shard.count}`);
    }
    for (const option of [...new Set([...Object.keys(first.options), ...Object.keys(report.options)])].sort()) {
      const mine = report.options[option] ?? null;
      const theirs = first.options[option] ?? null;
      if (!sameValue(mine, theirs)) {
        throw new MergeError(`option --${option} differs: ${name(first)} ran with ${shown(theirs)}, ${name(report)} with ${shown(mine)}`);
      }
    }
    const onlyFirst = missingFrom(first.inputs, report.inputs);
    const onlyReport = missingFrom(report.inputs, first.inputs);
    if (onlyFirst.length > 0 || onlyReport.length > 0) {
      throw new MergeError(`${name(report)} and ${name(first)} are shards of different inputs`
        + `${onlyFirst.length > 0 ? `; only ${first.source} has ${onlyFirst.join(', ')}` : ''}${onlyReport.length > 0 ? `; only ${report.source} has ${onlyReport.join(', ')}` : ''}`);
    }
  }
  const bySlot = new Map<number, ShardReport>();
  for (const report of reports) {
    const other = bySlot.get(report.shard.index);
    if (other) throw new MergeError(`shard ${report.shard.index}/${report.shard.count} is given twice: ${other.source} and ${report.source}`);
    bySlot.set(report.shard.index, report);
  }
  const count = first.shard.count;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !bySlot.has(index));
  if (missing.length > 0) {
    throw new MergeError(`${missing.length === 1 ? 'shard' : 'shards'} ${missing.map((index) => `${index}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`
      + ` (got ${[...bySlot.keys()].sort((a, b) => a - b).map((index) => `${index}/${count}`).join(', ')})`);
  }
  return Array.from({ length: count }, (_, i) => bySlot.get(i + 1)!);
}

function sameValue(a: CampaignOptionValue, b: CampaignOptionValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function shown(value: CampaignOptionValue): string {
  return value === null ? 'it unset' : JSON.stringify(value);
}

/** The items of `list` that `other` lacks, counting repeats (a file given twice must be given twice everywhere). */
function missingFrom(list: readonly string[], other: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const item of other) left.set(item, (left.get(item) ?? 0) + 1);
  return list.filter((item) => {
    const count = left.get(item) ?? 0;
    left.set(item, count - 1);
    return count <= 0;
  });
}
