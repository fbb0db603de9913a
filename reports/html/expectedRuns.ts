import type { Layout } from '../../spec/streamout/layout.js';
import type { ExpectedRun } from './bufferRangesSvg.js';

/** The API's layout of one buffer as runs of consecutive primitives at consecutive offsets. */
export function expectedRuns(layout: Layout, buffer: number): ExpectedRun[] {
  const entries = layout.buffers[buffer] ?? [];
  const runs: ExpectedRun[] = [];
  for (let k = 0; k < entries.length;) {
    let end = k;
    while (end + 1 < entries.length && entries[end + 1]!.primitive === entries[end]!.primitive + 1 && entries[end + 1]!.offset === entries[end]!.offset + entries[end]!.bytes) end++;
    const first = entries[k]!;
    const last = entries[end]!;
    runs.push({ start: first.offset, bytes: last.offset + last.bytes - first.offset, label: k === end ? `p${first.primitive}` : `p${first.primitive}..p${last.primitive}` });
    k = end + 1;
  }
  return runs;
}
