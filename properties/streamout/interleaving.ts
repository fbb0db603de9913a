import { initialStreamState, type StreamState } from '../../spec/streamout/state.js';
import { streamActions, streamStep, type StreamAction, type StreamContext } from '../../spec/streamout/step.js';
import { streamProblems } from '../../spec/streamout/verdict.js';

/**
 * Runs the protocol under an explicit interleaving: at step k the k-th choice picks among the
 * enabled actions (modulo their number; 0 once the choices run out). fast-check shrinks the
 * choices towards zeros and fewer entries, so a shrunk counterexample is a short, canonical
 * ordering of events that still breaks a property.
 */
export function runInterleaving(context: StreamContext, choices: readonly number[]): { actions: StreamAction[]; state: StreamState; problems: string[] } {
  let state = initialStreamState(context.scenario);
  const actions: StreamAction[] = [];
  for (let k = 0; ; k++) {
    const problems = streamProblems(context, state);
    const enabled = streamActions(context, state);
    if (problems.length > 0 || enabled.length === 0) return { actions, state, problems };
    const action = enabled[(choices[k] ?? 0) % enabled.length]!;
    actions.push(action);
    state = streamStep(context, state, action);
  }
}
