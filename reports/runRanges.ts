/**
 * Consecutive run indices of a fuzz target, both ends included. Run k of a program target is the
 * random schedule with seed `seed + k`; run k of a law target is input `k mod batchSize` of the
 * batch `floor(k / batchSize)`, generated under fast-check seed `seed + batch`.
 */
export interface RunRange {
  readonly from: number;
  readonly to: number;
}

/**
 * The run indices a target's batches covered, as sorted ranges with adjacent ones joined: batch
 * `batches[i]` did runs `batches[i] * batchSize` up to `batchRuns[i]` of them (fewer than the
 * batch size when a time budget ended it, none for an empty batch).
 */
export function batchRunRanges(batches: readonly number[], batchRuns: readonly number[], batchSize: number): RunRange[] {
  const ranges = batches.map((batch, i) => ({ from: batch * batchSize, to: batch * batchSize + (batchRuns[i] ?? 0) - 1 }));
  return joinRunRanges(ranges.filter((range) => range.to >= range.from));
}

/** Sorts ranges and joins those that touch; throws if two overlap (the same run counted twice). */
export function joinRunRanges(ranges: readonly RunRange[]): RunRange[] {
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  const joined: RunRange[] = [];
  for (const range of sorted) {
    const last = joined[joined.length - 1];
    if (last && range.from <= last.to) throw new RangeError(`runs ${range.from}..${Math.min(range.to, last.to)} are covered twice`);
    if (last && range.from === last.to + 1) joined[joined.length - 1] = { from: last.from, to: range.to };
    else joined.push(range);
  }
  return joined;
}

/** How many runs the ranges hold. */
export function runCount(ranges: readonly RunRange[]): number {
  return ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0);
}

/** The part of the ranges before run index `end` (exclusive). */
export function runRangesBefore(ranges: readonly RunRange[], end: number): RunRange[] {
  return ranges.filter((range) => range.from < end).map((range) => ({ from: range.from, to: Math.min(range.to, end - 1) }));
}
