import { explainHazard, meetsExpectation, type FileCheck } from '../checkReport.js';
import { renderCheckFooter } from '../checkText.js';
import { chartFigure } from './chartFigure.js';
import { scoreboardHazardChart } from './scoreboardChart.js';
import type { HtmlFinding, HtmlSection } from './report.js';
import { textListing } from './sourceListing.js';

/**
 * The page section of one checked scoreboard program: verdict and reason as the text report
 * words them, each hazard (as `check.result` lists them) with its description, its chart and its
 * replay command, the program's source with line anchors (`${id}-L<line>`), and the text report.
 * `source` is the file's text, or null when it cannot be read any more.
 */
export function scoreboardCheckSection(check: FileCheck, id: string, source: string | null, textReport: string): HtmlSection {
  const { parsed, result, expectation } = check;
  const anchorPrefix = `${id}-L`;
  const link = (line: number) => (source === null ? null : `#${anchorPrefix}${line}`);
  const highlighted: number[] = [];
  const findings = result.hazards.map((found, index): HtmlFinding => {
    const explained = explainHazard(check, found);
    const { hazard } = explained;
    const involved = hazard.kind === 'overflow' ? [hazard.instruction] : [hazard.producer, hazard.consumer];
    highlighted.push(...involved.map((instruction) => parsed.lines[instruction]!));
    const warp = parsed.program.warps > 1 ? ` in warp ${hazard.warp}` : '';
    return {
      id: `${id}-h${index + 1}`,
      heading: `${hazard.kind === 'overflow' ? `overflow of SB${hazard.scoreboard}` : `${hazard.kind} on ${hazard.register}`}${warp}`,
      description: explained.description,
      figures: [chartFigure(scoreboardHazardChart(parsed, explained.trace, hazard, link))],
      details: [],
      replayCommand: explained.replayCommand,
    };
  });
  return {
    id, title: parsed.file, verdict: result.verdict, reason: result.reason,
    lines: renderCheckFooter(parsed.file, result, expectation, meetsExpectation(result, expectation)),
    findings, figures: [],
    listings: source === null ? [] : [textListing(`source: ${parsed.file}`, source, anchorPrefix, [...new Set(highlighted)], parsed.lines)],
    textReport,
  };
}
