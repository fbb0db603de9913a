import { compileProgram } from '../impl/compiled.js';
import { Simulator } from '../impl/simulator.js';
import { traceActions } from '../impl/traceActions.js';
import type { CampaignConfig, CampaignResult, TargetOutcome } from '../properties/fuzz/campaign.js';
import { describeViolation } from '../properties/law.js';
import { LAWS } from '../properties/fuzz/targets.js';
import { formatSchedule } from '../spec/scoreboard/trace.js';
import { hazardKey, type Hazard } from '../spec/oracle/hazard.js';
import { printProgram } from '../format/hp/print.js';
import type { ParsedProgram } from '../format/hp/parse.js';
import { randomSchedule } from '../spec/scoreboard/schedule/latencySchedule.js';
import { explainFound } from './checkReport.js';
import { junitXml, type JunitCase } from './junit.js';
import { renderTimeline } from './timeline.js';
import { fuzzTargetSummary } from './fuzzSummary.js';
import { batchRunRanges } from './runRanges.js';
import type { CampaignOptions } from './merge/shardReport.js';

/** One target's outcome in words and data, shared by the text, JSON and JUnit renderings. */
interface DescribedOutcome {
  readonly name: string;
  readonly kind: 'program' | 'law';
  readonly verdict: 'hazard' | 'no-hazard-found' | 'violated' | 'held';
  readonly summary: string;
  readonly findings: readonly { readonly message: string; readonly details: string; readonly json: Record<string, unknown> }[];
  readonly runs: number;
}

/** The command line that reruns a campaign's settings (without the targets). */
function campaignFlags(config: CampaignConfig): string {
  return `--seed ${config.seed} --max-latency ${config.maxLatency}${config.shard.count > 1 ? ` --shard ${config.shard.index + 1}/${config.shard.count}` : ''}`;
}

function describe(outcome: TargetOutcome, parsed: ParsedProgram | null, config: CampaignConfig): DescribedOutcome {
  const { target, runs } = outcome;
  if (target.type === 'law') {
    const statement = LAWS[target.law].statement;
    if (!outcome.violation) {
      return { name: target.name, kind: 'law', verdict: 'held', runs, findings: [], summary: fuzzTargetSummary({ kind: 'law', runs, violated: false, statement }) };
    }
    const { violation, batchSeed, runs: batchRuns } = outcome.violation;
    const replay = `hazardproof fuzz --generate ${target.generator} --law ${target.law} --seed ${batchSeed} --runs ${batchRuns}`;
    const lines = describeViolation(target.name, violation);
    return {
      name: target.name, kind: 'law', verdict: 'violated', runs, summary: fuzzTargetSummary({ kind: 'law', runs, violated: true, statement }),
      findings: [{
        message: lines[0]!, details: [...lines, `replay: ${replay}`].join('\n'),
        json: { law: target.law, generator: target.generator, batch: (batchSeed - config.seed) >>> 0, fastCheckSeed: violation.seed, path: violation.path, message: violation.message,
          counterexample: printProgram(violation.input.program), scheduleSeed: violation.input.seed, maxLatency: violation.input.maxLatency,
          scoreboardMax: violation.input.scoreboardMax, replay },
      }],
    };
  }
  const program = parsed!;
  if (outcome.hazards.length === 0) {
    return { name: target.name, kind: 'program', verdict: 'no-hazard-found', runs, findings: [],
      summary: fuzzTargetSummary({ kind: 'program', runs, hazards: 0, maxLatency: config.maxLatency }) };
  }
  const simulator = new Simulator(compileProgram(program.program), config.scoreboardMax);
  // Hazards of one schedule seed come together and share one traced run (a long program has hundreds per run).
  let last: { seed: number; byKey: Map<string, Hazard>; schedule: ReturnType<typeof traceActions>; text: string } | null = null;
  const findings = outcome.hazards.map(({ hazard, seed }, index) => {
    if (last?.seed !== seed) {
      const traced = simulator.run(randomSchedule(program.program, seed, config.maxLatency), true);
      const actions = traceActions(program.program, traced.events!);
      const byKey = new Map<string, Hazard>();
      for (const shown of traced.hazards) if (!byKey.has(hazardKey(shown))) byKey.set(hazardKey(shown), shown);
      last = { seed, byKey, schedule: actions, text: formatSchedule(actions) };
    }
    const { byKey, schedule, text } = last;
    const explained = explainFound(program, { hazard: byKey.get(hazardKey(hazard)) ?? hazard, schedule, seed }, config.maxLatency, config.scoreboardMax);
    const timeline = index === 0 ? `\n\n${renderTimeline(program, explained.trace, explained.hazard)}\n` : '';
    return {
      message: explained.description,
      details: `${explained.description}${timeline}\nreplay: ${explained.replayCommand}`,
      json: { ...explained.hazard, ...hazardLines(program, explained.hazard), description: explained.description, run: (seed - config.seed) >>> 0, scheduleSeed: seed, schedule: text, replay: explained.replayCommand },
    };
  });
  return { name: target.name, kind: 'program', verdict: 'hazard', runs, findings,
    summary: fuzzTargetSummary({ kind: 'program', runs, hazards: findings.length, maxLatency: config.maxLatency }) };
}

/** Everything a fuzz run reports, computed once. */
export interface FuzzReport {
  readonly text: string;
  readonly json: Record<string, unknown>;
  readonly junit: string;
  readonly failed: boolean;
}

/**
 * Builds the text, JSON and JUnit reports of a campaign. `parsed[i]` is the program of target i
 * (null for laws). `options` are the command-line options that decide the results: the JSON
 * report records them, with the shard and the exact runs of each target, so that `hazardproof
 * merge` can check that shards' reports belong to one campaign.
 */
export function fuzzReport(result: CampaignResult, parsed: readonly (ParsedProgram | null)[], config: CampaignConfig, command: string, options: CampaignOptions = {}): FuzzReport {
  const described = result.outcomes.map((outcome, index) => describe(outcome, parsed[index] ?? null, config));
  const failed = described.some((d) => d.verdict === 'hazard' || d.verdict === 'violated');
  const totalRuns = described.reduce((sum, d) => sum + d.runs, 0);
  const seconds = result.elapsedMs / 1000;
  const why = result.timedOut ? ` (stopped by the ${(config.timeMs! / 1000).toFixed(0)} s budget)` : '';
  const text = [
    ...described.flatMap((d) => [`${d.name}: ${d.verdict}: ${d.summary}`, ...d.findings.map((f) => indent(f.details, 2)), '']),
    `${totalRuns} runs over ${described.length} target(s) in ${seconds.toFixed(2)} s${why}, seed ${config.seed}, shard ${config.shard.index + 1}/${config.shard.count}, ${config.jobs} job(s)`,
    `same campaign: ${command} ${campaignFlags(config)}${config.runs === null ? '' : ` --runs ${config.runs}`}`,
  ].join('\n');
  const json = {
    tool: 'hazardproof fuzz',
    command: 'fuzz',
    options,
    inputs: described.map((d) => d.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    seed: config.seed, maxLatency: config.maxLatency, scoreboardMax: config.scoreboardMax, batchSize: config.batchSize,
    runsPerTarget: config.runs, timeBudgetSeconds: config.timeMs === null ? null : config.timeMs / 1000, timedOut: result.timedOut,
    shard: { index: config.shard.index + 1, count: config.shard.count }, jobs: config.jobs, elapsedMs: Math.round(result.elapsedMs),
    verdict: failed ? 'failed' : 'passed',
    coverage: { targets: described.length, runs: totalRuns },
    targets: described.map((d, index) => ({
      name: d.name, kind: d.kind, ...lawOf(result.outcomes[index]!), verdict: d.verdict, summary: d.summary, runs: d.runs, batches: result.outcomes[index]!.batches,
      runRanges: batchRunRanges(result.outcomes[index]!.batches, result.outcomes[index]!.batchRuns, config.batchSize),
      timedOut: result.outcomes[index]!.timedOut,
      elapsedMs: Math.round(result.outcomes[index]!.elapsedMs),
      findings: d.findings.map((f) => f.json),
    })),
  };
  const cases: JunitCase[] = described.map((d, index) => ({
    classname: d.kind === 'program' ? 'hazardproof.fuzz.program' : 'hazardproof.fuzz.law',
    name: d.name,
    seconds: result.outcomes[index]!.elapsedMs / 1000,
    output: `${d.verdict}: ${d.summary} (seed ${config.seed})`,
    ...(d.findings.length > 0 ? { failure: { type: d.verdict, message: d.findings.map((f) => f.message).join('; '), details: d.findings.map((f) => f.details).join('\n\n') } } : {}),
  }));
  return { text, json, junit: junitXml(`hazardproof fuzz (seed ${config.seed}, shard ${config.shard.index + 1}/${config.shard.count})`, cases, seconds), failed };
}

/** The 1-based source lines of a hazard's instructions, named as in `check --json`. */
function hazardLines(program: ParsedProgram, hazard: Hazard): { instructionLine?: number | null; producerLine?: number | null; consumerLine?: number | null } {
  return hazard.kind === 'overflow'
    ? { instructionLine: program.lines[hazard.instruction] ?? null }
    : { producerLine: program.lines[hazard.producer] ?? null, consumerLine: program.lines[hazard.consumer] ?? null };
}

/** The law and generator of a law target, for its JSON (empty for a program). */
function lawOf(outcome: TargetOutcome): { law?: string; generator?: string } {
  return outcome.target.type === 'law' ? { law: outcome.target.law, generator: outcome.target.generator } : {};
}

function indent(text: string, spaces: number): string {
  return text.split('\n').map((line) => (line ? ' '.repeat(spaces) + line : line)).join('\n');
}
