import { describe, expect, it } from 'vitest';
import { mergeShardReports } from '../../reports/merge/mergeShardReports.js';
import { MergeError } from '../../reports/merge/mergeError.js';
import { readShardReport } from '../../reports/merge/shardReport.js';
import { mergedJunit } from '../../reports/merge/mergedJunit.js';

/** A sharded `fuzz --report-json` report of one law target, built by hand (real laws are not violated). */
function lawShard(index: number, count: number, batches: number[], violationBatch: number | null, options: Record<string, unknown> = {}) {
  return {
    tool: 'hazardproof fuzz', command: 'fuzz', options: { generate: 'small', law: 'refinement', seed: 100, runs: 1000, ...options },
    inputs: ['refinement on small programs'], seed: 100, maxLatency: 8, scoreboardMax: 63, batchSize: 100, runsPerTarget: 1000,
    timeBudgetSeconds: null, timedOut: false, shard: { index, count }, jobs: 1, elapsedMs: 10, verdict: violationBatch === null ? 'passed' : 'failed',
    coverage: { targets: 1, runs: batches.length * 100 },
    targets: [{
      name: 'refinement on small programs', kind: 'law', law: 'refinement', generator: 'small', verdict: violationBatch === null ? 'held' : 'violated', summary: '...',
      runs: batches.length * 100, batches, runRanges: batches.map((batch) => ({ from: batch * 100, to: batch * 100 + 99 })), timedOut: false, elapsedMs: 5,
      findings: violationBatch === null ? [] : [{ law: 'refinement', generator: 'small', batch: violationBatch, message: `broken in batch ${violationBatch}`, replay: `hazardproof fuzz --generate small --law refinement --seed ${100 + violationBatch} --runs 100` }],
    }],
    exitCode: violationBatch === null ? 0 : 1,
  };
}

const read = (reports: object[]) => reports.map((report, i) => readShardReport(`shard-${i + 1}.json`, JSON.stringify(report)));

describe('merging shard reports (pure)', () => {
  it('a law violated in two shards: the lowest batch\'s violation, and only the batches up to it, as the unsharded campaign stops there', () => {
    // Shard 1 of 3 runs batches 0, 3, 6, 9; shard 2 stopped at its violation in batch 4; shard 3 found one in batch 2.
    const merged = mergeShardReports(read([lawShard(1, 3, [0, 3, 6, 9], null), lawShard(2, 3, [1, 4], 4), lawShard(3, 3, [2], 2)]));
    const target = (merged.json.targets as Record<string, unknown>[])[0]!;
    expect(target).toMatchObject({ verdict: 'violated', runs: 300, batches: [0, 1, 2], runRanges: [{ from: 0, to: 299 }] });
    expect((target.findings as { batch: number }[]).map((f) => f.batch)).toEqual([2]);
    expect(target.summary).toMatch(/^VIOLATED: /);
    expect(merged.exitCode).toBe(1);
    expect(merged.json).toMatchObject({ verdict: 'failed', shard: null, merged: { count: 3 }, coverage: { targets: 1, runs: 300 } });
    expect(mergedJunit(merged.json)).toContain('<failure type="violated" message="broken in batch 2"');
  });

  it('a law that held everywhere: every batch once, summed', () => {
    const merged = mergeShardReports(read([lawShard(2, 2, [1, 3, 5, 7, 9], null), lawShard(1, 2, [0, 2, 4, 6, 8], null)]));
    expect((merged.json.targets as unknown[])[0]).toMatchObject({ verdict: 'held', runs: 1000, runRanges: [{ from: 0, to: 999 }] });
    expect((merged.json.targets as { summary: string }[])[0]!.summary).toMatch(/^held for 1000 generated inputs \(every simulator trace/);
    expect(merged.exitCode).toBe(0);
  });

  it('says which shard is missing or given twice', () => {
    expect(() => mergeShardReports(read([lawShard(1, 4, [0], null), lawShard(2, 4, [1], null), lawShard(4, 4, [3], null)]))).toThrow('shard 3/4 is missing (got 1/4, 2/4, 4/4)');
    expect(() => mergeShardReports(read([lawShard(1, 3, [0], null)]))).toThrow('shards 2/3, 3/3 are missing (got 1/3)');
    expect(() => mergeShardReports(read([lawShard(1, 2, [0], null), lawShard(1, 2, [0], null), lawShard(2, 2, [1], null)])))
      .toThrow('shard 1/2 is given twice: shard-1.json and shard-2.json');
    expect(() => mergeShardReports([])).toThrow(MergeError);
  });

  it('says which option differs, or that the shard counts or the inputs differ', () => {
    expect(() => mergeShardReports(read([lawShard(1, 2, [0], null), lawShard(2, 2, [1], null, { seed: 101 })])))
      .toThrow('option --seed differs: shard-1.json (shard 1/2) ran with 100, shard-2.json (shard 2/2) with 101');
    expect(() => mergeShardReports(read([lawShard(1, 2, [0], null), lawShard(2, 3, [1], null)]))).toThrow('splits the campaign into 3 shards but shard-1.json (shard 1/2) into 2');
    const other = { ...lawShard(2, 2, [1], null), inputs: ['impl-equals-spec on small programs'] };
    expect(() => mergeShardReports(read([lawShard(1, 2, [0], null), other]))).toThrow(/shards of different inputs; only shard-1.json has refinement on small programs; only shard-2.json has impl-equals-spec/);
    const check = { command: 'check', shard: { index: 2, count: 2 }, options: {}, inputs: [], files: [], exitCode: 0, results: [] };
    expect(() => mergeShardReports(read([lawShard(1, 2, [0], null), check]))).toThrow("shard-2.json (shard 2/2) is a 'check' report but shard-1.json (shard 1/2) is a 'fuzz' report");
  });

  it('refuses reports that are not sharded reports, and merged ones', () => {
    expect(() => readShardReport('x.json', '{')).toThrow(/^x.json: not JSON/);
    expect(() => readShardReport('x.json', '[]')).toThrow('x.json: not a hazardproof report (expected a JSON object)');
    expect(() => readShardReport('x.json', '{"file": "a.hp", "verdict": "hazard"}')).toThrow(/x.json: not a sharded report of check, prove or fuzz/);
    expect(() => readShardReport('x.json', JSON.stringify({ ...lawShard(1, 1, [0], null), shard: null }))).toThrow('x.json: a merged report; merge the shards\' own reports instead');
    expect(() => readShardReport('x.json', JSON.stringify({ ...lawShard(1, 1, [0], null), shard: { index: 3, count: 2 } }))).toThrow(/"shard" must be/);
  });

  it('refuses runs covered by two shards', () => {
    expect(() => mergeShardReports(read([lawShard(1, 2, [0, 1], null), lawShard(2, 2, [1], null)]))).toThrow('target refinement on small programs: runs 100..199 are covered twice, by more than one shard');
  });

  it('check and prove: refuses a shard whose files are not the ones the partition gives it', () => {
    const shard = (index: number, files: string[]) => ({ command: 'check', shard: { index, count: 2 }, options: { seed: '1' }, inputs: ['a.hp', 'b.hp', 'c.hp'], files, exitCode: 0,
      results: files.map((file) => ({ file, verdict: 'proved-safe', reason: 'r' })) });
    expect(mergeShardReports(read([shard(1, ['a.hp', 'c.hp']), shard(2, ['b.hp'])])).json).toMatchObject({ files: ['a.hp', 'b.hp', 'c.hp'], exitCode: 0 });
    expect(() => mergeShardReports(read([shard(1, ['a.hp', 'b.hp']), shard(2, ['c.hp'])]))).toThrow('shard-1.json (shard 1/2) covers a.hp, b.hp but the partition gives it a.hp, c.hp');
  });
});
