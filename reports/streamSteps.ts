import { initialStreamState, type StreamState } from '../spec/streamout/state.js';
import { streamStep, type StreamAction, type StreamContext } from '../spec/streamout/step.js';

/** One step in words, from the state before it: which unit did what with which batch, offsets and bytes. */
export function describeStreamStep(context: StreamContext, before: StreamState, action: StreamAction): string {
  const unit = 'unit' in action ? action.unit : -1;
  const head = unit >= 0 ? before.units[unit]!.queue[0] : undefined;
  const task = head ? `batch ${before.batchIds[head[0]]} task ${head[1]}` : '';
  switch (action.type) {
    case 'wd': {
      const packet = context.scenario.packets[before.packet]!;
      if (packet.type !== 'work') return `work distribution forwards the ${packet.type} bundle (packet ${before.packet})`;
      const batch = context.batches[before.batch];
      if (!batch || batch.packet !== before.packet) return `work distribution finishes packet ${before.packet}`;
      return `work distribution gives batch #${before.batch} (packet ${before.packet}) ID ${(before.phase << context.scenario.batchIdBits) | before.counter} and sends its work token${before.enabled ? '' : ' (not streamed)'}`;
    }
    case 'dispatch': return `batch ID ${before.batchIds[before.batch]} task ${before.dispatched} goes to SO unit ${unit}`;
    case 'finish': return `the pipeline finishes non-streamed batch ID ${action.id}`;
    case 'ssyncWd': {
      const message = before.toSsync[0]!;
      return `SSYNC receives ${message.kind === 'token' ? `work token ${message.id}` : message.kind === 'offsets' ? `offset bundle [${message.offsets.join(', ')}]` : `stream ${message.kind}`}`;
    }
    case 'ssyncUnit': {
      const message = before.fromUnit[unit]![0]!;
      return message.kind === 'first'
        ? `SSYNC receives unit ${unit}'s first request: batch ${message.id} task ${message.task}${message.last ? ' (last task)' : ''}`
        : `SSYNC receives unit ${unit}'s second request: [${message.bytes.join(', ')}] bytes needed`;
    }
    case 'first': return `SO unit ${unit} sends its first request for ${task}`;
    case 'second': return `SO unit ${unit} sends its second request (bytes needed) for ${task}`;
    case 'response': return `SO unit ${unit} receives offsets [${before.toUnit[unit]![0]!.join(', ')}] for ${task}`;
    case 'write': return `SO unit ${unit} writes ${task} at offsets [${before.units[unit]!.response!.join(', ')}]`;
    case 'retire': return `work distribution receives the retire message for batch ID ${before.retires[0]}`;
  }
}

/** A whole sequence of steps in words, numbered. */
export function describeStreamSteps(context: StreamContext, actions: readonly StreamAction[]): string[] {
  let state = initialStreamState(context.scenario);
  return actions.map((action, index) => {
    const text = `${String(index + 1).padStart(3)}. ${describeStreamStep(context, state, action)}`;
    state = streamStep(context, state, action);
    return text;
  });
}
