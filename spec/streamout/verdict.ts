import { expectedLayout } from './layout.js';
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
  const expected = expectedLayout(context.scenario);
  // Exact placement: every primitive where the driver-order layout puts it (that layout is
  // contiguous, without overlap or gap, between offset bundles).
  state.buffers.forEach((entries, b) => {
    const got = entries.map((e) => `${e.primitive}@${e.offset}`).join(' ');
    const want = [...expected.buffers[b]!].sort((x, y) => x.offset - y.offset || x.primitive - y.primitive).map((e) => `${e.primitive}@${e.offset}`).join(' ');
    if (got !== want) problems.push(`buffer ${b} holds [${got}], expected [${want}] (primitive@byte)`);
  });
  if (state.needed !== expected.primitivesNeeded) problems.push(`primitives needed ${state.needed}, expected ${expected.primitivesNeeded}`);
  if (state.written !== expected.primitivesWritten) problems.push(`primitives written ${state.written}, expected ${expected.primitivesWritten}`);
  return problems;
}

function describeStuck(state: StreamState): string {
  const waiting = state.ssync.table.flatMap((slot, unit) => (slot ? [`unit ${unit} waits with batch ${slot.id} task ${slot.task}`] : []));
  const current = state.ssync.current ? `SSYNC serves batch ${state.ssync.current.id} task ${state.ssync.current.task}` : 'SSYNC idle';
  return [current, ...waiting, `${state.inFlight.length} batch ID(s) in flight`].join('; ');
}
