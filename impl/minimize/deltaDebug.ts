/**
 * Zeller's ddmin: a smallest subsequence of `items` (1-minimal: removing any single item makes the
 * failure go away) for which `fails` still holds. `fails(items)` must be true on entry.
 */
export function deltaDebug<T>(items: readonly T[], fails: (subset: readonly T[]) => boolean): T[] {
  let current = [...items];
  let granularity = 2;
  while (current.length >= 2) {
    const chunks = split(current, granularity);
    const chunk = chunks.find((candidate) => fails(candidate));
    if (chunk) {
      current = chunk;
      granularity = 2;
      continue;
    }
    const complement = chunks.length > 2
      ? chunks.map((_, index) => chunks.filter((__, other) => other !== index).flat()).find((candidate) => fails(candidate))
      : undefined;
    if (complement) {
      current = complement;
      granularity = Math.max(granularity - 1, 2);
      continue;
    }
    if (granularity >= current.length) break;
    granularity = Math.min(granularity * 2, current.length);
  }
  return current;
}

function split<T>(items: readonly T[], parts: number): T[][] {
  const chunks: T[][] = [];
  const size = Math.ceil(items.length / parts);
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
