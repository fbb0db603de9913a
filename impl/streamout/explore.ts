import { exploreAll } from '../../explore/exhaustive.js';
import { Random } from '../../explore/random.js';
import { runPath } from '../../explore/run.js';
import { streamPersistentSet } from './reduction.js';
import { streamStateKey, symmetricStreamStateKey } from './stateKey.js';
import { serveInOrder } from '../../spec/streamout/ssync.js';
import type { StreamState } from '../../spec/streamout/state.js';
import type { StreamAction, StreamContext } from '../../spec/streamout/step.js';
import { streamSystem } from '../../spec/streamout/system.js';

/** A problem and a sequence of steps from the start that shows it. */
export interface StreamCounterexample {
  readonly problems: readonly string[];
  readonly actions: readonly StreamAction[];
  /**
   * True when no shorter sequence shows a problem (the unreduced search). A reduced search finds
   * the shortest path of the reduced graph, which may be longer than the shortest one overall.
   */
  readonly shortest: boolean;
}

/** How the exploration cut the state space down (see `impl/streamout/reduction.ts`). */
export type StreamReduction = 'none' | 'partial-order' | 'partial-order and unit symmetry';

/** What exhaustive exploration covered and found. */
export interface StreamExploration {
  readonly complete: boolean;
  /** States visited, counting revisits (transitions taken). */
  readonly states: number;
  readonly distinctStates: number;
  readonly finalStates: number;
  readonly elapsedMs: number;
  readonly counterexample: StreamCounterexample | null;
  /** Why the search stopped before covering everything (the state budget, or `shouldStop`'s reason); null otherwise. */
  readonly stoppedBy: string | null;
  readonly reduction: StreamReduction;
}

/** Options of `exploreStream`. */
export interface StreamExploreOptions {
  /**
   * Expand only a persistent set of the enabled steps (partial-order reduction), and with an SSYNC
   * that treats unit numbers alike, identify states that differ by a renaming of the SO units.
   * Default true; false explores every interleaving of every step (the reference the reduction is
   * tested against). Same verdict and problems either way; see `impl/streamout/reduction.ts` for
   * what the SSYNC policy must satisfy.
   */
  readonly reduce?: boolean;
  /**
   * Whether the SSYNC policy treats unit numbers alike (renaming the units renames its answers).
   * Default: only for the reference `serveInOrder`; planted bugs such as one preferring the
   * lowest-numbered matching slot do not.
   */
  readonly symmetricSsync?: boolean;
}

/**
 * Every interleaving of the protocol's steps (up to the reduction), by the generic breadth-first
 * explorer: each distinct state is expanded once. Every step makes progress, so every path ends;
 * the first state with a problem (a rule broken, a deadlock, wrong buffers) stops the search with
 * a path to it: a shortest one without the reduction, a shortest one of the reduced graph with it.
 */
export function exploreStream(
  context: StreamContext, maxStates: number, onProgress?: (states: number) => void, shouldStop?: () => string | null, options: StreamExploreOptions = {},
): StreamExploration {
  const started = performance.now();
  const reduce = options.reduce ?? true;
  const symmetric = reduce && (options.symmetricSsync ?? context.ssync === serveInOrder);
  const system = { ...streamSystem(context), key: symmetric ? symmetricStreamStateKey : streamStateKey };
  const result = exploreAll(system, {
    maxStates, stopAtFirst: true, ...(onProgress ? { onProgress } : {}), ...(shouldStop ? { shouldStop } : {}),
    ...(reduce ? { reduce: streamPersistentSet } : {}),
  });
  const first = result.witnesses[0];
  return {
    complete: result.complete,
    states: result.transitions + 1,
    distinctStates: result.distinctStates,
    finalStates: result.finalStates,
    elapsedMs: performance.now() - started,
    counterexample: first ? { problems: result.witnesses.map((witness) => witness.finding), actions: first.path, shortest: !reduce } : null,
    stoppedBy: result.stoppedBy,
    reduction: !reduce ? 'none' : symmetric ? 'partial-order and unit symmetry' : 'partial-order',
  };
}

/**
 * Runs the protocol from the start, letting `choose` pick the k-th step among the enabled ones,
 * until a problem shows or nothing is enabled: the steps taken, the final state and its problems.
 */
export function runStream(context: StreamContext, choose: (enabled: readonly StreamAction[], k: number) => StreamAction): { actions: StreamAction[]; state: StreamState; problems: string[] } {
  const run = runPath(streamSystem(context), (_state, enabled, k) => choose(enabled, k), { stopAtFirst: true });
  return { actions: [...run.actions], state: run.state, problems: [...run.findings] };
}

/** One run under a random timing drawn from `seed`: each step is picked at random among the enabled ones. */
export function runStreamTiming(context: StreamContext, seed: number): ReturnType<typeof runStream> {
  const random = new Random(seed);
  return runStream(context, (enabled) => random.pick(enabled));
}
