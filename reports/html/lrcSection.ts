import { renderCheckFooter } from '../checkText.js';
import { explainLrcFinding, meetsLrcExpectation, type LrcFileCheck } from '../lrc/checkReport.js';
import { PRELOAD_WRITER } from '../../spec/lrc/state.js';
import { chartFigure } from './chartFigure.js';
import { lrcFindingChart } from './lrcChart.js';
import type { HtmlFinding, HtmlSection } from './report.js';
import { textListing } from './sourceListing.js';

/**
 * The page section of one checked LRC program (`.machine lrc`): verdict and reason as the text
 * report words them, each finding with its description, its chart (a lane per thread, per unit
 * and per counter) and its replay command, the source with line anchors, and the text report.
 */
export function lrcCheckSection(check: LrcFileCheck, id: string, source: string | null, textReport: string): HtmlSection {
  const { parsed, result } = check;
  const anchorPrefix = `${id}-L`;
  const link = (line: number) => (source === null ? null : `#${anchorPrefix}${line}`);
  const highlighted: number[] = [];
  const findings = result.findings.map((found, index): HtmlFinding => {
    const explained = explainLrcFinding(check, found);
    const { finding } = explained;
    const involved = finding.kind === 'deadlock' ? finding.blocked.map((blocked) => blocked.instruction)
      : finding.kind === 'overflow' ? [finding.instruction] : [finding.producer, finding.consumer];
    highlighted.push(...involved.filter((instruction) => instruction !== PRELOAD_WRITER && instruction < parsed.lines.length).map((instruction) => parsed.lines[instruction]!));
    const heading = finding.kind === 'deadlock' ? 'deadlock'
      : finding.kind === 'overflow' ? `${parsed.program.counters[finding.counter]!.name} ${finding.value < 0 ? 'below zero' : 'overflow'}`
        : `${finding.kind} on ${finding.register}`;
    return {
      id: `${id}-h${index + 1}`, heading, description: explained.description,
      figures: [chartFigure(lrcFindingChart(parsed, explained.trace, finding, link))],
      details: [], replayCommand: explained.replayCommand,
    };
  });
  return {
    id, title: parsed.file, verdict: result.verdict, reason: result.reason,
    lines: renderCheckFooter(parsed.file, result, check.expectation, meetsLrcExpectation(check)),
    findings, figures: [],
    listings: source === null ? [] : [textListing(`source: ${parsed.file}`, source, anchorPrefix, [...new Set(highlighted)], parsed.lines)],
    textReport,
  };
}
