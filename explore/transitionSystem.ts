/**
 * A nondeterministic transition system as the generic explorer (`exploreAll`) and the run loop
 * (`runPath`, `replayPath`) see it. Every machine of hazardproof (scoreboards, stream output, the
 * LRC thread scheduler) is one of these; the engine knows nothing else about it.
 *
 * - `State`: a whole machine state, never changed in place by `step`.
 * - `Action`: one choice the machine may make (a latency, an arbitration, a delivery).
 * - `Event`: what a step made observable (for timelines); machines without events use `never`.
 * - `Finding`: something wrong (a hazard, a protocol violation, a deadlock).
 */
export interface TransitionSystem<State, Action, Event, Finding> {
  /** The state before anything happens. */
  readonly initial: State;
  /** The actions enabled in a state; none when the machine has stopped (finished or stuck). */
  actions(state: State): readonly Action[];
  /** Takes an enabled action (throws if it is not enabled) and says what the transition revealed. */
  step(state: State, action: Action): Transition<State, Event, Finding>;
  /** Identity of a state: states with equal keys must have exactly the same futures. */
  key(state: State): string;
  /** What a state itself shows (final-state hazards, a deadlock, broken invariants), given its enabled actions. */
  stateFindings(state: State, actions: readonly Action[]): readonly Finding[];
  /** Identity of a finding: the same mistake reached by different paths has the same key. */
  findingKey(finding: Finding): string;
}

/** The result of one step. */
export interface Transition<State, Event, Finding> {
  readonly state: State;
  readonly events: readonly Event[];
  /** What this transition revealed (a read that saw the wrong value, a counter overflow). */
  readonly findings: readonly Finding[];
  /** True when the machine must not go on from `state` (a counter past its width means nothing afterwards). */
  readonly halt?: boolean;
}

/** A finding together with a path of actions from the initial state that shows it. */
export interface Witness<Action, Finding> {
  readonly finding: Finding;
  readonly path: readonly Action[];
}
