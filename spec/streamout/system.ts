import type { TransitionSystem } from '../../explore/transitionSystem.js';
import { initialStreamState, type StreamState } from './state.js';
import { streamActions, streamStep, type StreamAction, type StreamContext } from './step.js';
import { streamProblems } from './verdict.js';

/** The stream-output protocol as a transition system; its findings are problems in words. */
export type StreamSystem = TransitionSystem<StreamState, StreamAction, never, string>;

/**
 * The protocol of a scenario as a transition system: every delivery is a step, and every state is
 * judged (rules broken on the way, a deadlock, buffers that differ from the API's answer).
 */
export function streamSystem(context: StreamContext): StreamSystem {
  return {
    initial: initialStreamState(context.scenario),
    actions: (state) => streamActions(context, state),
    step: (state, action) => ({ state: streamStep(context, state, action), events: [], findings: [] }),
    key: (state) => JSON.stringify(state),
    stateFindings: (state) => streamProblems(context, state),
    findingKey: (problem) => problem,
  };
}
