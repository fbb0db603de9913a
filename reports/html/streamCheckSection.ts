import { expectedLayout } from '../../spec/streamout/layout.js';
import type { StreamScenario } from '../../spec/streamout/scenario.js';
import { bufferFigures } from './bufferFigures.js';
import { chartFigure } from './chartFigure.js';
import { expectedRuns } from './expectedRuns.js';
import type { HtmlFigure, HtmlFinding, HtmlListing, HtmlSection } from './report.js';
import { streamStepsChart } from './streamChart.js';
import { traceChartSteps, type RecordedTraceLine } from './streamTraceSteps.js';

/** Scenarios up to this many primitives get the API's layout drawn beside the trace's ranges (it is computed whole). */
const MAX_LAYOUT_PRIMITIVES = 200_000;

/** A trace checked by `streamout check`, as its section needs it. */
export interface StreamTraceReport {
  readonly file: string;
  readonly scenario: StreamScenario;
  /** `passes`, `fails` or `unknown`, as `--json` says it. */
  readonly verdict: string;
  /** What the text report prints (the verdict's reason; for a failure, the line and what is wrong). */
  readonly reason: string;
  /** The file line of the first line the protocol does not allow; null when it fails at the end, or passes. */
  readonly failureLine: number | null;
  /** What is wrong, and the protocol's state there, for a failure; null otherwise. */
  readonly failure: { readonly message: string; readonly state: string } | null;
  /** Problems of the final state (wrong buffers, a trace that ends early). */
  readonly problems: readonly string[];
  /** The last lines read (the trace may be far longer than a page should hold), and the number of the last line read. */
  readonly lines: readonly RecordedTraceLine[];
  readonly linesRead: number;
  /** The command that checks the trace again. */
  readonly command: string;
}

/**
 * The page section of a trace checked by `streamout check`: the verdict and its reason as the
 * text report words them, and when the trace fails, the chart of its last lines (a lane for the
 * work distribution unit, SSYNC and each SO unit; the failing line highlighted), the byte ranges
 * granted and written per buffer (against the API's layout for scenarios of moderate size), and
 * the trace lines with anchors (`${id}-L<line>`).
 */
export function streamCheckSection(report: StreamTraceReport, id: string): HtmlSection {
  const { scenario } = report;
  const anchorPrefix = `${id}-L`;
  const steps = traceChartSteps(scenario, report.lines, anchorPrefix);
  const findings: HtmlFinding[] = [];
  if (report.verdict === 'fails') {
    const bound = scenario.bufferSizes.flatMap((size, buffer) => (size > 0 ? [buffer] : []));
    const layout = countPrimitives(scenario) <= MAX_LAYOUT_PRIMITIVES ? expectedLayout(scenario) : null;
    const figures: HtmlFigure[] = steps.length === 0 ? [] : [
      chartFigure(streamStepsChart(report.file, scenario.soUnits, steps, report.failureLine, report.failureLine === null ? 'end of trace' : 'not allowed')),
      ...bufferFigures(bound, scenario.bufferSizes, scenario.soUnits, steps, (buffer) => (layout === null ? [] : expectedRuns(layout, buffer)), report.failureLine, (line) => `#${anchorPrefix}${line}`),
    ];
    findings.push({
      id: `${id}-h1`,
      heading: report.failureLine === null ? 'the trace fails at its end' : `line ${report.failureLine} is not allowed`,
      description: report.failure?.message ?? report.problems[0] ?? report.reason,
      figures,
      details: [...(report.failure === null ? [] : [`state there: ${report.failure.state}`]), ...report.problems],
      replayCommand: report.command,
    });
  }
  const listing: HtmlListing = {
    caption: `trace: ${report.file}${(report.lines[0]?.line ?? 1) > 1 ? ` (lines ${report.lines[0]!.line} to ${report.linesRead}, the last read)` : ''}`,
    anchorPrefix, lines: report.lines.map(({ line, text }) => ({ number: line, text })), highlighted: report.failureLine === null ? [] : [report.failureLine],
  };
  return {
    id, title: report.file, verdict: report.verdict, reason: report.reason, lines: [], findings, figures: [],
    listings: report.lines.length > 0 ? [listing] : [], textReport: null,
  };
}

/** Primitives a scenario streams or not, counted from its packets. */
function countPrimitives(scenario: StreamScenario): number {
  return scenario.packets.reduce((sum, packet) => sum + (packet.type === 'work' ? packet.primitives : 0), 0);
}
