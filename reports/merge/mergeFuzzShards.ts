import { combinedExitCode, type Verdict } from '../../explore/verdict.js';
import { hazardKey, type Hazard } from '../../spec/oracle/hazard.js';
import { LAWS, type LawName } from '../../properties/fuzz/targets.js';
import { fuzzTargetSummary } from '../fuzzSummary.js';
import { joinRunRanges, runCount, runRangesBefore, type RunRange } from '../runRanges.js';
import { MergeError } from './mergeError.js';
import type { ShardReport } from './shardReport.js';

/** One target of a `fuzz --report-json` report, with the fields merging reads. */
interface FuzzTargetReport {
  readonly name: string;
  readonly kind: 'program' | 'law';
  readonly law?: string;
  readonly generator?: string;
  readonly runs: number;
  readonly batches: readonly number[];
  readonly runRanges: readonly RunRange[];
  readonly timedOut: boolean;
  readonly elapsedMs: number;
  readonly findings: readonly Readonly<Record<string, unknown>>[];
}

/**
 * The shards of a `fuzz` campaign (in shard order, already checked to be one campaign) merged
 * into the report the unsharded campaign writes: per target, the union of the runs (no run may
 * be covered twice); for a program every distinct hazard once, with the lowest run that shows it;
 * for a law the violation of the lowest batch, and only the batches up to it (the unsharded
 * campaign stops a law there). Summaries, verdicts and the exit code are computed again from the
 * merged counts; timings are summed per target and the longest shard's is the campaign's.
 */
export function mergeFuzzShards(shards: readonly ShardReport[]): Record<string, unknown> {
  const first = shards[0]!;
  const batchSize = numberField(first, 'batchSize');
  const maxLatency = numberField(first, 'maxLatency');
  for (const report of shards) {
    if (numberField(report, 'batchSize') !== batchSize) throw new MergeError(`${report.source}: batches of ${numberField(report, 'batchSize')} runs, but ${first.source} has ${batchSize}`);
  }
  if (shards.some((report) => report.body.robustness !== undefined)) throw new MergeError('a report with a robustness campaign: --robustness runs are not sharded');
  const perShard = shards.map((report) => keyedTargets(report));
  const targets = [...perShard[0]!.keys()].map((key) => mergeTarget(key, perShard.map((targets, i) => ({ source: shards[i]!.source, target: targets.get(key) })), batchSize, maxLatency));
  const failed = targets.some((target) => target.verdict === 'hazard' || target.verdict === 'violated');
  const verdicts = targets.map((target): Verdict => (target.verdict === 'hazard' || target.verdict === 'violated' ? 'hazard' : target.timedOut && target.findings.length === 0 ? 'unknown' : 'no-hazard-found'));
  const { shard: _shard, jobs: _jobs, elapsedMs: _elapsed, exitCode: _exit, ...campaign } = first.body;
  return {
    ...campaign,
    timedOut: shards.some((report) => report.body.timedOut === true),
    shard: null,
    merged: { count: shards.length, reports: shards.map((report) => report.source) },
    jobs: null,
    elapsedMs: Math.max(...shards.map((report) => numberField(report, 'elapsedMs'))),
    verdict: failed ? 'failed' : 'passed',
    coverage: { targets: targets.length, runs: targets.reduce((sum, target) => sum + target.runs, 0) },
    targets,
    exitCode: combinedExitCode(verdicts),
  };
}

/** A target's reports from every shard merged into one. */
function mergeTarget(key: string, parts: readonly { source: string; target: FuzzTargetReport | undefined }[], batchSize: number, maxLatency: number) {
  const present = parts.map(({ source, target }) => {
    if (!target) throw new MergeError(`${source} has no target ${key}`);
    return { source, target };
  });
  const { target: first } = present[0]!;
  for (const { source, target } of present) {
    if (target.kind !== first.kind || target.law !== first.law || target.generator !== first.generator) throw new MergeError(`${source}: target ${first.name} is of another kind than in ${present[0]!.source}`);
  }
  let ranges: RunRange[];
  try {
    ranges = joinRunRanges(present.flatMap(({ target }) => target.runRanges));
  } catch (error) {
    throw new MergeError(`target ${first.name}: ${(error as Error).message}, by more than one shard`);
  }
  let batches = [...new Set(present.flatMap(({ target }) => target.batches))].sort((a, b) => a - b);
  let findings: Readonly<Record<string, unknown>>[];
  if (first.kind === 'law') {
    const violations = present.flatMap(({ target }) => target.findings).sort((a, b) => numberOf(a, 'batch') - numberOf(b, 'batch'));
    const lowest = violations[0];
    findings = lowest ? [lowest] : [];
    if (lowest) {
      // The unsharded campaign stops a violated law after the batch that found it.
      const last = numberOf(lowest, 'batch');
      ranges = runRangesBefore(ranges, (last + 1) * batchSize);
      batches = batches.filter((batch) => batch <= last);
    }
  } else {
    const byRun = present.flatMap(({ target }) => target.findings).map((finding, order) => ({ finding, order }))
      .sort((a, b) => numberOf(a.finding, 'run') - numberOf(b.finding, 'run') || a.order - b.order);
    const seen = new Set<string>();
    findings = byRun.map(({ finding }) => finding).filter((finding) => {
      const identity = hazardIdentity(finding);
      if (seen.has(identity)) return false;
      seen.add(identity);
      return true;
    });
  }
  const runs = runCount(ranges);
  const law = first.law as LawName | undefined;
  const summary = first.kind === 'law'
    ? fuzzTargetSummary({ kind: 'law', runs, violated: findings.length > 0, statement: lawStatement(law) })
    : fuzzTargetSummary({ kind: 'program', runs, hazards: findings.length, maxLatency });
  const verdict = first.kind === 'law' ? (findings.length > 0 ? 'violated' : 'held') : findings.length > 0 ? 'hazard' : 'no-hazard-found';
  return {
    name: first.name, kind: first.kind, ...(first.kind === 'law' ? { law: first.law, generator: first.generator } : {}), verdict, summary, runs, batches,
    runRanges: ranges, timedOut: present.some(({ target }) => target.timedOut), elapsedMs: present.reduce((sum, { target }) => sum + target.elapsedMs, 0), findings,
  };
}

/** A report's targets by name, a repeated name numbered by its occurrence (a file given twice is two targets). */
function keyedTargets(report: ShardReport): Map<string, FuzzTargetReport> {
  const targets = report.body.targets;
  if (!Array.isArray(targets)) throw new MergeError(`${report.source}: "targets" must be a list`);
  const keyed = new Map<string, FuzzTargetReport>();
  const occurrences = new Map<string, number>();
  for (const target of targets as unknown[]) {
    if (!isTargetReport(target)) {
      throw new MergeError(`${report.source}: each target needs name, kind, runs, batches, runRanges, timedOut, elapsedMs and findings (a report of an older hazardproof?)`);
    }
    const seen = occurrences.get(target.name) ?? 0;
    occurrences.set(target.name, seen + 1);
    keyed.set(seen === 0 ? target.name : `${target.name} (#${seen + 1})`, target);
  }
  return keyed;
}

function isTargetReport(value: unknown): value is FuzzTargetReport {
  const target = value as Partial<Record<keyof FuzzTargetReport, unknown>> | null;
  return typeof target === 'object' && target !== null && typeof target.name === 'string' && (target.kind === 'program' || target.kind === 'law')
    && typeof target.runs === 'number' && Array.isArray(target.batches) && Array.isArray(target.runRanges) && typeof target.timedOut === 'boolean'
    && typeof target.elapsedMs === 'number' && Array.isArray(target.findings);
}

function lawStatement(law: LawName | undefined): string {
  if (law === undefined || !(law in LAWS)) throw new MergeError(`unknown law '${law}'`);
  return LAWS[law].statement;
}

/** The identity of a hazard finding across shards: the campaign's own (`hazardKey`), read from the finding's hazard fields. */
function hazardIdentity(finding: Readonly<Record<string, unknown>>): string {
  return hazardKey(finding as unknown as Hazard);
}

function numberOf(finding: Readonly<Record<string, unknown>>, field: string): number {
  const value = finding[field];
  if (typeof value !== 'number') throw new MergeError(`a finding without its "${field}" (a report of an older hazardproof?)`);
  return value;
}

function numberField(report: ShardReport, field: string): number {
  const value = report.body[field];
  if (typeof value !== 'number') throw new MergeError(`${report.source}: "${field}" must be a number`);
  return value;
}
