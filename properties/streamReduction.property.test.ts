import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreAll } from '../explore/exhaustive.js';
import { exploreStream, runStream } from '../impl/streamout/explore.js';
import { streamPersistentSet } from '../impl/streamout/reduction.js';
import { streamStateKey, symmetricStreamStateKey } from '../impl/streamout/stateKey.js';
import type { Packet, StreamScenario } from '../spec/streamout/scenario.js';
import { serveInOrder, type SsyncPolicy } from '../spec/streamout/ssync.js';
import type { StreamState } from '../spec/streamout/state.js';
import { streamContext, type StreamAction } from '../spec/streamout/step.js';
import { streamSystem } from '../spec/streamout/system.js';
import { advancesOnFirstRequest, ignoresTaskNumber } from './streamout/brokenSsync.js';

type Reduce = (state: StreamState, enabled: readonly StreamAction[]) => readonly StreamAction[];

/** What one complete search saw: every problem, every terminal state by exact key and by orbit under unit renaming. */
interface Seen { readonly problems: Set<string>; readonly terminals: Set<string>; readonly orbits: Set<string> }

const BUDGET = 5_000;

/**
 * Tiny scenarios the unreduced search mostly finishes: a stream-output operation of 1-2 work
 * packets (1-2 tasks per batch), and around it nothing, work outside stream output, an offset
 * bundle or another operation; 1-3 units, a buffer small enough to overflow, 1- or 2-bit IDs.
 * At most 2 streamed tasks (3 with one unit).
 */
const tinyScenario: fc.Arbitrary<StreamScenario> = (() => {
  const work = fc.record({
    type: fc.constant('work' as const), primitives: fc.integer({ min: 1, max: 2 }), verticesPerPrimitive: fc.constant(1 as const),
    stride: fc.tuple(fc.integer({ min: 0, max: 8 }), fc.constant(0), fc.constant(0), fc.constant(0)), tasksPerBatch: fc.integer({ min: 1, max: 2 }),
  });
  const operation = fc.array(work, { minLength: 1, maxLength: 2 }).map((ws): Packet[] => [{ type: 'enable' }, ...ws, { type: 'disable' }]);
  const around = fc.oneof(
    fc.constant<Packet[]>([]),
    work.map((w): Packet[] => [w]),
    fc.integer({ min: 0, max: 8 }).map((at): Packet[] => [{ type: 'offsets', offsets: [at, 0, 0, 0] }]),
    operation,
  );
  const streamedTasks = (packets: readonly Packet[]) => {
    let enabled = false;
    let tasks = 0;
    for (const packet of packets) {
      if (packet.type === 'enable' || packet.type === 'disable') enabled = packet.type === 'enable';
      if (packet.type === 'work' && enabled) tasks += packet.tasksPerBatch;
    }
    return tasks;
  };
  return fc.record({
    soUnits: fc.integer({ min: 1, max: 3 }),
    bufferSizes: fc.tuple(fc.integer({ min: 0, max: 24 }), fc.constant(0), fc.constant(0), fc.constant(0)),
    batchIdBits: fc.integer({ min: 1, max: 2 }),
    packets: fc.tuple(around, operation, around).map((parts) => parts.flat()),
  }).filter((s) => streamedTasks(s.packets) <= (s.soUnits === 1 ? 3 : 2));
})();

/**
 * Searches the whole (reduced) state space without stopping at problems, collecting them and the
 * terminal states, by exact key and by orbit under unit renaming. The unreduced search (`reduce`
 * absent) tells states apart by their exact key; with `checkKey` it also checks, on every state
 * reached, that this key tells states apart exactly as their full JSON does (batch IDs aside: they
 * follow from the batch count). The reduced search identifies states by orbit with `symmetric`.
 */
function search(scenario: StreamScenario, ssync: SsyncPolicy, options: { reduce?: Reduce; symmetric?: boolean; checkKey?: boolean }): Seen | null {
  const base = streamSystem(streamContext(scenario, ssync));
  const problems = new Set<string>();
  const terminals = new Set<string>();
  const orbits = new Set<string>();
  const byKey = new Map<string, string>();
  const byJson = new Map<string, string>();
  const system = {
    ...base,
    key: options.symmetric ? symmetricStreamStateKey : streamStateKey,
    step: (state: StreamState, action: StreamAction) => {
      const next = base.step(state, action);
      if (options.checkKey) {
        const fast = streamStateKey(next.state);
        const json = JSON.stringify({ ...next.state, batchIds: null });
        if ((byKey.get(fast) ?? json) !== json || (byJson.get(json) ?? fast) !== fast) throw new Error(`the fast key confuses states after ${action.type}`);
        byKey.set(fast, json);
        byJson.set(json, fast);
      }
      return next;
    },
    stateFindings: (state: StreamState, actions: readonly StreamAction[]) => {
      if (actions.length === 0) {
        terminals.add(streamStateKey(state));
        orbits.add(symmetricStreamStateKey(state));
      }
      const found = base.stateFindings(state, actions);
      for (const problem of found) problems.add(problem);
      return found;
    },
  };
  const result = exploreAll(system, { maxStates: BUDGET, ...(options.reduce ? { reduce: options.reduce } : {}) });
  return result.complete ? { problems, terminals, orbits } : null;
}

/**
 * A problem as the reduction promises to keep it: which IDs are in flight twice at one moment
 * depends on the interleaving (its violation, which names the ID, is kept), and under symmetry a
 * problem is kept up to renaming the units.
 */
function normalize(problem: string, symmetric: boolean): string {
  const kept = problem.replace(/^batch IDs in flight twice: .*/, 'batch IDs in flight twice');
  return symmetric ? kept.replace(/unit \d+/g, 'unit #') : kept;
}

/** How a reduced search differs from the unreduced one; null when both see the same problems and terminal states (orbits under symmetry). */
function difference(full: Seen, scenario: StreamScenario, ssync: SsyncPolicy, reduce: Reduce, symmetric: boolean): string | null {
  const reduced = search(scenario, ssync, { reduce, symmetric });
  if (reduced === null) return 'the reduced search did not finish where the unreduced one did';
  const text = (set: Iterable<string>) => JSON.stringify([...new Set([...set].map((problem) => normalize(problem, symmetric)))].sort());
  if (text(full.problems) !== text(reduced.problems)) return `problems differ: unreduced ${text(full.problems)}, reduced ${text(reduced.problems)}`;
  const ends = (seen: Seen) => (symmetric ? seen.orbits : seen.terminals);
  if (text(ends(full)) !== text(ends(reduced))) return `terminal states differ: ${ends(full).size} unreduced, ${ends(reduced).size} reduced`;
  return null;
}

/**
 * Checks `reduce` (with unit symmetry or without) against the unreduced search on random tiny
 * scenarios; the number of scenarios the unreduced search finished, which were all compared.
 */
function compareOnRandomScenarios(ssync: SsyncPolicy, modes: readonly boolean[], numRuns: number): number {
  let decided = 0;
  fc.assert(fc.property(tinyScenario, (scenario) => {
    const full = search(scenario, ssync, { checkKey: ssync === serveInOrder });
    // A scenario the unreduced search cannot finish is not a run: every run is a comparison.
    fc.pre(full !== null);
    decided++;
    for (const symmetric of modes) {
      const found = difference(full, scenario, ssync, streamPersistentSet, symmetric);
      if (found !== null) throw new Error(`${symmetric ? 'with' : 'without'} unit symmetry: ${found}`);
    }
  }), { numRuns });
  return decided;
}

describe('stream-output reduction: same problems and terminal states as the unreduced search', () => {
  it('the reference SSYNC (partial-order reduction, with and without unit symmetry); the fast key is exact', () => {
    expect(compareOnRandomScenarios(serveInOrder, [false, true], 7)).toBe(7);
  });
  it('SSYNC advancing on the first request (planted bug; no symmetry)', () => {
    expect(compareOnRandomScenarios(advancesOnFirstRequest, [false], 8)).toBe(8);
  });
  it('SSYNC ignoring task numbers (planted bug; no symmetry: it prefers the lowest-numbered slot)', () => {
    expect(compareOnRandomScenarios(ignoresTaskNumber, [false], 8)).toBe(8);
  });
});

describe('an unsound reduction is caught', () => {
  // Always one dispatch (to the first unit): under a policy where which unit gets a task matters, problems are lost.
  const oneDispatch: Reduce = (state, enabled) => {
    const dispatch = enabled.find((action) => action.type === 'dispatch');
    return dispatch ? [dispatch] : streamPersistentSet(state, enabled);
  };

  it('one dispatch only loses the task-number bug of a batch split over two units', () => {
    const scenario: StreamScenario = {
      soUnits: 2, bufferSizes: [64, 0, 0, 0], batchIdBits: 2,
      packets: [{ type: 'enable' }, { type: 'work', primitives: 2, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 2 }, { type: 'disable' }],
    };
    const full = search(scenario, ignoresTaskNumber, {})!;
    expect(difference(full, scenario, ignoresTaskNumber, streamPersistentSet, false)).toBeNull();
    expect(difference(full, scenario, ignoresTaskNumber, oneDispatch, false)).toMatch(/problems differ/);
  });

  it('and the random comparison finds such a scenario', () => {
    const result = fc.check(fc.property(tinyScenario, (scenario) => {
      const full = search(scenario, ignoresTaskNumber, {});
      return full === null || difference(full, scenario, ignoresTaskNumber, oneDispatch, false) === null;
    }), { numRuns: 100, endOnFailure: true });
    expect(result.failed).toBe(true);
  });
});

describe('exploreStream with and without the reduction', () => {
  const split: StreamScenario = {
    soUnits: 2, bufferSizes: [64, 0, 0, 0], batchIdBits: 1,
    packets: [{ type: 'enable' }, ...[1, 2].map((tasksPerBatch): Packet => ({ type: 'work', primitives: 2, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch })), { type: 'disable' }],
  };

  it('uses unit symmetry only with the reference SSYNC, and both searches give the same verdict', () => {
    const reference = streamContext(split);
    const reduced = exploreStream(reference, 100_000);
    const full = exploreStream(reference, 100_000, undefined, undefined, { reduce: false });
    expect([reduced.reduction, full.reduction]).toEqual(['partial-order and unit symmetry', 'none']);
    expect([reduced.complete, reduced.counterexample, full.complete, full.counterexample]).toEqual([true, null, true, null]);
    expect(reduced.distinctStates).toBeLessThan(full.distinctStates);
    expect(exploreStream(streamContext(split, ignoresTaskNumber), 100_000).reduction).toBe('partial-order');
  });

  it('finds a planted bug either way; only the unreduced path is promised shortest, and both replay to the problem', () => {
    const context = streamContext(split, ignoresTaskNumber);
    const reduced = exploreStream(context, 100_000).counterexample!;
    const full = exploreStream(context, 100_000, undefined, undefined, { reduce: false }).counterexample!;
    expect([reduced.shortest, full.shortest]).toEqual([false, true]);
    expect(full.actions.length).toBeLessThanOrEqual(reduced.actions.length);
    for (const { actions } of [reduced, full]) {
      expect(runStream(context, (_enabled, k) => actions[k]!).problems.length).toBeGreaterThan(0);
    }
  });
});
