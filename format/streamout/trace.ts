import { initialStreamState, type StreamState } from '../../spec/streamout/state.js';
import { streamActions, streamActionText, streamStep, type StreamAction, type StreamContext } from '../../spec/streamout/step.js';
import { streamProblems } from '../../spec/streamout/verdict.js';

/**
 * One line of a recorded trace (JSON lines): a protocol step, with the message contents an
 * observer of the real hardware or model would see. `step` names the step as in `StreamAction`;
 * `first` carries batch/task/last, `second` the bytes needed, `response` the offsets, `retire`
 * and `finish` the batch ID, `dispatch` and the unit steps the SO unit.
 */
export interface TraceLine {
  readonly step: StreamAction['type'];
  readonly unit?: number;
  readonly id?: number;
  readonly batch?: number;
  readonly task?: number;
  readonly last?: boolean;
  readonly bytes?: readonly number[];
  readonly offsets?: readonly number[];
}

/** The trace line of an action taken in `state` (contents from the state before the step). */
export function traceLine(context: StreamContext, state: StreamState, action: StreamAction): TraceLine {
  switch (action.type) {
    case 'first': {
      const [batch, task] = state.units[action.unit]!.queue[0]!;
      return { step: 'first', unit: action.unit, batch: state.batchIds[batch]!, task, last: context.batches[batch]!.tasks[task]!.last };
    }
    case 'second': {
      const [batch, task] = state.units[action.unit]!.queue[0]!;
      const info = context.batches[batch]!.tasks[task]!;
      return { step: 'second', unit: action.unit, bytes: info.bytesPerPrimitive.map((b) => b * info.primitiveCount) };
    }
    case 'response': return { step: 'response', unit: action.unit, offsets: state.toUnit[action.unit]![0]! };
    case 'retire': return { step: 'retire', id: state.retires[0]! };
    case 'finish': return { step: 'finish', id: action.id };
    default: return 'unit' in action ? { step: action.type, unit: action.unit } : { step: action.type };
  }
}

/** How a trace fared: the first line the protocol does not allow (with the state there), or none. */
export interface TraceCheck {
  readonly lines: number;
  readonly failure: { readonly line: number; readonly message: string; readonly state: string } | null;
  /** True when the trace brings the protocol to its end. */
  readonly complete: boolean;
  /** Problems of the final state (wrong buffers, deadlock) when the trace got through. */
  readonly problems: readonly string[];
}

/**
 * Replays a recorded trace through the reference protocol: each line must be an enabled step and
 * carry exactly the contents the protocol produces at that point (offsets, bytes, batch IDs,
 * task numbers). Stops at the first line that does not match.
 */
export function checkTrace(context: StreamContext, lines: readonly TraceLine[]): TraceCheck {
  let state = initialStreamState(context.scenario);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const action = actionOf(line);
    const enabled = streamActions(context, state);
    const fail = (message: string): TraceCheck => ({ lines: lines.length, failure: { line: index + 1, message, state: summary(state) }, complete: false, problems: [] });
    if (!action) return fail(`'${line.step}' is not a protocol step`);
    if (!enabled.some((a) => streamActionText(a) === streamActionText(action))) {
      return fail(`${streamActionText(action)} is not allowed here (allowed: ${enabled.map(streamActionText).join(', ') || 'nothing: the protocol is done'})`);
    }
    const expected = traceLine(context, state, action);
    for (const field of ['id', 'batch', 'task', 'last', 'bytes', 'offsets'] as const) {
      if (expected[field] === undefined) continue;
      if (JSON.stringify(line[field]) !== JSON.stringify(expected[field])) {
        return fail(`${streamActionText(action)}: ${field} is ${JSON.stringify(line[field])}, but the protocol gives ${JSON.stringify(expected[field])}`);
      }
    }
    state = streamStep(context, state, action);
  }
  const complete = streamActions(context, state).length === 0;
  return { lines: lines.length, failure: null, complete, problems: complete ? streamProblems(context, state) : [] };
}

/** The protocol step a trace line names, or null if it names none. */
export function actionOf(line: TraceLine): StreamAction | null {
  switch (line.step) {
    case 'wd': case 'ssyncWd': case 'retire': return { type: line.step };
    case 'finish': return line.id === undefined ? null : { type: 'finish', id: line.id };
    case 'dispatch': case 'ssyncUnit': case 'first': case 'second': case 'response': case 'write':
      return line.unit === undefined ? null : { type: line.step, unit: line.unit };
    default: return null;
  }
}

function summary(state: StreamState): string {
  const current = state.ssync.current ? `SSYNC serves batch ${state.ssync.current.id} task ${state.ssync.current.task}` : 'SSYNC has no operation in progress';
  const table = state.ssync.table.map((slot, unit) => (slot ? `unit ${unit}: batch ${slot.id} task ${slot.task}${slot.responded ? ' (answered)' : ''}` : null)).filter(Boolean);
  return `${current}; offsets [${state.ssync.offsets.join(', ')}]; message table: ${table.join('; ') || 'empty'}; batch IDs in flight: ${state.inFlight.join(', ') || 'none'}`;
}
