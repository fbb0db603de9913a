import { successors } from './cfg.js';
import type { SassProgram } from '../../spec/sass/program.js';

/**
 * A shortest control-flow path (instruction indices) from the entry through `via` to `to`,
 * each leg at least one step long after `via` (so `via === to` means once round a loop), or
 * null when there is none.
 */
export function pathThrough(program: SassProgram, via: number, to: number): number[] | null {
  const next = successors(program);
  const first = shortest(next, [0], via);
  if (!first) return null;
  const second = shortest(next, next[via]!, to);
  return second ? [...first, ...second] : null;
}

/** Breadth-first search from any of `starts` to `goal`; the path includes both ends. */
function shortest(next: readonly (readonly number[])[], starts: readonly number[], goal: number): number[] | null {
  const parent = new Map<number, number | null>();
  const queue: number[] = [];
  for (const start of starts) {
    if (!parent.has(start)) {
      parent.set(start, null);
      queue.push(start);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node === goal) {
      const path: number[] = [];
      for (let at: number | null = node; at !== null; at = parent.get(at) ?? null) path.unshift(at);
      return path;
    }
    for (const successor of next[node]!) {
      if (!parent.has(successor)) {
        parent.set(successor, node);
        queue.push(successor);
      }
    }
  }
  return null;
}
