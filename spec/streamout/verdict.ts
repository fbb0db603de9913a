import { expectedLayout, type BufferEntry } from './layout.js';
import type { StreamScenario } from './scenario.js';
import type { StreamState } from './state.js';
import { isComplete, streamActions, type StreamContext } from './step.js';

/**
 * What is wrong with a state, if anything: protocol rules broken on the way; at the end (no
 * action left) a deadlock if the work is not complete; and, once complete, buffers and counters
 * that differ from the API's driver-order answer.
 */
export function streamProblems(context: StreamContext, state: StreamState): string[] {
  const problems = [...state.violations];
  const duplicates = state.inFlight.filter((id, index) => state.inFlight.indexOf(id) !== index);
  if (duplicates.length > 0) problems.push(`batch IDs in flight twice: ${duplicates.join(', ')}`);
  if (streamActions(context, state).length > 0) return problems;
  if (!isComplete(context, state)) {
    problems.push(`deadlock: nothing can happen but the work is not done (${describeStuck(state)})`);
    return problems;
  }
  problems.push(...layoutProblems(context.scenario, state.buffers, state.needed, state.written));
  return problems;
}

/**
 * How finished buffers and counters differ from the API's driver-order answer: every primitive
 * exactly where that layout puts it (contiguous, without overlap or gap, between offset bundles),
 * and the same primitives needed and written. Empty when they match.
 */
export function layoutProblems(scenario: StreamScenario, buffers: readonly (readonly BufferEntry[])[], needed: number, written: number): string[] {
  const problems: string[] = [];
  const expected = expectedLayout(scenario);
  const text = (entries: readonly BufferEntry[]) =>
    [...entries].sort((x, y) => x.offset - y.offset || x.primitive - y.primitive).map((e) => `${e.primitive}@${e.offset}`).join(' ');
  buffers.forEach((entries, b) => {
    const got = text(entries);
    const want = text(expected.buffers[b]!);
    if (got !== want) problems.push(`buffer ${b} holds [${got}], expected [${want}] (primitive@byte)`);
  });
  if (needed !== expected.primitivesNeeded) problems.push(`primitives needed ${needed}, expected ${expected.primitivesNeeded}`);
  if (written !== expected.primitivesWritten) problems.push(`primitives written ${written}, expected ${expected.primitivesWritten}`);
  return problems;
}

function describeStuck(state: StreamState): string {
  const waiting = state.ssync.table.flatMap((slot, unit) => (slot ? [`unit ${unit} waits with batch ${slot.id} task ${slot.task}`] : []));
  const current = state.ssync.current ? `SSYNC serves batch ${state.ssync.current.id} task ${state.ssync.current.task}` : 'SSYNC idle';
  return [current, ...waiting, `${state.inFlight.length} batch ID(s) in flight`].join('; ');
}
