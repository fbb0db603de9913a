import { it, expect } from 'vitest';
import { exploreStream, runStreamTiming } from '../../../spec/streamout/explore.js';
import type { Packet, StreamScenario } from '../../../spec/streamout/scenario.js';
import { streamContext } from '../../../spec/streamout/step.js';

const W = (primitives = 1, tasksPerBatch = 1): Packet => ({ type: 'work', primitives, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch });
it('smoke', () => {
  const scenario: StreamScenario = { soUnits: 2, bufferSizes: [64, 0, 0, 0], batchIdBits: 2, packets: [W(), { type: 'enable' }, W(), W(1, 2), { type: 'disable' }, W(), { type: 'enable' }, W(), { type: 'disable' }] };
  const result = exploreStream(streamContext(scenario), 2_000_000);
  console.log(result.complete, result.states, result.distinctStates, result.finalStates, Math.round(result.elapsedMs), result.counterexample?.problems);
  expect(result.counterexample).toBeNull();
  const big: StreamScenario = { soUnits: 3, bufferSizes: [300, 100, 0, 0], batchIdBits: 3, packets: [{ type: 'enable' }, { type: 'work', primitives: 50, verticesPerPrimitive: 3, stride: [1, 0, 0, 0], tasksPerBatch: 3 }, { type: 'offsets', offsets: [10, 0, 0, 0] }, W(20), { type: 'disable' }] };
  for (let seed = 0; seed < 20; seed++) expect(runStreamTiming(streamContext(big), seed).problems).toEqual([]);
});
