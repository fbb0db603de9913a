import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateStream } from '../impl/streamout/simulator.js';
import { initialStreamState } from '../spec/streamout/state.js';
import { streamActions, streamActionText, streamContext, streamStep } from '../spec/streamout/step.js';
import { streamProblems } from '../spec/streamout/verdict.js';
import { actionOf, checkTrace } from '../format/streamout/trace.js';
import { streamScenarioArbitrary } from './arbitraries/streamScenario.js';

describe('stream output: optimized simulation', () => {
  it('refines the spec: every step it takes is allowed by the spec, and both end with the same buffers, counters and verdict', () => {
    fc.assert(fc.property(streamScenarioArbitrary(), fc.integer({ min: 0, max: 2 ** 30 }), (scenario, seed) => {
      const run = simulateStream(scenario, seed, true);
      const context = streamContext(scenario);
      expect(checkTrace(context, run.trace!).failure).toBeNull();
      let state = initialStreamState(scenario);
      for (const action of run.trace!.map((line) => actionOf(line)!)) {
        const allowed = streamActions(context, state).map(streamActionText);
        expect(allowed, `step ${streamActionText(action)}`).toContain(streamActionText(action));
        state = streamStep(context, state, action);
      }
      expect(streamActions(context, state)).toEqual([]);
      expect(state.buffers).toEqual(run.buffers);
      expect([state.needed, state.written]).toEqual([run.needed, run.written]);
      expect(streamProblems(context, state)).toEqual([]);
      expect(run.problems).toEqual([]);
    }), { numRuns: 200 });
  });

  it('keeps driver order across more than 8,192 batches: the 13-bit counter wraps and the phase bit flips', () => {
    const scenario = {
      soUnits: 4, bufferSizes: [10_000_000, 0, 0, 0] as const, batchIdBits: 13,
      packets: [{ type: 'enable' as const }, { type: 'work' as const, primitives: 9000 * 32, verticesPerPrimitive: 1 as const, stride: [4, 0, 0, 0] as const, tasksPerBatch: 1 }, { type: 'disable' as const }],
    };
    const run = simulateStream(scenario, 1);
    expect(run.batches).toBe(9000);
    expect(run.problems).toEqual([]);
    expect(run.written).toBe(9000 * 32);
  });
});
