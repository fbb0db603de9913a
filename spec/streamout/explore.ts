import { exploreAll } from '../../explore/exhaustive.js';
import { Random } from '../../explore/random.js';
import { runPath } from '../../explore/run.js';
import type { StreamState } from './state.js';
import type { StreamAction, StreamContext } from './step.js';
import { streamSystem } from './system.js';

/** A problem and a shortest sequence of steps from the start that shows it. */
export interface StreamCounterexample {
  readonly problems: readonly string[];
  readonly actions: readonly StreamAction[];
}

/** What exhaustive exploration covered and found. */
export interface StreamExploration {
  readonly complete: boolean;
  /** States visited, counting revisits (transitions taken). */
  readonly states: number;
  readonly distinctStates: number;
  readonly finalStates: number;
  readonly elapsedMs: number;
  readonly counterexample: StreamCounterexample | null;
}

/**
 * Every interleaving of the protocol's steps, by the generic breadth-first explorer: each distinct
 * state is expanded once. Every step makes progress, so every path ends; the first state with a
 * problem (a rule broken, a deadlock, wrong buffers) stops the search with a shortest path to it.
 */
export function exploreStream(context: StreamContext, maxStates: number, onProgress?: (states: number) => void): StreamExploration {
  const started = performance.now();
  const result = exploreAll(streamSystem(context), { maxStates, stopAtFirst: true, ...(onProgress ? { onProgress } : {}) });
  const first = result.witnesses[0];
  return {
    complete: result.complete,
    states: result.transitions + 1,
    distinctStates: result.distinctStates,
    finalStates: result.finalStates,
    elapsedMs: performance.now() - started,
    counterexample: first ? { problems: result.witnesses.map((witness) => witness.finding), actions: first.path } : null,
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
