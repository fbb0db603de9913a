import { componentUnitTitle, explainComponentHazard, meetsComponentExpectation, type ComponentUnitCheck } from '../components/checkReport.js';
import { chartFigure } from './chartFigure.js';
import { componentFindingChart } from './componentChart.js';
import type { HtmlFinding, HtmlSection } from './report.js';
import { textListing } from './sourceListing.js';

/** Most hazards of one unit the page charts (the reason counts them all). */
const MAX_CHARTED_HAZARDS = 100;

/**
 * The page section of one unit of the component machine (a `.comp` program or an ir3 shader):
 * verdict and reason as the text report words them, each hazard with its description, its chart
 * (a lane for the thread and per register component) and its replay command, the source with
 * line anchors (left out for a shader without hazards), and the text report.
 */
export function componentCheckSection(check: ComponentUnitCheck, id: string, source: string | null, textReport: string): HtmlSection {
  const { unit, result, expectation } = check;
  const title = componentUnitTitle(unit);
  const anchorPrefix = `${id}-L`;
  const link = (line: number) => (source === null ? null : `#${anchorPrefix}${line}`);
  const lineOf = (instruction: number) => unit.program.instructions[instruction]?.line ?? null;
  const highlighted: number[] = [];
  const findings = result.hazards.slice(0, MAX_CHARTED_HAZARDS).map((found, index): HtmlFinding => {
    const explained = explainComponentHazard(unit, found);
    const { finding } = explained;
    for (const side of [finding.producer, finding.consumer]) {
      const line = lineOf(side.instruction);
      if (line !== null) highlighted.push(line);
    }
    return {
      id: `${id}-h${index + 1}`, heading: `${finding.kind} on ${finding.component}`, description: explained.description,
      figures: [chartFigure(componentFindingChart(unit.program, explained.trace, finding, title, link))],
      details: [], replayCommand: explained.replayCommand,
    };
  });
  const met = meetsComponentExpectation(check);
  const lines = expectation && met !== null
    ? [`expected (line ${expectation.line}): ${[expectation.verdict, expectation.kind, expectation.register].filter(Boolean).join(' ')}: ${met ? 'as expected' : 'MISMATCH'}`]
    : [];
  if (result.hazards.length > findings.length) lines.push(`${result.hazards.length - findings.length} more hazard(s) not charted (--json lists them all)`);
  const listed = source !== null && (findings.length > 0 || unit.shader === null);
  const referenced = unit.program.instructions.map((instruction) => instruction.line);
  return {
    id, title, verdict: result.verdict, reason: result.reason, lines, findings, figures: [],
    listings: listed ? [textListing(`source: ${unit.file}`, source, anchorPrefix, [...new Set(highlighted)], referenced)] : [],
    textReport,
  };
}
