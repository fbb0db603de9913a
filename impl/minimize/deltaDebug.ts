/**
 * Zeller's ddmin: a smallest subsequence of `items` (1-minimal: removing any single item makes the
 * failure go away) for which `fails` still holds. `fails(items)` must be true on entry. When
 * `stopped` says so (a time budget), it returns what it has at once: a failing subsequence, not
 * necessarily a minimal one (building the remaining candidates alone would take quadratic time).
 */
export function deltaDebug<T>(items: readonly T[], fails: (subset: readonly T[]) => boolean, stopped: () => boolean = () => false): T[] {
  let current = [...items];
  let granularity = 2;
  while (current.length >= 2 && !stopped()) {
    const chunks = split(current, granularity);
    const chunk = chunks.find((candidate) => fails(candidate));
    if (chunk) {
      current = chunk;
      granularity = 2;
      continue;
    }
    const complement = chunks.length > 2 ? firstFailingComplement(chunks, fails) : undefined;
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

/** The first complement (everything but one chunk) that still fails, built one at a time: all of them at once would be quadratic in memory. */
function firstFailingComplement<T>(chunks: readonly T[][], fails: (subset: readonly T[]) => boolean): T[] | undefined {
  for (let index = 0; index < chunks.length; index++) {
    const candidate = chunks.filter((_, other) => other !== index).flat();
    if (fails(candidate)) return candidate;
  }
  return undefined;
}
