import type { TransitionSystem } from '../../explore/transitionSystem.js';
import type { LrcAction } from './action.js';
import { blockingCounter, isFinished, lrcEnabledActions } from './enabled.js';
import type { LrcEvent } from './event.js';
import { lrcFindingKey, type LrcFinding } from './finding.js';
import { lrcEventFindings } from './oracle.js';
import type { LrcProgram } from './program.js';
import { lrcSequentialSemantics } from './sequential.js';
import { initialLrcState, type LrcState } from './state.js';
import { lrcStateKey } from './stateKey.js';
import { lrcStep } from './step.js';

/** The LRC machine as a transition system. */
export type LrcSystem = TransitionSystem<LrcState, LrcAction, LrcEvent, LrcFinding>;

/**
 * The LRC thread scheduler of a program as a transition system: the oracle judges every step
 * (reads, counters, emitted registers); a state where the machine is stuck before finishing is a
 * deadlock. A counter past its width (or below zero) halts: it means nothing afterwards.
 */
export function lrcSystem(program: LrcProgram): LrcSystem {
  const semantics = lrcSequentialSemantics(program);
  return {
    initial: initialLrcState(program),
    actions: (state) => lrcEnabledActions(program, state),
    step(state, action) {
      const result = lrcStep(program, state, action);
      const findings = lrcEventFindings(semantics, result.state, result.events);
      return { state: result.state, events: result.events, findings, halt: findings.some((finding) => finding.kind === 'overflow') };
    },
    key: lrcStateKey,
    stateFindings(state, actions) {
      if (actions.length > 0 || isFinished(program, state)) return [];
      const blocked = state.contexts.flatMap((context, index) => {
        const counter = blockingCounter(program, context);
        if (context.thread === null || counter < 0) return [];
        return [{ thread: context.thread, context: index, status: context.status, instruction: context.pc, counter, value: context.counters[counter]! }];
      });
      return [{ kind: 'deadlock', cycle: state.cycle, blocked }];
    },
    findingKey: lrcFindingKey,
  };
}
