import type { GanttChart } from './gantt.js';
import { renderGanttSvg } from './ganttSvg.js';
import type { HtmlFigure } from './report.js';

/** A chart drawn for the page, captioned with what it shows and what it leaves out. */
export function chartFigure(chart: GanttChart): HtmlFigure {
  return { svg: renderGanttSvg(chart), caption: chart.note === null ? chart.caption : `${chart.caption}; ${chart.note}` };
}
