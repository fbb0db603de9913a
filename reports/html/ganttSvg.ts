import { escapeHtml } from './escape.js';
import type { GanttBar, GanttChart, GanttLane, GanttMark } from './gantt.js';

/** Width of the lane labels on the left, in pixels. */
const LABEL_WIDTH = 170;
/** Width of one cycle (or step): as wide as fits a chart of `FIT_WIDTH` pixels, between these bounds. */
const WIDEST_CELL = 44;
const NARROWEST_CELL = 20;
const FIT_WIDTH = 1150;
/** Height of the axis above the lanes, and of the finding's label below them. */
const AXIS_HEIGHT = 30;
const FOOT_HEIGHT = 22;
/** Height of one row of a lane (a bar with its label, or a stacked mark). */
const ROW = 26;
const LANE_PADDING = 3;
const RIGHT_PADDING = 24;
/** Lane labels longer than this are cut (the full text is the label's tooltip). */
const LABEL_CHARACTERS = 24;

/** Where a lane's rows are, and which row each of its bars and marks takes. */
interface LaneLayout {
  readonly lane: GanttLane;
  readonly top: number;
  readonly height: number;
  readonly barRows: ReadonlyMap<string, number>;
  readonly markRows: ReadonlyMap<GanttMark, number>;
}

/**
 * Draws a chart as a standalone `<svg>` element (no external references, no ids, so several can
 * share a page): an axis of cycles or steps with tick labels, a lane per pipe, warp, thread,
 * unit or counter with stable `data-lane` names, bars for spans in flight, marks with
 * `data-mark`, `data-cycle` (or `data-step`) and tooltips, counter values as text, and the
 * finding's events highlighted (class `conflict`, `data-role`, `data-kind`) and joined by a line.
 * Pure: the same chart gives the same text.
 */
export function renderGanttSvg(chart: GanttChart): string {
  const cells = Math.max(1, chart.last - chart.first + 1);
  const cell = Math.max(NARROWEST_CELL, Math.min(WIDEST_CELL, Math.floor(FIT_WIDTH / cells)));
  const width = LABEL_WIDTH + cells * cell + RIGHT_PADDING;
  const x = (at: number) => LABEL_WIDTH + (at - chart.first) * cell + cell / 2;
  const visible = (at: number) => at >= chart.first && at <= chart.last;

  const layouts: LaneLayout[] = [];
  let top = AXIS_HEIGHT;
  for (const lane of chart.lanes) {
    const layout = layoutLane(lane, chart, top);
    layouts.push(layout);
    top += layout.height;
  }
  const lanesBottom = top;
  const height = lanesBottom + FOOT_HEIGHT;

  const markCenters = new Map<GanttMark, { x: number; y: number }>();
  const laneGroups = layouts.map((layout) => {
    const { lane } = layout;
    const parts: string[] = [
      `<rect class="lane-bg" x="0" y="${layout.top}" width="${width}" height="${layout.height}"/>`,
      `<text class="lane-label" x="8" y="${layout.top + layout.height / 2 + 4}"><title>${escapeHtml(lane.title)}</title>${escapeHtml(shorten(lane.label))}</text>`,
    ];
    const rowTop = (row: number) => layout.top + LANE_PADDING + row * ROW;
    if (lane.kind === 'levels') parts.push(...levelsOf(chart, lane, layout, cell, x, visible));
    for (const bar of chart.bars) {
      if (bar.lane !== lane.id || !layout.barRows.has(bar.key) || !overlaps(bar, chart)) continue;
      parts.push(barSvg(bar, chart, rowTop(layout.barRows.get(bar.key)!), cell, x));
    }
    for (const mark of chart.marks) {
      if (mark.lane !== lane.id || !visible(mark.at)) continue;
      const center = { x: x(mark.at), y: rowTop(layout.markRows.get(mark) ?? 0) + 17 };
      markCenters.set(mark, center);
      parts.push(markSvg(mark, chart.axis, center));
    }
    return `<g class="lane lane-${lane.kind}" data-lane="${escapeHtml(lane.id)}">${parts.join('')}</g>`;
  });

  const grid: string[] = [];
  const labelEvery = chart.last >= 1000 ? 2 : 1;
  for (let at = chart.first; at <= chart.last; at++) {
    const left = x(at) - cell / 2;
    grid.push(`<line class="grid" x1="${left}" y1="${AXIS_HEIGHT - 6}" x2="${left}" y2="${lanesBottom}"/>`);
    if ((at - chart.first) % labelEvery === 0) grid.push(`<text class="tick" x="${x(at)}" y="${AXIS_HEIGHT - 10}">${at}</text>`);
  }
  const axis = `<g class="axis" data-axis="${chart.axis}"><text class="axis-title" x="8" y="${AXIS_HEIGHT - 10}">${chart.axis}</text>${grid.join('')}</g>`;

  const finding = chart.finding !== null && visible(chart.finding.at)
    ? `<g class="finding-line" data-${chart.axis}="${chart.finding.at}"><line x1="${x(chart.finding.at)}" y1="${AXIS_HEIGHT - 6}" x2="${x(chart.finding.at)}" y2="${lanesBottom + 4}"/>` +
      `<text x="${x(chart.finding.at)}" y="${lanesBottom + 16}">${escapeHtml(chart.finding.label)}</text></g>`
    : '';

  return [
    `<svg class="gantt" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(chart.caption)}">`,
    `<title>${escapeHtml(chart.caption)}</title>`,
    axis,
    ...laneGroups,
    conflictLinks(chart, markCenters),
    finding,
    '</svg>',
  ].join('');
}

/** Rows of a lane: bars packed so that none overlaps another in its row, then free marks stacked in the first row free at their x. */
function layoutLane(lane: GanttLane, chart: GanttChart, top: number): LaneLayout {
  const spans = new Map<string, { from: number; to: number }>();
  for (const bar of chart.bars) {
    if (bar.lane !== lane.id || !overlaps(bar, chart)) continue;
    const to = bar.to ?? chart.last;
    const span = spans.get(bar.key);
    spans.set(bar.key, span ? { from: Math.min(span.from, bar.from), to: Math.max(span.to, to) } : { from: bar.from, to });
  }
  const barRows = new Map<string, number>();
  const rowEnds: number[] = [];
  for (const [key, span] of [...spans].sort((a, b) => a[1].from - b[1].from)) {
    let row = rowEnds.findIndex((end) => end < span.from);
    if (row < 0) row = rowEnds.length;
    rowEnds[row] = span.to;
    barRows.set(key, row);
  }
  const taken = new Set<string>();
  for (const [key, row] of barRows) {
    const span = spans.get(key)!;
    for (let at = span.from; at <= span.to; at++) taken.add(`${row}:${at}`);
  }
  const markRows = new Map<GanttMark, number>();
  let rows = Math.max(1, rowEnds.length);
  for (const mark of chart.marks) {
    if (mark.lane !== lane.id) continue;
    if (mark.bar !== null && barRows.has(mark.bar)) {
      markRows.set(mark, barRows.get(mark.bar)!);
      continue;
    }
    let row = 0;
    while (taken.has(`${row}:${mark.at}`)) row++;
    taken.add(`${row}:${mark.at}`);
    markRows.set(mark, row);
    rows = Math.max(rows, row + 1);
  }
  if (lane.kind === 'levels') rows = 1;
  return { lane, top, height: rows * ROW + 2 * LANE_PADDING, barRows, markRows };
}

function overlaps(bar: GanttBar, chart: GanttChart): boolean {
  return bar.from <= chart.last && (bar.to ?? chart.last) >= chart.first;
}

function barSvg(bar: GanttBar, chart: GanttChart, rowTop: number, cell: number, x: (at: number) => number): string {
  const from = Math.max(bar.from, chart.first);
  const to = Math.min(bar.to ?? chart.last, chart.last);
  const left = x(from) - cell / 2 + 2;
  const right = x(to) + cell / 2 - 2;
  const classes = ['bar', `bar-${bar.stage}`, ...(bar.to === null ? ['open'] : []), ...(bar.conflict ? ['conflict'] : [])].join(' ');
  const toAttribute = bar.to === null ? '' : ` data-to="${bar.to}"`;
  return `<g class="${classes}" data-bar="${escapeHtml(bar.key)}" data-stage="${escapeHtml(bar.stage)}" data-from="${bar.from}"${toAttribute}>` +
    `<title>${escapeHtml(bar.title)}</title>` +
    `<rect x="${left}" y="${rowTop + 12}" width="${Math.max(4, right - left)}" height="9" rx="2"/>` +
    (bar.label === '' ? '' : `<text class="bar-label" x="${left + 1}" y="${rowTop + 9}">${escapeHtml(bar.label)}</text>`) +
    '</g>';
}

function markSvg(mark: GanttMark, axis: GanttChart['axis'], center: { x: number; y: number }): string {
  const data = Object.entries(mark.data).map(([key, value]) => ` data-${attributeName(key)}="${escapeHtml(String(value))}"`).join('');
  const conflict = mark.conflict === null ? '' : ` data-role="${mark.conflict.role}" data-kind="${escapeHtml(mark.conflict.kind)}"`;
  const classes = ['mark', `mark-${attributeName(mark.type)}`, ...(mark.conflict === null ? [] : [mark.conflict.role === 'observer' ? 'observer' : 'conflict'])].join(' ');
  const halo = mark.conflict === null ? '' : `<circle class="halo" cx="${center.x}" cy="${center.y}" r="11"/>`;
  const label = mark.label === '' ? '' : `<text class="mark-label" x="${center.x}" y="${center.y - 8}">${escapeHtml(mark.label)}</text>`;
  const body = `<title>${escapeHtml(mark.title)}</title>${halo}${shape(mark.type, center)}${label}`;
  return `<g class="${classes}" data-mark="${escapeHtml(mark.type)}" data-${axis}="${mark.at}"${data}${conflict}>` +
    (mark.href === null ? body : `<a href="${escapeHtml(mark.href)}">${body}</a>`) +
    '</g>';
}

/** Issue: a triangle pointing right; read: a circle; write: a square; anything else: a diamond. */
function shape(type: string, { x, y }: { x: number; y: number }): string {
  switch (type) {
    case 'issue': return `<polygon class="shape" points="${x - 5},${y - 6} ${x + 6},${y} ${x - 5},${y + 6}"/>`;
    case 'read': return `<circle class="shape" cx="${x}" cy="${y}" r="5.5"/>`;
    case 'write': return `<rect class="shape" x="${x - 5}" y="${y - 5}" width="10" height="10"/>`;
    default: return `<polygon class="shape" points="${x},${y - 6} ${x + 6},${y} ${x},${y + 6} ${x - 6},${y}"/>`;
  }
}

/** Counter values of a level lane: a bar as high as the value, the value as text where it changes. */
function levelsOf(chart: GanttChart, lane: GanttLane, layout: LaneLayout, cell: number, x: (at: number) => number, visible: (at: number) => boolean): string[] {
  const levels = chart.levels.filter((level) => level.lane === lane.id && level.to >= chart.first && level.from <= chart.last);
  const highest = Math.max(1, ...levels.map((level) => level.value));
  const bottom = layout.top + layout.height - LANE_PADDING;
  const room = layout.height - 2 * LANE_PADDING - 12;
  return levels.map((level) => {
    const from = Math.max(level.from, chart.first);
    const to = Math.min(level.to, chart.last);
    const left = x(from) - cell / 2;
    const barHeight = level.value <= 0 ? 0 : Math.max(2, (Math.min(level.value, highest) / highest) * room);
    const text = visible(level.from) || from === chart.first ? `<text class="level-value" x="${x(from)}" y="${bottom - barHeight - 2}">${level.value}</text>` : '';
    return `<g class="level${level.value === 0 ? ' zero' : ''}" data-from="${level.from}" data-to="${level.to}" data-value="${level.value}">` +
      `<title>${escapeHtml(level.title)}</title><rect x="${left}" y="${bottom - barHeight}" width="${(to - from + 1) * cell}" height="${barHeight}"/>${text}</g>`;
  });
}

/** A line from each producer to the consumer of the same finding, when both are drawn. */
function conflictLinks(chart: GanttChart, centers: ReadonlyMap<GanttMark, { x: number; y: number }>): string {
  const producers = chart.marks.filter((mark) => mark.conflict?.role === 'producer' && centers.has(mark));
  const consumers = chart.marks.filter((mark) => mark.conflict?.role === 'consumer' && centers.has(mark));
  const lines = producers.flatMap((producer) => consumers.map((consumer) => {
    const a = centers.get(producer)!;
    const b = centers.get(consumer)!;
    return `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"/>`;
  }));
  return lines.length === 0 ? '' : `<g class="conflict-link">${lines.join('')}</g>`;
}

function shorten(label: string): string {
  return label.length <= LABEL_CHARACTERS ? label : `${label.slice(0, LABEL_CHARACTERS - 1)}…`;
}

/** A `data-` attribute name from a key: lower case letters, digits and hyphens only. */
function attributeName(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/[^a-z0-9-]/g, '-');
}
