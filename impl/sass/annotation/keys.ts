import type { SassProgram } from '../../../spec/sass/program.js';
import { sameOrderedQueue } from '../analysis/transfer.js';
import type { FlowEntry, Need, PendingFlow } from './pendingFlow.js';

/**
 * The needs of each instruction that it must wait for itself: the rest follow from them because
 * loads of one in-order queue complete in issue order. A need is implied by another of the same
 * ordered queue issued after it on every path (its `after` set): a later write implies every
 * earlier write and read, a later read every earlier read. So of a run of loads a reader needs,
 * only the newest needs a scoreboard and a wait, as ptxas and maxas do it.
 */
export function consumerKeys(program: SassProgram, flow: PendingFlow): Need[][] {
  return flow.needs.map((needs, consumer) => {
    const state = flow.before[consumer];
    if (!state) return [];
    return needs.filter((need) => !needs.some((other) => other !== need && implies(program, state, other, need)));
  });
}

/** True when `other` being complete proves `need` complete, in the state where both are pending. */
export function implies(program: SassProgram, state: ReadonlyMap<number, FlowEntry>, other: Need, need: Need): boolean {
  if (other.role === 'read' && need.role === 'write') return false;
  if (other.producer === need.producer) return other.role === 'write' && need.role === 'read';
  const entry = state.get(need.producer);
  return entry !== undefined && entry.after.has(other.producer) && sameOrderedQueue(program, program.instructions[need.producer]!, program.instructions[other.producer]!);
}
