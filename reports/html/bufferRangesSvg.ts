import { escapeHtml } from './escape.js';
import type { BufferRange } from './streamChart.js';

/** A run of the API's expected layout in one buffer: bytes `start` to `start + bytes - 1` hold `label` (`p0..p9`). */
export interface ExpectedRun {
  readonly start: number;
  readonly bytes: number;
  readonly label: string;
}

/** What one buffer's chart shows. */
export interface BufferRangesInput {
  readonly buffer: number;
  /** The buffer's size in bytes. */
  readonly size: number;
  readonly units: number;
  readonly ranges: readonly BufferRange[];
  /** The API's layout (where every primitive belongs), drawn as its own lane; empty for none. */
  readonly expected: readonly ExpectedRun[];
  /** Ranges of this step are highlighted as the violation's; null for none. */
  readonly violating: number | null;
  /** Where a range granted or written at a step links to, or null. */
  readonly stepHref: (step: number) => string | null;
}

const LABEL_WIDTH = 170;
const PLOT_WIDTH = 900;
const AXIS_HEIGHT = 30;
const ROW = 16;
const LANE_PADDING = 4;

/**
 * One stream-output buffer as a chart of byte ranges: x is the byte offset; a lane for the API's
 * expected layout, then a lane per SO unit with the ranges SSYNC granted it (outlined, upper row)
 * and the bytes it wrote (filled, lower row). Lanes are `data-lane="buffer:B:expected"` and
 * `buffer:B:unit:U`; ranges carry `data-range`, `data-start`, `data-end` (exclusive), `data-step`.
 * Pure: data in, markup out.
 */
export function renderBufferRangesSvg(input: BufferRangesInput): string {
  // A grant whose size is not known yet (offsets before the second request) is drawn as a thin mark.
  const ranges = input.ranges.filter((range) => range.buffer === input.buffer && (range.bytes > 0 || range.kind === 'granted'));
  const ends = [...ranges.map((range) => range.start + range.bytes), ...input.expected.map((run) => run.start + run.bytes)];
  const dataEnd = Math.max(1, ...ends);
  // A buffer much larger than its data would squeeze the data into a sliver: its end is drawn only when near.
  const scaleEnd = input.size <= dataEnd * 1.5 ? Math.max(dataEnd, input.size) : dataEnd;
  const x = (offset: number) => LABEL_WIDTH + (offset / scaleEnd) * PLOT_WIDTH;
  const width = LABEL_WIDTH + PLOT_WIDTH + 30;

  const lanes: { id: string; label: string; rows: string[] }[] = [];
  if (input.expected.length > 0) {
    lanes.push({ id: `buffer:${input.buffer}:expected`, label: 'API layout', rows: [input.expected.map((run) => rangeBox(x, 0, run.start, run.bytes, 'expected', `bytes ${run.start} to ${run.start + run.bytes - 1}: ${run.label} (where the API puts them)`, null, {}, run.label)).join('')] });
  }
  for (let unit = 0; unit < input.units; unit++) {
    const mine = ranges.filter((range) => range.unit === unit);
    if (mine.length === 0) continue;
    const boxes = mine.map((range) => {
      const role = range.step === input.violating ? 'violation' : null;
      const task = range.task === null ? '' : ` for ${range.task.label}`;
      const what = range.kind === 'granted' ? `granted by SSYNC${task}` : `written by SO unit ${unit}${task}`;
      return rangeBox(x, range.kind === 'granted' ? 0 : 1, range.start, range.bytes, range.kind,
        range.bytes === 0 ? `step ${range.step}: offset ${range.start} ${what} (bytes needed not known yet)` : `step ${range.step}: bytes ${range.start} to ${range.start + range.bytes - 1} ${what}`, role,
        { unit, step: range.step, ...(range.task === null ? {} : { task: range.task.label }) }, '', input.stepHref(range.step));
    });
    lanes.push({ id: `buffer:${input.buffer}:unit:${unit}`, label: `SO unit ${unit}`, rows: [boxes.join('')] });
  }

  const parts: string[] = [];
  let top = AXIS_HEIGHT;
  lanes.forEach((lane) => {
    const height = 2 * ROW + 2 * LANE_PADDING;
    parts.push(`<g class="lane lane-events" data-lane="${escapeHtml(lane.id)}" transform="translate(0 ${top + LANE_PADDING})">` +
      `<rect class="lane-bg" x="0" y="${-LANE_PADDING}" width="${width}" height="${height}"/>` +
      `<text class="lane-label" x="8" y="${ROW + 4}">${escapeHtml(lane.label)}</text>${lane.rows.join('')}</g>`);
    top += height;
  });
  const bottom = top;
  const step = niceStep(scaleEnd / 8);
  const ticks: string[] = [];
  for (let offset = 0; offset <= scaleEnd; offset += step) {
    ticks.push(`<line class="grid" x1="${x(offset)}" y1="${AXIS_HEIGHT - 6}" x2="${x(offset)}" y2="${bottom}"/><text class="tick" x="${x(offset)}" y="${AXIS_HEIGHT - 10}">${offset}</text>`);
  }
  const end = input.size <= scaleEnd ? `<line class="buffer-end" x1="${x(input.size)}" y1="${AXIS_HEIGHT - 6}" x2="${x(input.size)}" y2="${bottom}"><title>end of buffer ${input.buffer} (${input.size} bytes)</title></line>` : '';
  const caption = `buffer ${input.buffer} (${input.size} bytes): byte ranges granted and written`;
  return `<svg class="gantt buffer-ranges" data-buffer="${input.buffer}" width="${width}" height="${bottom + 8}" viewBox="0 0 ${width} ${bottom + 8}" role="img" aria-label="${escapeHtml(caption)}">` +
    `<title>${escapeHtml(caption)}</title><g class="axis" data-axis="byte"><text class="axis-title" x="8" y="${AXIS_HEIGHT - 10}">byte offset</text>${ticks.join('')}</g>${parts.join('')}${end}</svg>`;
}

function rangeBox(
  x: (offset: number) => number, row: number, start: number, bytes: number, kind: string, title: string,
  role: 'violation' | null, data: Readonly<Record<string, string | number>>, label: string, href: string | null = null,
): string {
  const left = x(start);
  const boxWidth = Math.max(2, x(start + bytes) - left);
  const attributes = Object.entries(data).map(([key, value]) => ` data-${key}="${escapeHtml(String(value))}"`).join('');
  const conflict = role === null ? '' : ` data-role="${role}" data-kind="violation"`;
  const text = label !== '' && boxWidth > label.length * 6 ? `<text class="bar-label" x="${left + 2}" y="${row * ROW + 11}">${escapeHtml(label)}</text>` : '';
  const body = `<title>${escapeHtml(title)}</title><rect x="${left}" y="${row * ROW + 2}" width="${boxWidth}" height="${ROW - 4}"/>${text}`;
  return `<g class="range range-${kind}${role === null ? '' : ' conflict'}" data-range="${kind}" data-start="${start}" data-end="${start + bytes}"${attributes}${conflict}>` +
    (href === null ? body : `<a href="${escapeHtml(href)}">${body}</a>`) + '</g>';
}

/** 1, 2 or 5 times a power of ten, at least `rough` (and at least 1). */
function niceStep(rough: number): number {
  if (rough <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
}
