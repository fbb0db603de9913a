import type { TransitionSystem } from './transitionSystem.js';

/** One step of a recorded execution: the action, what it made observable, the state after it and its findings. */
export interface PathStep<State, Action, Event, Finding> {
  readonly action: Action;
  readonly events: readonly Event[];
  readonly state: State;
  readonly findings: readonly Finding[];
}

/** An execution from the initial state. */
export interface Path<State, Action, Event, Finding> {
  readonly initial: State;
  readonly steps: readonly PathStep<State, Action, Event, Finding>[];
  /** The last state. */
  readonly state: State;
  /** True when the machine stopped by itself (no action enabled in the last state). */
  readonly finished: boolean;
  /** True when a transition halted the machine (see `Transition.halt`). */
  readonly halted: boolean;
  /** Every finding in order: per transition, then those of states (final states, or every state with `stopAtFirst`). */
  readonly findings: readonly Finding[];
}

/** How `runPath` picks among enabled actions: `k` counts the choices made so far. */
export type Chooser<State, Action, Event> = (state: State, enabled: readonly Action[], k: number, last: readonly Event[]) => Action;

/** Options of `runPath`. */
export interface RunOptions {
  /** Stop as soon as a state shows a finding (else state findings are looked at only when the machine stops). */
  readonly stopAtFirst?: boolean;
  /** Keep the steps (for timelines and traces); off for speed. */
  readonly record?: boolean;
}

/**
 * Runs the machine from its initial state, letting `choose` pick every action, until nothing is
 * enabled or a transition halts it. This is the one random runner: random timings, concrete
 * latency schedules and explicit interleavings are all choosers.
 */
export function runPath<State, Action, Event, Finding>(
  system: TransitionSystem<State, Action, Event, Finding>,
  choose: Chooser<State, Action, Event>,
  options: RunOptions = {},
): Path<State, Action, Event, Finding> & { readonly actions: readonly Action[]; readonly events: readonly Event[] } {
  let state = system.initial;
  const steps: PathStep<State, Action, Event, Finding>[] = [];
  const actions: Action[] = [];
  const events: Event[] = [];
  const findings: Finding[] = [];
  let last: readonly Event[] = [];
  for (let k = 0; ; k++) {
    const enabled = system.actions(state);
    if (enabled.length === 0 || options.stopAtFirst) {
      const found = system.stateFindings(state, enabled);
      findings.push(...found);
      if (enabled.length === 0 || found.length > 0) {
        return { initial: system.initial, steps, state, finished: enabled.length === 0, halted: false, findings, actions, events };
      }
    }
    const action = choose(state, enabled, k, last);
    const next = system.step(state, action);
    state = next.state;
    last = next.events;
    actions.push(action);
    events.push(...next.events);
    findings.push(...next.findings);
    if (options.record) steps.push({ action, events: next.events, state, findings: next.findings });
    if (next.halt) return { initial: system.initial, steps, state, finished: false, halted: true, findings, actions, events };
  }
}

/**
 * Replays a given list of actions from the initial state (throws, from `step`, at the first one
 * that is not enabled), all of them, even past a halting transition (`halted` says so). The
 * machine may still have actions left at the end: `finished` says whether it stopped, and only
 * then are the last state's findings included.
 */
export function replayPath<State, Action, Event, Finding>(
  system: TransitionSystem<State, Action, Event, Finding>,
  actions: readonly Action[],
): Path<State, Action, Event, Finding> {
  let state = system.initial;
  const steps: PathStep<State, Action, Event, Finding>[] = [];
  const findings: Finding[] = [];
  let halted = false;
  for (const action of actions) {
    const next = system.step(state, action);
    state = next.state;
    findings.push(...next.findings);
    steps.push({ action, events: next.events, state, findings: next.findings });
    halted ||= next.halt === true;
  }
  const enabled = system.actions(state);
  const finished = enabled.length === 0;
  if (finished) findings.push(...system.stateFindings(state, enabled));
  return { initial: system.initial, steps, state, finished, halted, findings };
}
