import type { Layout } from '../spec/streamout/layout.js';
import type { StreamScenario } from '../spec/streamout/scenario.js';

/** The buffers in words: per bound buffer, its primitives (runs shown as ranges) and bytes used. */
export function renderLayout(scenario: StreamScenario, layout: Layout): string[] {
  const lines: string[] = [];
  layout.buffers.forEach((entries, b) => {
    const size = scenario.bufferSizes[b]!;
    if (size === 0) return;
    const used = entries.reduce((sum, e) => sum + e.bytes, 0);
    const runs: string[] = [];
    for (let k = 0; k < entries.length;) {
      let end = k;
      while (end + 1 < entries.length && entries[end + 1]!.primitive === entries[end]!.primitive + 1 && entries[end + 1]!.offset === entries[end]!.offset + entries[end]!.bytes) end++;
      const first = entries[k]!;
      const last = entries[end]!;
      runs.push(k === end ? `p${first.primitive}@${first.offset}` : `p${first.primitive}..p${last.primitive}@${first.offset}..${last.offset + last.bytes - 1}`);
      k = end + 1;
    }
    lines.push(`buffer ${b} (${size} bytes, ${used} written): ${runs.join(', ') || 'empty'}`);
  });
  lines.push(`primitives needed ${layout.primitivesNeeded}, written ${layout.primitivesWritten}`);
  return lines;
}
