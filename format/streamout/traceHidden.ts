import type { StreamState } from '../../spec/streamout/state.js';
import type { StreamAction, StreamContext } from '../../spec/streamout/step.js';
import { taskWriteLines, traceLine, wdMessageLine, type TraceLine } from './trace.js';

/**
 * The lines a recorder writes for one protocol step taken in `state` (contents from the state
 * before the step), in the recorded form: a `wd` step is the message it sends SSYNC, a `write`
 * step the task's data-write lines, every other step its one line. This is the single rule the
 * checkers' notion of a hidden step comes from (`isHiddenStep`), and it is the rule
 * `TraceRecorder` applies line by line (property-tested: the recorder writes no line for exactly
 * the steps this gives none).
 *
 * Why only two kinds of step can give no line: every other step kind is a message passing
 * between units (dispatch, ssyncWd, ssyncUnit, first, second, response, retire) or the pipeline
 * returning an ID (finish), and a message is what a recorder sees. A `wd` step sends a message
 * unless its work packet is done ("packet done" only moves the work distribution unit to its next
 * packet); a `write` step writes memory unless nothing of its task fits, the task has no
 * primitives, or no bound buffer has a stride above 0.
 */
export function recordedLines(context: StreamContext, state: StreamState, action: StreamAction): TraceLine[] {
  const { scenario, batches } = context;
  switch (action.type) {
    case 'wd': {
      const packet = scenario.packets[state.packet]!;
      const hasBatch = packet.type === 'work' && batches[state.batch]?.packet === state.packet;
      const line = wdMessageLine(packet, hasBatch ? (state.phase << scenario.batchIdBits) | state.counter : null);
      return line === null ? [] : [line];
    }
    case 'write': {
      const unit = state.units[action.unit]!;
      const [batch, task] = unit.queue[0]!;
      return taskWriteLines(scenario, action.unit, batches[batch]!.tasks[task]!, unit.response!);
    }
    default: return [traceLine(context, state, action)];
  }
}

/**
 * True when a step (enabled in `state`) is hidden: it emits nothing a recorder sees, so a
 * recorded trace leaves it out and a checker must be able to take it between any two lines.
 * Hidden steps send no message and write no memory, so they change only their own unit's local
 * state; docs/streamout.md "Hidden steps" gives the argument that lets the checkers take them lazily.
 */
export function isHiddenStep(context: StreamContext, state: StreamState, action: StreamAction): boolean {
  return recordedLines(context, state, action).length === 0;
}
