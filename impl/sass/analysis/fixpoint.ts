import type { SassProgram } from '../../../spec/sass/program.js';
import { successors } from '../cfg.js';
import { join, sameState, type AbstractState } from './domain.js';
import { suspicionKey, type Suspicion } from './suspicion.js';
import { transfer } from './transfer.js';
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
  before[0] = new Map();
  // Sweeps in index order: straight-line code settles in one sweep, each loop in a few more.
  const dirty = new Array<boolean>(count).fill(false);
  dirty[0] = true;
  let steps = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = 0; index < count; index++) {
      if (!dirty[index]) continue;
      const stop = shouldStop?.() ?? null;
      if (stop !== null) return { before, suspicions: [], steps, stoppedBy: stop };
      dirty[index] = false;
      steps++;
      const { state } = transfer(program, before[index]!, index);
      for (const successor of next[index]!) {
        const old = before[successor];
        const edge = refineEdge(program, state, index, successor);
        const joined = old ? join(old, edge) : edge;
        if (old && sameState(old, joined)) continue;
        before[successor] = joined;
        dirty[successor] = true;
        changed = true;
      }
    }
  }
  const seen = new Map<string, Suspicion>();
  before.forEach((state, index) => {
    if (!state) return;
    for (const suspicion of transfer(program, state, index).suspicions) {
      const key = suspicionKey(suspicion);
      if (!seen.has(key)) seen.set(key, suspicion);
    }
  });
  return { before, suspicions: [...seen.values()], steps, stoppedBy: null };
}
