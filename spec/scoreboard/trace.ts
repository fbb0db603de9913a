import { actionCode, parseActionCode, type Action } from './machine/action.js';
import { replayPath } from '../../explore/run.js';
import { formatCodes, parseCodes } from '../../explore/scheduleText.js';
import type { MachineEvent } from './machine/event.js';
import type { MachineState } from './machine/state.js';
import { DEFAULT_SCOREBOARD_MAX } from './machine/step.js';
import type { Hazard } from '../oracle/hazard.js';
import type { Program } from './program.js';
import { scoreboardSystem } from './system.js';

/** One step of a recorded execution: the action, what it made happen, and the state after it. */
export interface TraceStep {
  readonly action: Action;
  readonly events: readonly MachineEvent[];
  readonly state: MachineState;
  readonly hazards: readonly Hazard[];
}

/** A complete or partial execution of the machine, replayed from its initial state. */
export interface Trace {
  readonly initial: MachineState;
  readonly steps: readonly TraceStep[];
  /** True when the machine finished (everything issued and written). */
  readonly finished: boolean;
  /** Every hazard, in order, including those visible only in the final state. */
  readonly hazards: readonly Hazard[];
}

/** Runs a sequence of actions from the initial state; throws if one is not enabled when its turn comes. */
export function replay(program: Program, actions: readonly Action[], scoreboardMax = DEFAULT_SCOREBOARD_MAX): Trace {
  const path = replayPath(scoreboardSystem(program, scoreboardMax), actions);
  const steps = path.steps.map(({ action, events, state, findings }) => ({ action, events, state, hazards: findings }));
  return { initial: path.initial, steps, finished: path.finished, hazards: path.findings };
}

/** Writes a schedule compactly: action codes separated by spaces, repeats as `code*n`. */
export function formatSchedule(actions: readonly Action[]): string {
  return formatCodes(actions.map(actionCode));
}

/** Reads a schedule written by `formatSchedule`; returns an error message for malformed text. */
export function parseSchedule(text: string): Action[] | string {
  return parseCodes(text, parseActionCode, 'w<pipe> r<pipe> i<warp> W R t');
}
