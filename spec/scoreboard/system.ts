import type { TransitionSystem } from '../../explore/transitionSystem.js';
import { eventHazards, finalStateHazards } from '../oracle/classify.js';
import { hazardKey, type Hazard } from '../oracle/hazard.js';
import { sequentialSemantics } from '../oracle/sequential.js';
import type { Action } from './machine/action.js';
import { enabledActions } from './machine/enabled.js';
import type { MachineEvent } from './machine/event.js';
import { initialState, type MachineState } from './machine/state.js';
import { stateKey } from './machine/stateKey.js';
import { DEFAULT_SCOREBOARD_MAX, step } from './machine/step.js';
import type { Program } from './program.js';

/** The scoreboard machine as a transition system. */
export type ScoreboardSystem = TransitionSystem<MachineState, Action, MachineEvent, Hazard>;

/**
 * The scoreboard machine of a program as a transition system: the hazard oracle judges every
 * transition (reads against sequential execution, counter overflows) and every finished state
 * (the final register file). A transition that overflows a counter halts: the counter means
 * nothing afterwards.
 */
export function scoreboardSystem(program: Program, scoreboardMax: number = DEFAULT_SCOREBOARD_MAX): ScoreboardSystem {
  const semantics = sequentialSemantics(program);
  return {
    initial: initialState(program),
    actions: (state) => enabledActions(program, state),
    step(state, action) {
      const result = step(program, state, action, scoreboardMax);
      const findings = eventHazards(semantics, result.state, result.events);
      return { state: result.state, events: result.events, findings, halt: findings.some((hazard) => hazard.kind === 'overflow') };
    },
    key: stateKey,
    stateFindings: (state, actions) => (actions.length === 0 ? finalStateHazards(semantics, state) : []),
    findingKey: hazardKey,
  };
}
