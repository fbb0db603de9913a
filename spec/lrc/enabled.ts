import type { LrcAction } from './action.js';
import { unitIndexOf } from './operands.js';
import type { LrcProgram } from './program.js';
import type { ContextState, LrcState } from './state.js';

/** True when every thread has been launched and emitted and nothing is in flight. */
export function isFinished(program: LrcProgram, state: LrcState): boolean {
  return state.launched === program.threads && state.contexts.every((c) => c.thread === null) &&
    state.requests.length === 0 && state.results.length === 0;
}

/** The counter a context waits for that is not 0 (its instruction's flags; in EMIT, any), or -1 when it can go on. */
export function blockingCounter(program: LrcProgram, context: ContextState): number {
  if (context.thread === null) return -1;
  const classes = context.status === 'EMIT' ? context.counters.map((_, index) => index) : program.instructions[context.pc]!.waitFor;
  return classes.find((counter) => context.counters[counter] !== 0) ?? -1;
}

/**
 * The context controller's look at the counters (seed 001, steps 304-310): a waiting instruction
 * whose dependency indicator names a counter that is not 0 is held in DEP; one whose counters are
 * all 0 is (back) in WAIT. Other states are left alone.
 */
export function controllerStatus(program: LrcProgram, context: ContextState): ContextState {
  if (context.status !== 'WAIT' && context.status !== 'DEP') return context;
  const status = blockingCounter(program, context) >= 0 ? 'DEP' : 'WAIT';
  return status === context.status ? context : { ...context, status };
}

/**
 * True when no thread can ever move again: nothing is in flight (so no counter can change) and
 * every live context is held by a counter that is not 0. Looked at in the return phase, so a
 * deadlock shows as soon as the last data that could have moved anything has returned.
 */
export function isStuck(program: LrcProgram, state: LrcState): boolean {
  if (state.phase !== 'return' || state.requests.length > 0 || state.results.length > 0) return false;
  const live = state.contexts.filter((context) => context.thread !== null);
  return live.length > 0 && live.every((context) => blockingCounter(program, context) >= 0);
}

/** Contexts the resource manager may grant `unit` to now: in WAIT, with an instruction that runs on it. */
export function eligibleContexts(program: LrcProgram, state: LrcState, unit: number): number[] {
  const eligible: number[] = [];
  state.contexts.forEach((context, index) => {
    if (context.status === 'WAIT' && unitIndexOf(program, program.instructions[context.pc]!) === unit) eligible.push(index);
  });
  return eligible;
}

/**
 * The actions the machine may take next; none when it is finished or stuck. The freedom of the
 * schedule: any request whose sources are read may return (the oldest first in an in-order class),
 * any request may read its sources, and each unit may go to any waiting context or stay idle.
 * Fixed-latency results have no freedom: a due one must be written before the return phase ends.
 */
export function lrcEnabledActions(program: LrcProgram, state: LrcState): LrcAction[] {
  if (isFinished(program, state) || isStuck(program, state)) return [];
  const actions: LrcAction[] = [];
  switch (state.phase) {
    case 'return': {
      const due = state.results.filter((result) => result.writeIn === 0);
      for (const { context, instruction } of due) actions.push({ type: 'return', context, instruction, register: null });
      state.requests.forEach((request, index) => {
        if (!request.read) return;
        const inOrder = program.counters[request.counter]!.inOrder;
        if (inOrder && state.requests.findIndex((r) => r.context === request.context && r.counter === request.counter) !== index) return;
        actions.push({ type: 'return', context: request.context, instruction: request.instruction, register: request.register });
      });
      if (due.length === 0) actions.push({ type: 'endReturns' });
      return actions;
    }
    case 'read': {
      for (const request of state.requests) {
        if (!request.read) actions.push({ type: 'read', context: request.context, instruction: request.instruction });
      }
      actions.push({ type: 'endReads' });
      return actions;
    }
    case 'grant': {
      for (const context of eligibleContexts(program, state, state.unit)) actions.push({ type: 'grant', unit: state.unit, context });
      actions.push({ type: 'idle', unit: state.unit });
      return actions;
    }
  }
}
