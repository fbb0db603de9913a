import { Random } from '../explore/random.js';
import { initialStreamState, type StreamState } from './state.js';
import { streamActions, streamStep, type StreamAction, type StreamContext } from './step.js';
import { streamProblems } from './verdict.js';

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
 * Every interleaving of the protocol's steps, breadth first with state hashing: each distinct
 * state is expanded once. Every step makes progress, so every path ends; the first state with a
 * problem (a rule broken, a deadlock, wrong buffers) stops the search with a shortest path to it.
 */
export function exploreStream(context: StreamContext, maxStates: number, onProgress?: (states: number) => void): StreamExploration {
  const started = performance.now();
  const initial = initialStreamState(context.scenario);
  const parents = new Map<string, { parent: string | null; action: StreamAction | null; state: StreamState }>([[JSON.stringify(initial), { parent: null, action: null, state: initial }]]);
  const queue = [JSON.stringify(initial)];
  let visits = 1;
  let finals = 0;
  const pathTo = (key: string): StreamAction[] => {
    const actions: StreamAction[] = [];
    for (let node = parents.get(key); node?.action; node = parents.get(node.parent!)) actions.push(node.action);
    return actions.reverse();
  };
  const result = (complete: boolean, counterexample: StreamCounterexample | null): StreamExploration =>
    ({ complete, states: visits, distinctStates: parents.size, finalStates: finals, elapsedMs: performance.now() - started, counterexample });
  for (let head = 0; head < queue.length; head++) {
    if (parents.size > maxStates) return result(false, null);
    if (head % 4096 === 0) onProgress?.(parents.size);
    const key = queue[head]!;
    const { state } = parents.get(key)!;
    const problems = streamProblems(context, state);
    if (problems.length > 0) return result(true, { problems, actions: pathTo(key) });
    const actions = streamActions(context, state);
    if (actions.length === 0) finals++;
    for (const action of actions) {
      visits++;
      const next = streamStep(context, state, action);
      const nextKey = JSON.stringify(next);
      if (parents.has(nextKey)) continue;
      parents.set(nextKey, { parent: key, action, state: next });
      queue.push(nextKey);
    }
  }
  return result(true, null);
}

/**
 * Runs the protocol from the start, letting `choose` pick the k-th step among the enabled ones,
 * until a problem shows or nothing is enabled: the steps taken, the final state and its problems.
 */
export function runStream(context: StreamContext, choose: (enabled: readonly StreamAction[], k: number) => StreamAction): { actions: StreamAction[]; state: StreamState; problems: string[] } {
  let state = initialStreamState(context.scenario);
  const actions: StreamAction[] = [];
  for (let k = 0; ; k++) {
    const problems = streamProblems(context, state);
    const enabled = streamActions(context, state);
    if (problems.length > 0 || enabled.length === 0) return { actions, state, problems };
    const action = choose(enabled, k);
    actions.push(action);
    state = streamStep(context, state, action);
  }
}

/** One run under a random timing drawn from `seed`: each step is picked at random among the enabled ones. */
export function runStreamTiming(context: StreamContext, seed: number): ReturnType<typeof runStream> {
  const random = new Random(seed);
  return runStream(context, (enabled) => random.pick(enabled));
}
