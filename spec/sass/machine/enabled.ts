import { isConditional, readsInIssueOrder, type SassProgram } from '../program.js';
import type { SassAction } from './action.js';
import { sassIssueBlocker, type SassBounds } from './readiness.js';
import type { SassState } from './state.js';

/** True once the thread has exited and every result has landed. */
export function sassFinished(state: SassState): boolean {
  return state.pc === null && state.fixed.length === 0 && state.queues.every((queue) => queue.length === 0);
}

/**
 * The actions enabled in a state. A due fixed-latency result must be written before the write
 * phase ends; an ordered queue offers only its oldest entry, an unordered one every entry; a
 * guarded instruction may issue with its guard true or false, unless its predicate's value is
 * already committed to (`SassState.predicates`); a conditional transfer may issue taken or not
 * taken whatever its guard.
 */
export function sassEnabled(program: SassProgram, state: SassState, bounds: SassBounds): SassAction[] {
  if (sassFinished(state)) return [];
  const actions: SassAction[] = [];
  switch (state.phase) {
    case 'write': {
      state.fixed.forEach((entry, position) => {
        if (entry.writeIn === 0) actions.push({ type: 'writeFixed', position });
      });
      const due = actions.length > 0;
      state.queues.forEach((entries, queue) => {
        candidates(program, queue, entries, 'executing').forEach((position) => actions.push({ type: 'write', queue, position }));
      });
      if (!due) actions.push({ type: 'endWrites' });
      return actions;
    }
    case 'read': {
      state.queues.forEach((entries, queue) => {
        candidates(program, queue, entries, 'queued').filter((position) => oldestUnreadOfGroup(program, state, queue, entries[position]!.seq)).forEach((position) => actions.push({ type: 'read', queue, position }));
      });
      actions.push({ type: 'endReads' });
      return actions;
    }
    case 'issue': {
      if (sassIssueBlocker(program, state, bounds) === null) {
        const instruction = program.instructions[state.pc!]!;
        const guard = instruction.guard;
        const value = guard === null ? undefined : state.predicates[guard.predicate];
        // A predicate already committed to decides the guard; otherwise either value is possible.
        // A conditional transfer may also not be taken when its guard holds (its own condition).
        const holds = guard === null ? true : value === undefined ? undefined : value !== guard.negated;
        if (holds !== false) actions.push({ type: 'issue', taken: true });
        if (holds !== true || isConditional(instruction.flow)) actions.push({ type: 'issue', taken: false });
      }
      actions.push({ type: 'tick' });
      return actions;
    }
  }
}

/**
 * Positions that may take the next step of their stage. In an ordered queue only the oldest
 * entry not past the stage qualifies, and for a write it must also be the oldest overall
 * (results land in issue order). A queue that only reads in order offers its oldest unread
 * entry for a read and every read entry for a write. An entry still counting down its read
 * delay (`writeIn`) may not read yet.
 */
function candidates(program: SassProgram, queue: number, entries: readonly { stage: string; writeIn: number }[], stage: 'queued' | 'executing'): number[] {
  const inOrder = stage === 'queued' ? readsInIssueOrder(program.queues[queue]!) : program.queues[queue]!.ordered;
  const ready = (entry: { stage: string; writeIn: number }) => entry.stage === stage && (stage === 'executing' || entry.writeIn === 0);
  if (inOrder) {
    const first = stage === 'executing' ? 0 : entries.findIndex((entry) => entry.stage === 'queued');
    const entry = entries[first];
    // A serial queue's instruction reads only once every earlier one has written (and left the queue).
    if (stage === 'queued' && program.queues[queue]!.serial === true && first > 0) return [];
    return entry !== undefined && ready(entry) ? [first] : [];
  }
  return entries.flatMap((entry, position) => (ready(entry) ? [position] : []));
}

/**
 * Whether no other queue of `queue`'s read group (`SassQueue.readGroup`) holds an unread entry
 * issued before instance `seq`: the group reads in one issue order across its queues. True for a
 * queue of no group.
 */
function oldestUnreadOfGroup(program: SassProgram, state: SassState, queue: number, seq: number): boolean {
  const group = program.queues[queue]!.readGroup;
  if (group === undefined) return true;
  return state.queues.every((entries, other) => other === queue || program.queues[other]!.readGroup !== group
    || entries.every((entry) => entry.stage !== 'queued' || entry.seq > seq));
}
