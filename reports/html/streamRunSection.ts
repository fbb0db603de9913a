import type { Layout } from '../../spec/streamout/layout.js';
import type { StreamAction, StreamContext } from '../../spec/streamout/step.js';
import { renderLayout } from '../streamLayout.js';
import { bufferFigures } from './bufferFigures.js';
import { renderBufferRangesSvg, type ExpectedRun } from './bufferRangesSvg.js';
import { expectedRuns } from './expectedRuns.js';
import { chartFigure } from './chartFigure.js';
import { MAX_CHART_SPAN } from './chartWindow.js';
import type { HtmlFigure, HtmlFinding, HtmlSection } from './report.js';
import { streamStepsChart } from './streamChart.js';
import { MAX_CHARTED_RUN_STEPS, streamRunChartSteps } from './streamRunSteps.js';
import { textListing } from './sourceListing.js';

/** Steps whose byte ranges a counterexample's buffer charts draw (the last ones before the violation). */
const RANGE_STEPS = 4000;

/** One scenario run by `streamout run`, as its section needs it. */
export interface StreamRunReport {
  readonly file: string;
  readonly context: StreamContext;
  readonly verdict: string;
  readonly reason: string;
  readonly problems: readonly string[];
  /** The counterexample's steps (empty when there is none, or when it was not replayed). */
  readonly steps: readonly StreamAction[];
  readonly layout: Layout;
  /** The command that replays the counterexample, or null. */
  readonly replayCommand: string | null;
  /** Further lines of the text report (the expectation). */
  readonly lines: readonly string[];
  readonly textReport: string;
  /** The scenario file's text, or null when it cannot be read any more. */
  readonly source: string | null;
}

/**
 * The page section of a `streamout run` scenario: verdict and reason as the text report words
 * them, the buffers in words, and for a violation its problems, the chart of its last steps (a
 * lane for the work distribution unit, SSYNC and each SO unit; the violating step highlighted),
 * the byte ranges granted and written per buffer against the API's layout, and the steps in
 * words with anchors (`${id}-S<step>`); without one, the API's layout per buffer.
 */
export function streamRunSection(run: StreamRunReport, id: string): HtmlSection {
  const { scenario } = run.context;
  const stepPrefix = `${id}-S`;
  const findings: HtmlFinding[] = [];
  const listings = [];
  const bound = scenario.bufferSizes.flatMap((size, buffer) => (size > 0 ? [buffer] : []));
  const expected = (buffer: number) => expectedRuns(run.layout, buffer);
  if (run.verdict === 'violation' || run.problems.length > 0) {
    const figures: HtmlFigure[] = [];
    const details = ['problems:', ...run.problems.map((problem) => `  ${problem}`)];
    if (run.steps.length > MAX_CHARTED_RUN_STEPS) {
      details.push(`(${run.steps.length} steps: too many to chart; the replay command shows them)`);
    } else if (run.steps.length > 0) {
      const steps = streamRunChartSteps(run.context, run.steps, stepPrefix, Math.max(RANGE_STEPS, MAX_CHART_SPAN));
      const violating = run.steps.length;
      figures.push(chartFigure(streamStepsChart(run.file, scenario.soUnits, steps, violating, 'violation')));
      figures.push(...bufferFigures(bound, scenario.bufferSizes, scenario.soUnits, steps, expected, violating, (step) => `#${stepPrefix}${step}`));
      const listed = steps.slice(-MAX_CHART_SPAN);
      listings.push({ caption: `the last ${listed.length} of ${run.steps.length} steps, in words`, anchorPrefix: stepPrefix, lines: listed.map((step) => ({ number: step.number, text: step.text })), highlighted: [violating] });
    }
    findings.push({ id: `${id}-h1`, heading: 'violation', description: run.problems[0] ?? run.reason, figures, details, replayCommand: run.replayCommand });
  }
  const figures = findings.length > 0 ? [] : bound.map((buffer) => layoutFigure(buffer, scenario.bufferSizes[buffer]!, expected(buffer)));
  if (run.source !== null) listings.push(textListing(`scenario: ${run.file}`, run.source, `${id}-L`, [], []));
  return {
    id, title: run.file, verdict: run.verdict, reason: run.reason,
    lines: [...renderLayout(scenario, run.layout), ...run.lines],
    findings, figures, listings, textReport: run.textReport,
  };
}

function layoutFigure(buffer: number, size: number, runs: readonly ExpectedRun[]): HtmlFigure {
  return {
    svg: renderBufferRangesSvg({ buffer, size, units: 0, ranges: [], expected: runs, violating: null, stepHref: () => null }),
    caption: `buffer ${buffer} (${size} bytes): where the API puts each primitive (the layout every timing must produce)`,
  };
}
