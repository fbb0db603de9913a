import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlacementCheck } from '../impl/streamout/placement.js';
import { PLANTED_SSYNC_BUGS, type PlantedSsyncBug } from '../impl/streamout/plantedBugs.js';
import { simulateStream } from '../impl/streamout/simulator.js';
import { replayThroughSpec } from '../impl/streamout/specReplay.js';
import type { SsyncPolicy } from '../spec/streamout/ssync.js';
import { batchesOf, type StreamScenario } from '../spec/streamout/scenario.js';
import { initialStreamState, type StreamState } from '../spec/streamout/state.js';
import { streamActions, streamActionText, streamContext, streamStep, type StreamAction, type StreamContext } from '../spec/streamout/step.js';
import { layoutProblems, streamProblems } from '../spec/streamout/verdict.js';
import { expectedLayout } from '../spec/streamout/layout.js';
import { checkTrace } from '../format/streamout/trace.js';
import { streamScenarioArbitrary } from './arbitraries/streamScenario.js';
import { advancesOnFirstRequest, ignoresTaskNumber } from './streamout/brokenSsync.js';

/** The spec-side policy of each planted simulator bug (the same bug, by name). */
const SPEC_POLICIES: Record<PlantedSsyncBug, SsyncPolicy> = { advancesOnFirstRequest, ignoresTaskNumber };

/** Replays steps through the spec, each of which must be enabled there; returns the final state. */
function replay(context: StreamContext, actions: readonly StreamAction[]): StreamState {
  let state = initialStreamState(context.scenario);
  for (const action of actions) {
    const allowed = streamActions(context, state).map(streamActionText);
    expect(allowed, `step ${streamActionText(action)}`).toContain(streamActionText(action));
    state = streamStep(context, state, action);
  }
  expect(streamActions(context, state)).toEqual([]);
  return state;
}

describe('stream output: optimized simulation', () => {
  it('refines the spec: every step it takes is allowed by the spec, and both end with the same buffers, counters and problems', () => {
    fc.assert(fc.property(streamScenarioArbitrary(), fc.integer({ min: 0, max: 2 ** 30 }), (scenario, seed) => {
      const run = simulateStream(scenario, seed, { steps: true, trace: true, keepBuffers: true });
      const context = streamContext(scenario);
      expect(checkTrace(context, run.trace!).failure).toBeNull();
      const state = replay(context, run.actions!);
      expect(state.buffers).toEqual(run.buffers);
      expect([state.needed, state.written]).toEqual([run.needed, run.written]);
      expect(run.problems).toEqual(streamProblems(context, state));
      expect(run.problems).toEqual([]);
      // What is kept or recorded does not change the timing: the fast run takes the same steps.
      const fast = simulateStream(scenario, seed);
      expect([fast.steps, fast.needed, fast.written, fast.problems]).toEqual([run.steps, run.needed, run.written, run.problems]);
    }), { numRuns: 200 });
  });

  for (const bug of PLANTED_SSYNC_BUGS) {
    it(`finds the same problems as the spec on the same steps with a planted SSYNC bug (${bug})`, () => {
      let failing = 0;
      fc.assert(fc.property(streamScenarioArbitrary(), fc.integer({ min: 0, max: 2 ** 30 }), (scenario, seed) => {
        // The default run keeps no buffers: its problems come from the incremental placement check.
        const run = simulateStream(scenario, seed, { plantedBug: bug });
        const steps = simulateStream(scenario, seed, { plantedBug: bug, steps: true }).actions!;
        expect(steps.length).toBe(run.steps);
        const context = streamContext(scenario, SPEC_POLICIES[bug]);
        const state = replay(context, steps);
        expect(run.problems).toEqual(streamProblems(context, state));
        // Every run compared, but only runs the bug breaks count: 30 of them under any seed.
        fc.pre(run.problems.length > 0);
        failing++;
      }), { numRuns: 30 });
      expect(failing).toBe(30);
    });
  }

  it('keeps driver order across more than 8,192 batches: the 13-bit counter wraps and the phase bit flips', () => {
    const scenario = {
      soUnits: 4, bufferSizes: [10_000_000, 0, 0, 0] as const, batchIdBits: 13,
      packets: [{ type: 'enable' as const }, { type: 'work' as const, primitives: 9000 * 32, verticesPerPrimitive: 1 as const, stride: [4, 0, 0, 0] as const, tasksPerBatch: 1 }, { type: 'disable' as const }],
    };
    const run = simulateStream(scenario, 1);
    expect(run.batches).toBe(9000);
    expect(run.problems).toEqual([]);
    expect(run.written).toBe(9000 * 32);
    expect(run.buffers).toBeNull();
  });
});

describe('stream output: the incremental placement check', () => {
  const scenario: StreamScenario = {
    soUnits: 2, bufferSizes: [1024, 0, 0, 0], batchIdBits: 2,
    packets: [{ type: 'enable' }, { type: 'work', primitives: 20, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
  };
  const batches = batchesOf(scenario);

  it('gives each dispatched task its driver-order offsets and passes writes there', () => {
    const check = new PlacementCheck(scenario, batches);
    expect(check.dispatched(0, 0)).toEqual([0, 0, 0, 0]);
    expect(check.dispatched(0, 1)).toEqual([40, 0, 0, 0]);
    check.written(0, batches[0]!.tasks[1]!, [40, 0, 0, 0], [40, 0, 0, 0]);
    check.written(0, batches[0]!.tasks[0]!, [0, 0, 0, 0], [0, 0, 0, 0]);
    expect(check.finish(20, 20)).toBe(true);
    expect(check.firstMisplacement).toBeNull();
  });

  it('catches a task written at the wrong offsets, naming the task and both placements', () => {
    const check = new PlacementCheck(scenario, batches);
    const first = check.dispatched(0, 0);
    const second = check.dispatched(0, 1);
    check.written(0, batches[0]!.tasks[0]!, first, first);
    check.written(0, batches[0]!.tasks[1]!, second, [36, 0, 0, 0]);
    expect(check.firstMisplacement).toBe('batch 0 task 1 (primitives 10..19) was written at offsets [36, 0, 0, 0], but the driver order puts it at [40, 0, 0, 0]');
    expect(check.finish(20, 20)).toBe(false);
  });

  it('ignores offsets of unbound buffers, and catches a task dispatched out of driver order', () => {
    const check = new PlacementCheck(scenario, batches);
    check.written(0, batches[0]!.tasks[0]!, check.dispatched(0, 0), [0, 99, 99, 99]);
    expect(check.firstMisplacement).toBeNull();
    check.dispatched(1, 0);
    expect(check.firstMisplacement).toMatch(/batch #1 task 0 was dispatched, but the driver order streams batch #0 task 1 next/);
  });

  it('catches the misplaced write of a planted SSYNC bug in the simulation, which then reports the spec\'s problems', () => {
    const runs = Array.from({ length: 50 }, (_, seed) => simulateStream(scenario, seed, { plantedBug: 'advancesOnFirstRequest' }));
    const run = runs.find((candidate) => candidate.problems.length > 0)!;
    expect(run).toBeDefined();
    expect(run.misplacement).toMatch(/was written at offsets \[\d+, 0, 0, 0\], but the driver order puts it at/);
    expect(run.problems.join('\n')).toMatch(/^buffer 0 holds \[.*\], expected \[.*\] \(primitive@byte\)$/);
  });
});

describe('stream output: wrong buffers in words', () => {
  it('lists a long buffer only around its first difference', () => {
    const scenario: StreamScenario = {
      soUnits: 1, bufferSizes: [4096, 0, 0, 0], batchIdBits: 2,
      packets: [{ type: 'enable' }, { type: 'work', primitives: 100, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 1 }, { type: 'disable' }],
    };
    const layout = expectedLayout(scenario);
    const moved = layout.buffers.map((entries) => entries.map((entry) => (entry.primitive === 70 ? { ...entry, offset: 4000 } : entry)));
    expect(layoutProblems(scenario, moved, 100, 100)).toEqual([
      'buffer 0 holds 100 entries, expected 100; the first difference is entry 70: it holds [... 68@272 69@276 71@284 72@288 73@292 ...], expected [... 68@272 69@276 70@280 71@284 72@288 ...] (primitive@byte)',
    ]);
    expect(layoutProblems(scenario, layout.buffers, 100, 99)).toEqual(['primitives written 99, expected 100']);
  });
});

describe('stream output: a failing timing replayed through the spec', () => {
  const scenario: StreamScenario = {
    soUnits: 2, bufferSizes: [4096, 0, 0, 0], batchIdBits: 13,
    packets: [{ type: 'enable' }, { type: 'work', primitives: 12, verticesPerPrimitive: 3, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
  };
  const failing = (bug: PlantedSsyncBug) => {
    const seed = Array.from({ length: 50 }, (_, k) => k).find((k) => simulateStream(scenario, k, { plantedBug: bug }).problems.length > 0)!;
    return simulateStream(scenario, seed, { plantedBug: bug, steps: true });
  };

  it('is confirmed by the spec with the same bug, which shows the problems after the shortest prefix of the steps', () => {
    for (const bug of PLANTED_SSYNC_BUGS) {
      const run = failing(bug);
      const described: number[] = [];
      const replayed = replayThroughSpec(streamContext(scenario, SPEC_POLICIES[bug]), run.actions!, { onStep: (_before, _action, index) => described.push(index) });
      expect(replayed.outcome).toBe('confirmed');
      expect(replayed.problems).toEqual(run.problems);
      expect(described).toEqual(replayed.steps.map((_, index) => index));
    }
  });

  it('is not confirmed by the reference spec, which refuses a step the buggy SSYNC took', () => {
    const replayed = replayThroughSpec(streamContext(scenario), failing('advancesOnFirstRequest').actions!);
    expect(replayed.outcome).toBe('step-refused');
    expect(replayed.refused).toMatch(/^step \d+, \w+( \d+)? \(the spec allows: .+\)$/);
  });

  it('stops when its budget says so', () => {
    const longer: StreamScenario = { ...scenario, packets: [{ type: 'enable' }, { type: 'work', primitives: 300, verticesPerPrimitive: 3, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }] };
    const run = simulateStream(longer, 1, { steps: true });
    expect(run.steps).toBeGreaterThan(256);
    const replayed = replayThroughSpec(streamContext(longer), run.actions!, { shouldStop: () => true });
    expect([replayed.outcome, replayed.replayed]).toEqual(['stopped', 255]);
  });
});

describe('stream output: random timings on worker threads (built code in dist/)', () => {
  const built = join(import.meta.dirname, '..', 'dist', 'impl', 'streamout', 'timings.js');

  it('reports the same lowest failing timing with 2 jobs as with 1, for a planted bug', async () => {
    expect(existsSync(built), `${built} is missing: build first (npm run build)`).toBe(true);
    const { searchStreamTimings } = await import(pathToFileURL(built).href) as typeof import('../impl/streamout/timings.js');
    const scenario: StreamScenario = {
      soUnits: 2, bufferSizes: [4096, 0, 0, 0], batchIdBits: 13,
      packets: [{ type: 'enable' }, { type: 'work', primitives: 12, verticesPerPrimitive: 3, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
    };
    const search = (jobs: number) => searchStreamTimings({ scenario, seed: 101, runs: 40, jobs, deadline: null, plantedBug: 'ignoresTaskNumber' });
    const [one, two] = [await search(1), await search(2)];
    // Timing 0 passes and several later ones fail, so two threads race past the lowest failure.
    expect(one.failure?.index).toBeGreaterThan(0);
    expect(two.failure).toEqual(one.failure);
    expect(two.timingsRun).toBe(one.timingsRun);
    expect(two.timedOut).toBe(false);
  });

  it('reports timing 0 with 2 jobs when every timing fails, whichever thread finishes first', async () => {
    const { searchStreamTimings } = await import(pathToFileURL(built).href) as typeof import('../impl/streamout/timings.js');
    // Runs end at a deadlock whose step varies by timing, so timing 1 often finishes before timing 0.
    const scenario: StreamScenario = {
      soUnits: 3, bufferSizes: [1 << 20, 0, 0, 0], batchIdBits: 13,
      packets: [{ type: 'enable' }, { type: 'work', primitives: 200, verticesPerPrimitive: 3, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
    };
    for (let seed = 7; seed < 15; seed++) {
      const result = await searchStreamTimings({ scenario, seed, runs: 10, jobs: 2, deadline: null, plantedBug: 'ignoresTaskNumber' });
      expect([seed, result.failure?.index, result.timingsRun]).toEqual([seed, 0, 1]);
    }
  });
});
