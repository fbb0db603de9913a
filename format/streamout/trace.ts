import { fittingPrimitives } from './tracePlacement.js';
import type { Packet, StreamScenario, Task } from '../../spec/streamout/scenario.js';
import type { StreamState } from '../../spec/streamout/state.js';
import type { StreamAction, StreamContext } from '../../spec/streamout/step.js';

export { checkTrace, specView, type UnitProgress } from './traceCheck.js';

/** What the work distribution unit sends SSYNC in a `wd` step: a work token or a state bundle. */
export type WdMessageKind = 'token' | 'enable' | 'disable' | 'offsets';

/**
 * One line of a recorded trace (JSON lines): a protocol step, with the message contents an
 * observer of the real hardware or model would see. `step` names the step as in `StreamAction`;
 * `first` carries batch/task/last, `second` the bytes needed per buffer, `response` the offsets,
 * `retire` and `finish` the batch ID, `dispatch` and the unit steps the SO unit.
 *
 * Two line kinds name what was sent or written, so a recorder never writes a step it cannot see:
 * a `wd` line with `message` (the token with its `id`, or the bundle, with `offsets` for an offset
 * bundle) is the work distribution unit's next message, any "packet done" steps before it taken
 * silently; a `write` line with `buffer` is a data write: `bytes` bytes (a number here) at byte
 * `offset` of that buffer holding primitives `primitives[0]..primitives[1]` (driver-order
 * numbers, both ends included). A bare `wd` or `write` line is the protocol step itself, as
 * earlier traces record it (a bare `write` writes the whole task); a bare `wd` line may also
 * follow "packet done" steps left out (`TraceReadings` keeps each reading of it).
 */
export interface TraceLine {
  readonly step: StreamAction['type'];
  readonly unit?: number;
  readonly id?: number;
  readonly batch?: number;
  readonly task?: number;
  readonly last?: boolean;
  /** `second`: bytes needed per buffer (4 numbers); data `write`: bytes written (one number). */
  readonly bytes?: number | readonly number[];
  readonly offsets?: readonly number[];
  /** `wd`: the message the work distribution unit sends SSYNC. */
  readonly message?: WdMessageKind;
  /** Data `write`: the buffer (0-3). */
  readonly buffer?: number;
  /** Data `write`: the byte offset in the buffer where the data starts. */
  readonly offset?: number;
  /** Data `write`: the first and last primitive written (driver-order numbers, inclusive). */
  readonly primitives?: readonly [number, number];
}

/**
 * The canonical data-write lines of one task written at the granted `offsets`: one line per bound
 * buffer the task writes (bytes per primitive above 0) holding every primitive that fits, in
 * buffer order. Empty when nothing is written (all overflowed, no primitives, or no bound buffer
 * with bytes): then the task's write step is silent.
 */
export function taskWriteLines(scenario: StreamScenario, unit: number, task: Task, offsets: readonly number[]): TraceLine[] {
  const count = fittingPrimitives(scenario, task, offsets);
  if (count === 0) return [];
  const lines: TraceLine[] = [];
  for (let buffer = 0; buffer < 4; buffer++) {
    const perPrimitive = task.bytesPerPrimitive[buffer]!;
    if (perPrimitive === 0 || scenario.bufferSizes[buffer] === 0) continue;
    lines.push({ step: 'write', unit, buffer, offset: offsets[buffer]!, bytes: count * perPrimitive, primitives: [task.firstPrimitive, task.firstPrimitive + count - 1] });
  }
  return lines;
}

/**
 * The `wd` line of the work distribution unit handling `packet`: the message it sends SSYNC (the
 * work token of the batch given `id`, or the bundle), or null for a work packet whose batches
 * are all given out: that "packet done" step sends nothing, so a recorded trace leaves it out.
 */
export function wdMessageLine(packet: Packet, id: number | null): TraceLine | null {
  if (packet.type === 'enable' || packet.type === 'disable') return { step: 'wd', message: packet.type };
  if (packet.type === 'offsets') return { step: 'wd', message: 'offsets', offsets: [...packet.offsets] };
  return id === null ? null : { step: 'wd', message: 'token', id };
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

/** The first line a checker does not accept: its number, what is wrong, and the protocol state there. */
export interface TraceFailure {
  /** 1-based number of the trace line (scenario and blank lines not counted); lines + 1 for the end of the trace. */
  readonly line: number;
  readonly message: string;
  readonly state: string;
}

/** How a trace fared: the first line the protocol does not allow (with the state there), or none. */
export interface TraceCheck {
  readonly lines: number;
  readonly failure: TraceFailure | null;
  /** True when the trace brings the protocol to its end. */
  readonly complete: boolean;
  /** Problems of the final state (wrong buffers, deadlock) when the trace got through. */
  readonly problems: readonly string[];
}

/** The protocol step a trace line names (a data write is a piece of the `write` step), or null if it names none. */
export function actionOf(line: TraceLine): StreamAction | null {
  switch (line.step) {
    case 'wd': case 'ssyncWd': case 'retire': return { type: line.step };
    case 'finish': return line.id === undefined ? null : { type: 'finish', id: line.id };
    case 'dispatch': case 'ssyncUnit': case 'first': case 'second': case 'response': case 'write':
      return line.unit === undefined ? null : { type: line.step, unit: line.unit };
    default: return null;
  }
}

