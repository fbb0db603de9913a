import type { ParsedProgram } from '../../format/hp/parse.js';
import { compileProgram } from '../../impl/compiled.js';
import { Simulator } from '../../impl/simulator.js';
import { traceActions } from '../../impl/traceActions.js';
import type { CampaignConfig, CampaignResult, TargetOutcome } from '../../properties/fuzz/campaign.js';
import { randomSchedule } from '../../spec/scoreboard/schedule/latencySchedule.js';
import { explainFound } from '../checkReport.js';
import { chartFigure } from './chartFigure.js';
import type { HtmlFinding, HtmlReport, HtmlSection } from './report.js';
import { scoreboardHazardChart } from './scoreboardChart.js';
import { textListing } from './sourceListing.js';

/** Most hazards of one program the page charts (the summary counts them all). */
const MAX_CHARTED_HAZARDS = 100;

/** What a fuzz campaign's page is built from, beside the campaign itself. */
export interface FuzzHtmlInput {
  readonly result: CampaignResult;
  /** The program of each target (null for a law). */
  readonly parsed: readonly (ParsedProgram | null)[];
  readonly config: CampaignConfig;
  /** The command line as run. */
  readonly command: string;
  /** The campaign's text report (its last lines say how to run the same campaign). */
  readonly text: string;
  /** The campaign's JSON report (`--report-json`): each target's verdict and summary are worded there as in the text. */
  readonly reportJson: Readonly<Record<string, unknown>>;
  /** Lines `NAME: unknown: WHY` for programs whose time budget ran out with nothing found. */
  readonly unknown: readonly string[];
  /** Each program's text, or null when it cannot be read any more. */
  readonly sources: readonly (string | null)[];
}

/**
 * The page of a `hazardproof fuzz` campaign: the command line and seed, a section per target with
 * its verdict and summary as the text report words them, each hazard's schedule (the random
 * schedule seed that found it, replayed through the spec) as a chart with its replay command, a
 * law violation's counterexample in words, each program's source with line anchors, and the
 * lines that say how to run the same campaign again.
 */
export function fuzzHtmlReport(input: FuzzHtmlInput): HtmlReport {
  const { result, config } = input;
  const summaries = targetSummaries(input.reportJson);
  const sections = result.outcomes.map((outcome, index) => targetSection(input, summaries, outcome, index));
  const closing = input.text.split('\n').slice(-2);
  return {
    title: 'hazardproof fuzz', command: input.command, sections, summary: closing,
    facts: [
      { label: 'seed', value: `${config.seed} (run k of a program uses schedule seed ${config.seed} + k)`, code: false },
      { label: 'shard', value: `${config.shard.index + 1}/${config.shard.count}`, code: false },
      { label: 'one hazard again', value: 'each hazard below has its own replay command (check --mode random --seed ... --runs 1)', code: false },
    ],
  };
}

/** A target's verdict, summary and findings as the JSON report gives them. */
type TargetSummary = { readonly verdict: string; readonly summary: string; readonly findings: readonly Readonly<Record<string, unknown>>[] };

function targetSection(input: FuzzHtmlInput, summaries: ReadonlyMap<string, TargetSummary>, outcome: TargetOutcome, index: number): HtmlSection {
  const id = `f${index + 1}`;
  const name = outcome.target.name;
  const summary = summaries.get(name);
  const unknown = input.unknown.find((line) => line.startsWith(`${name}: unknown: `));
  const verdict = unknown !== undefined ? 'unknown' : summary?.verdict ?? (outcome.hazards.length > 0 || outcome.violation ? 'failed' : 'passed');
  const reason = unknown !== undefined ? unknown.slice(`${name}: unknown: `.length) : summary?.summary ?? '';
  const parsed = input.parsed[index] ?? null;
  const source = input.sources[index] ?? null;
  if (parsed === null) {
    const reported = summary?.findings[0] ?? {};
    const counterexample = typeof reported.counterexample === 'string' ? ['counterexample (shrunk):', reported.counterexample] : [];
    const findings: HtmlFinding[] = outcome.violation === null ? [] : [{
      id: `${id}-h1`, heading: 'law violated', description: outcome.violation.violation.message,
      figures: [], details: counterexample, replayCommand: typeof reported.replay === 'string' ? reported.replay : null,
    }];
    return { id, title: name, verdict, reason, lines: [], findings, figures: [], listings: [], textReport: null };
  }
  const anchorPrefix = `${id}-L`;
  const link = (line: number) => (source === null ? null : `#${anchorPrefix}${line}`);
  const simulator = new Simulator(compileProgram(parsed.program), input.config.scoreboardMax);
  // Hazards of one schedule seed share one traced run, as in the text report.
  let last: { seed: number; schedule: ReturnType<typeof traceActions> } | null = null;
  const highlighted: number[] = [];
  const findings = outcome.hazards.slice(0, MAX_CHARTED_HAZARDS).map(({ hazard, seed }, hazardIndex): HtmlFinding => {
    if (last?.seed !== seed) {
      const traced = simulator.run(randomSchedule(parsed.program, seed, input.config.maxLatency), true);
      last = { seed, schedule: traceActions(parsed.program, traced.events!) };
    }
    const explained = explainFound(parsed, { hazard, schedule: last.schedule, seed }, input.config.maxLatency, input.config.scoreboardMax);
    const shown = explained.hazard;
    highlighted.push(...(shown.kind === 'overflow' ? [shown.instruction] : [shown.producer, shown.consumer]).map((instruction) => parsed.lines[instruction]!));
    return {
      id: `${id}-h${hazardIndex + 1}`,
      heading: shown.kind === 'overflow' ? `overflow of SB${shown.scoreboard}` : `${shown.kind} on ${shown.register}`,
      description: explained.description,
      figures: [chartFigure(scoreboardHazardChart(parsed, explained.trace, shown, link))],
      details: [`found by schedule seed ${seed}`], replayCommand: explained.replayCommand,
    };
  });
  const lines = outcome.hazards.length > findings.length ? [`${outcome.hazards.length - findings.length} more hazard(s) not charted (--report-json lists them all)`] : [];
  return {
    id, title: name, verdict, reason, lines, findings, figures: [],
    listings: source === null ? [] : [textListing(`source: ${parsed.file}`, source, anchorPrefix, [...new Set(highlighted)], parsed.lines)],
    textReport: null,
  };
}

/** Each target's verdict, summary and findings from the campaign's JSON report, by target name. */
function targetSummaries(json: Readonly<Record<string, unknown>>): Map<string, TargetSummary> {
  const summaries = new Map<string, TargetSummary>();
  const targets = Array.isArray(json.targets) ? (json.targets as unknown[]) : [];
  for (const target of targets) {
    if (typeof target !== 'object' || target === null) continue;
    const { name, verdict, summary, findings } = target as Record<string, unknown>;
    if (typeof name !== 'string' || typeof verdict !== 'string' || typeof summary !== 'string') continue;
    summaries.set(name, { verdict, summary, findings: Array.isArray(findings) ? findings.filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null) : [] });
  }
  return summaries;
}
