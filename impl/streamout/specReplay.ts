import { initialStreamState, type StreamState } from '../../spec/streamout/state.js';
import { streamActions, streamActionText, streamStep, type StreamAction, type StreamContext } from '../../spec/streamout/step.js';
import { streamProblems } from '../../spec/streamout/verdict.js';

/**
 * How the spec judged the optimized simulation's steps: `confirmed` (it reached a state with
 * problems: the violation is the spec's), `no-problem` (every step allowed, nothing wrong: the
 * simulation was wrong to report one), `step-refused` (a step the spec does not allow: the
 * simulation does not refine the spec), or `stopped` (the budget ran out first).
 */
export type SpecReplayOutcome = 'confirmed' | 'no-problem' | 'step-refused' | 'stopped';

/** A replay's result. */
export interface SpecReplay {
  readonly outcome: SpecReplayOutcome;
  /** The spec's problems at the first state that has any (confirmed only). */
  readonly problems: readonly string[];
  /** The steps up to that state (confirmed), or those replayed. */
  readonly steps: readonly StreamAction[];
  /** Steps taken through the spec. */
  readonly replayed: number;
  /** The refused step in words (step-refused only). */
  readonly refused: string | null;
}

/** Optional hooks of `replayThroughSpec`. */
export interface ReplayHooks {
  /** Asked every 256 steps; true stops the replay (`stopped`). */
  readonly shouldStop?: () => boolean;
  /** Called before each step with the state it is taken in (to describe it), and the step. */
  readonly onStep?: (before: StreamState, action: StreamAction, index: number) => void;
}

/**
 * Replays steps of the optimized simulation through the reference model, as a random timing of
 * the spec runs: each step must be enabled, and the replay ends at the first state with a
 * problem (rules broken, deadlock, wrong buffers at the end), so the steps shown are the
 * shortest prefix of the run that shows it.
 */
export function replayThroughSpec(context: StreamContext, actions: readonly StreamAction[], hooks: ReplayHooks = {}): SpecReplay {
  let state = initialStreamState(context.scenario);
  for (let index = 0; ; index++) {
    const problems = streamProblems(context, state);
    if (problems.length > 0) return { outcome: 'confirmed', problems, steps: actions.slice(0, index), replayed: index, refused: null };
    if (index === actions.length) return { outcome: 'no-problem', problems: [], steps: actions, replayed: index, refused: null };
    if (index % 256 === 255 && hooks.shouldStop?.()) return { outcome: 'stopped', problems: [], steps: actions.slice(0, index), replayed: index, refused: null };
    const action = actions[index]!;
    const text = streamActionText(action);
    const enabled = streamActions(context, state);
    if (!enabled.some((candidate) => streamActionText(candidate) === text)) {
      return { outcome: 'step-refused', problems: [], steps: actions.slice(0, index), replayed: index, refused: `step ${index + 1}, ${text} (the spec allows: ${enabled.map(streamActionText).join(', ') || 'nothing'})` };
    }
    hooks.onStep?.(state, action, index);
    state = streamStep(context, state, action);
  }
}
