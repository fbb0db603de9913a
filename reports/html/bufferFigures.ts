import { renderBufferRangesSvg, type ExpectedRun } from './bufferRangesSvg.js';
import type { HtmlFigure } from './report.js';
import type { StreamChartStep } from './streamChart.js';

/** A chart per bound buffer of the byte ranges the steps granted and wrote, against the API's layout when `expected` gives one. */
export function bufferFigures(
  buffers: readonly number[], sizes: readonly number[], units: number, steps: readonly StreamChartStep[],
  expected: (buffer: number) => readonly ExpectedRun[], violating: number | null, stepHref: (step: number) => string | null,
): HtmlFigure[] {
  const ranges = steps.flatMap((step) => step.ranges);
  return buffers.map((buffer) => ({
    svg: renderBufferRangesSvg({ buffer, size: sizes[buffer]!, units, ranges, expected: expected(buffer), violating, stepHref }),
    caption: `buffer ${buffer} (${sizes[buffer]} bytes): ranges SSYNC granted (outlined) and SO units wrote (filled), step by step${expected(buffer).length > 0 ? ', against the API layout' : ''}; the violating step's ranges are outlined in red`,
  }));
}

