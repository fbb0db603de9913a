import type { SassProgram } from '../../../spec/sass/program.js';
import { successors } from '../cfg.js';
import { EMPTY_STATE, join, sameState, type AbstractState } from './domain.js';
import { suspicionKey, type Suspicion } from './suspicion.js';
import { suspicionsAt, transferState } from './transfer.js';
import { refineEdge } from './edge.js';
import type { StopPredicate } from '../../budget.js';

/** What the analysis found: the abstract state before each instruction and every hazard it cannot rule out. */
export interface AnalysisResult {
  /** Abstract state before each instruction; null where no path reaches it. */
  readonly before: readonly (AbstractState | null)[];
  readonly suspicions: readonly Suspicion[];
  /** Transfer-function applications until the fixpoint (a measure of the work done). */
  readonly steps: number;
  /** Why the analysis stopped before its fixpoint (a time budget); then its states and suspicions prove nothing. */
  readonly stoppedBy: string | null;
}

/**
 * Abstract interpretation of a kernel: starting from nothing in flight at instruction 0,
 * propagate abstract states along the control-flow graph, joining at merges, until nothing
 * changes. The domain is finite (capped ages and instance counts, sets of instructions) and the
 * transfer monotone, so this terminates and the final states cover every path, loop count and
 * latency. Suspicions are collected from the final states only. `shouldStop` (a time budget) may
 * end it before the fixpoint, with `stoppedBy` set.
 */
export function analyze(program: SassProgram, shouldStop?: StopPredicate): AnalysisResult {
  const count = program.instructions.length;
  const next = successors(program);
  const before: (AbstractState | null)[] = new Array<AbstractState | null>(count).fill(null);
  if (count === 0) return { before, suspicions: [], steps: 0, stoppedBy: null };
  before[0] = EMPTY_STATE;
  // Lowest index first: a loop (its back edge goes to a lower index) settles before the code after
  // it is visited, so that code is transferred once with the loop's final state instead of once per
  // round of the loop. A sweep over the whole kernel per round did the latter: kernels of a few
  // thousand instructions with dozens of loops took 50 transfer steps per instruction. The order
  // changes neither the fixpoint nor the suspicions (test/impl/sass/analysis/fixpoint.test.ts
  // compares every state with a reference sweep).
  const dirty = new DirtyQueue(count);
  dirty.push(0);
  let steps = 0;
  for (let index = dirty.pop(); index !== -1; index = dirty.pop()) {
    const stop = shouldStop?.() ?? null;
    if (stop !== null) return { before, suspicions: [], steps, stoppedBy: stop };
    steps++;
    const state = transferState(program, before[index]!, index);
    for (const successor of next[index]!) {
      const old = before[successor];
      const edge = refineEdge(program, state, index, successor);
      const joined = old ? join(old, edge) : edge;
      if (old && sameState(old, joined)) continue;
      before[successor] = joined;
      dirty.push(successor);
    }
  }
  // Each suspicion once, in the order found. Its key names its consumer, and each consumer's are
  // all found at once (from the state before it), so a set per instruction is enough: one set of
  // every key of a kernel with 600,000 suspicions was a sixth of the time. And only an
  // instruction that names a register twice can find one twice (each pending entry is another
  // producer; overflows are per counter), so only those need the set.
  const suspicions: Suspicion[] = [];
  before.forEach((state, index) => {
    if (!state) return;
    const found = suspicionsAt(program, state, index);
    const { sources, destinations } = program.instructions[index]!;
    if (new Set(sources).size === sources.length && new Set(destinations).size === destinations.length) {
      for (const suspicion of found) suspicions.push(suspicion);
      return;
    }
    const seen = new Set<string>();
    for (const suspicion of found) {
      const key = suspicionKey(suspicion);
      if (seen.has(key)) continue;
      seen.add(key);
      suspicions.push(suspicion);
    }
  });
  return { before, suspicions, steps, stoppedBy: null };
}

/**
 * The instructions whose state changed and must be transferred again, each once, lowest index
 * first (a binary heap of indices with a membership flag per instruction).
 */
class DirtyQueue {
  private readonly queued: Uint8Array;
  private readonly heap: number[] = [];

  constructor(count: number) {
    this.queued = new Uint8Array(count);
  }

  /** Queues an instruction (nothing if it is queued already). */
  push(index: number): void {
    if (this.queued[index] === 1) return;
    this.queued[index] = 1;
    const heap = this.heap;
    let at = heap.length;
    heap.push(index);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent]! <= index) break;
      heap[at] = heap[parent]!;
      at = parent;
    }
    heap[at] = index;
  }

  /** The lowest queued index, removed from the queue; -1 when none is left. */
  pop(): number {
    const heap = this.heap;
    if (heap.length === 0) return -1;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && heap[right]! < heap[left]! ? right : left;
        if (heap[child]! >= last) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = last;
    }
    this.queued[top] = 0;
    return top;
  }
}
