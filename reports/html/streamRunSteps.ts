import { taskWriteLines } from '../../format/streamout/trace.js';
import { initialStreamState, type StreamState } from '../../spec/streamout/state.js';
import { streamStep, type StreamAction, type StreamContext } from '../../spec/streamout/step.js';
import { describeStreamStep } from '../streamSteps.js';
import type { BufferRange, StreamChartStep, StreamLane, StreamTask } from './streamChart.js';

/** Longest run whose steps are replayed for a chart: the spec's replay of a huge scenario grows with the square of the data written. */
export const MAX_CHARTED_RUN_STEPS = 200_000;

/**
 * The steps of a stream-output run (a counterexample's actions), replayed through the spec from
 * the initial state, in chart form: who takes each, in words (as the text report), the offsets
 * each response grants and the bytes each write writes. Only the last `keep` steps are returned
 * (all are replayed). Step k (1-based) links to `${anchorPrefix}k`.
 */
export function streamRunChartSteps(context: StreamContext, actions: readonly StreamAction[], anchorPrefix: string | null, keep: number): StreamChartStep[] {
  const steps: StreamChartStep[] = [];
  let state: StreamState = initialStreamState(context.scenario);
  actions.forEach((action, index) => {
    if (index >= actions.length - keep) steps.push(chartStep(context, state, action, index + 1, anchorPrefix));
    state = streamStep(context, state, action);
  });
  return steps;
}

function chartStep(context: StreamContext, before: StreamState, action: StreamAction, number: number, anchorPrefix: string | null): StreamChartStep {
  const { scenario } = context;
  const lane: StreamLane = action.type === 'wd' || action.type === 'finish' || action.type === 'retire' ? 'wd'
    : action.type === 'ssyncWd' || action.type === 'ssyncUnit' ? 'ssync' : action.unit;
  const taskOf = (batch: number, task: number): StreamTask => ({ key: `${batch}.${task}`, label: `b${before.batchIds[batch]}.t${task}` });
  let task: StreamTask | null = null;
  const ranges: BufferRange[] = [];
  if (action.type === 'dispatch') task = taskOf(before.batch, before.dispatched);
  if (action.type === 'first' || action.type === 'second' || action.type === 'response' || action.type === 'write') {
    const head = before.units[action.unit]!.queue[0];
    if (head !== undefined) {
      task = taskOf(head[0], head[1]);
      const info = context.batches[head[0]]!.tasks[head[1]]!;
      if (action.type === 'response') {
        const offsets = before.toUnit[action.unit]![0]!;
        info.bytesPerPrimitive.forEach((perPrimitive, buffer) => {
          if (perPrimitive === 0 || scenario.bufferSizes[buffer] === 0) return;
          ranges.push({ buffer, unit: action.unit, kind: 'granted', start: offsets[buffer]!, bytes: perPrimitive * info.primitiveCount, step: number, task });
        });
      }
      const response = before.units[action.unit]!.response;
      if (action.type === 'write' && response !== null) {
        for (const line of taskWriteLines(scenario, action.unit, info, response)) {
          ranges.push({ buffer: line.buffer!, unit: action.unit, kind: 'written', start: line.offset!, bytes: line.bytes as number, step: number, task });
        }
      }
    }
  }
  return { number, lane, type: action.type, text: describeStreamStep(context, before, action), ranges, task, href: anchorPrefix === null ? null : `#${anchorPrefix}${number}` };
}
