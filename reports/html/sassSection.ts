import { replayPath } from '../../explore/run.js';
import { sassSystem } from '../../spec/sass/system.js';
import { renderKernelCheck, sassReplayCommand, type KernelCheck } from '../sass/checkText.js';
import { describeSassHazard } from '../sass/describe.js';
import { chartFigure } from './chartFigure.js';
import type { HtmlFinding, HtmlSection } from './report.js';
import { sassHazardChart } from './sassChart.js';
import { textListing } from './sourceListing.js';

/**
 * The page section of one kernel of an NVIDIA listing: verdict and reason as the text report
 * words them, each hazard shown on the reference machine with its description, the chart of its
 * schedule (replayed on `spec/sass/`) and its replay command, the listing with line anchors
 * (around the kernel's lines when the file is long), and the text report.
 */
export function sassKernelSection(check: KernelCheck, id: string, source: string | null): HtmlSection {
  const { file, program, result } = check;
  const title = `${file}: kernel ${program.name}`;
  const anchorPrefix = `${id}-L`;
  const link = (line: number) => (source === null ? null : `#${anchorPrefix}${line}`);
  const highlighted: number[] = [];
  const findings = result.hazards.map((shown, index): HtmlFinding => {
    const { hazard } = shown;
    const involved = hazard.kind === 'overflow' ? [hazard.instruction] : [hazard.producer, hazard.consumer];
    highlighted.push(...involved.map((instruction) => program.instructions[instruction]!.line));
    const trace = replayPath(sassSystem(program), shown.schedule);
    return {
      id: `${id}-h${index + 1}`,
      heading: hazard.kind === 'overflow' ? `overflow of SB${hazard.scoreboard}` : `${hazard.kind} on ${hazard.register}`,
      description: describeSassHazard(program, hazard),
      figures: [chartFigure(sassHazardChart(program, trace, hazard, title, link))],
      details: [], replayCommand: sassReplayCommand(file, program, shown.schedule),
    };
  });
  const notes = result.notes.map((note) => `${note.kind} at line ${note.line}:${note.column}: ${note.message}`);
  return {
    id, title, verdict: result.verdict, reason: result.reason, lines: notes, findings, figures: [],
    listings: source === null ? [] : [textListing(`listing: ${file}`, source, anchorPrefix, [...new Set(highlighted)], program.instructions.map((instruction) => instruction.line))],
    textReport: renderKernelCheck(check),
  };
}
