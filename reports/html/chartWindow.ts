/** Most cycles (or steps) one chart draws; a longer trace is cut to the part around its finding. */
export const MAX_CHART_SPAN = 120;

/** The x range a chart draws, and what it leaves out in words (null when nothing). */
export interface ChartWindow {
  readonly first: number;
  readonly last: number;
  readonly note: string | null;
}

/**
 * The part of a trace a chart draws: from `start` to the last of the `wanted` points (the
 * finding's events), or to `end` when there are none. A range longer than `MAX_CHART_SPAN` starts
 * a little before the first wanted point, or, if that is still too long, ends at the last one.
 */
export function chartWindow(start: number, wanted: readonly number[], end: number, axis: 'cycle' | 'step'): ChartWindow {
  const last = wanted.length === 0 ? end : Math.max(...wanted);
  let first = start;
  if (last - first + 1 > MAX_CHART_SPAN) first = Math.max(start, Math.min(...wanted, last) - 4);
  if (last - first + 1 > MAX_CHART_SPAN) first = last - MAX_CHART_SPAN + 1;
  const notes: string[] = [];
  if (first > start) notes.push(`${axis}s ${start}..${first - 1} not drawn`);
  if (last < end) notes.push(`${axis}s after ${last} not drawn`);
  return { first, last, note: notes.length === 0 ? null : `${notes.join('; ')} (the chart shows at most ${MAX_CHART_SPAN} ${axis}s, ending at the finding)` };
}
