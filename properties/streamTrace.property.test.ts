import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTrace, specView, traceLine, type TraceLine } from '../format/streamout/trace.js';
import { allowedSteps } from '../format/streamout/traceExplain.js';
import { TraceRecorder } from '../format/streamout/traceRecorder.js';
import { isDataWrite } from '../format/streamout/traceShape.js';
import { checkTraceStreaming } from '../impl/streamout/traceChecker.js';
import { simulateStream } from '../impl/streamout/simulator.js';
import { runStreamTiming } from '../impl/streamout/explore.js';
import type { StreamScenario } from '../spec/streamout/scenario.js';
import { initialStreamState } from '../spec/streamout/state.js';
import { streamActions, streamActionText, streamContext, streamStep } from '../spec/streamout/step.js';
import { streamScenarioArbitrary } from './arbitraries/streamScenario.js';

/** The protocol's steps under one random timing, one canonical line each (bare `wd`, whole-task `write`). */
function canonicalTrace(scenario: StreamScenario, seed: number): TraceLine[] {
  const context = streamContext(scenario);
  let state = initialStreamState(scenario);
  return runStreamTiming(context, seed).actions.map((action) => {
    const line = traceLine(context, state, action);
    state = streamStep(context, state, action);
    return line;
  });
}

/** How a recorded trace is written: observable lines only, data writes cut into pieces, or mixed with the old forms. */
interface Recording {
  /** Per step, a number choosing: the old form (bare wd / whole write) when below `legacyShare`, else the recorded form. */
  readonly choices: readonly number[];
  readonly legacyShare: number;
  /** Data-write lines are cut at these fractions of their primitives (none: one line per buffer). */
  readonly cuts: readonly number[];
  readonly reversePieces: boolean;
}

const recordingArbitrary: fc.Arbitrary<Recording> = fc.record({
  choices: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 50 }),
  legacyShare: fc.constantFrom(0, 0, 0.3, 1),
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 2 }),
  reversePieces: fc.boolean(),
});

/** A data-write line cut into pieces at the given fractions of its primitive range. */
function cut(line: TraceLine, cuts: readonly number[]): TraceLine[] {
  if (!isDataWrite(line)) return [line];
  const [first, last] = line.primitives;
  const perPrimitive = line.bytes / (last - first + 1);
  const bounds = [...new Set(cuts.map((fraction) => first + Math.floor(fraction * (last - first + 1))))].filter((p) => p > first && p <= last).sort((a, b) => a - b);
  const starts = [first, ...bounds];
  return starts.map((start, index) => {
    const end = (starts[index + 1] ?? last + 1) - 1;
    return { ...line, offset: line.offset + (start - first) * perPrimitive, bytes: (end - start + 1) * perPrimitive, primitives: [start, end] as const };
  });
}

/** A trace as a testbench would record it, from the protocol's steps. */
function record(scenario: StreamScenario, canonical: readonly TraceLine[], recording: Recording): TraceLine[] {
  const recorder = new TraceRecorder(scenario);
  // Each step in either form, independently: a bare wd line may follow a "packet done" left out
  // (the checkers keep both readings of it), and a "packet done" may be recorded as a bare wd.
  return canonical.flatMap((line, index) => {
    const recorded = recorder.record(line);
    const legacy = recording.choices[index % recording.choices.length]! < recording.legacyShare;
    if (legacy && (line.step === 'wd' || line.step === 'write')) return [line];
    const pieces = recorded.flatMap((piece) => cut(piece, recording.cuts));
    return recording.reversePieces ? pieces.reverse() : pieces;
  });
}

type Mutation =
  | { readonly kind: 'drop' | 'duplicate' | 'swapNext'; readonly at: number }
  | { readonly kind: 'swap'; readonly at: number; readonly other: number }
  | { readonly kind: 'field'; readonly at: number; readonly field: 'offset' | 'bytes' | 'primitives0' | 'primitives1' | 'batch' | 'task' | 'offsets' | 'id' | 'buffer' | 'last' | 'unit'; readonly delta: number };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('drop' as const, 'duplicate' as const, 'swapNext' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), other: fc.nat() }),
  fc.record({
    kind: fc.constant('field' as const), at: fc.nat(),
    field: fc.constantFrom('offset' as const, 'bytes' as const, 'primitives0' as const, 'primitives1' as const, 'batch' as const, 'task' as const, 'offsets' as const, 'id' as const, 'buffer' as const, 'last' as const, 'unit' as const),
    delta: fc.integer({ min: -9, max: 9 }).filter((d) => d !== 0),
  }),
);

type Field = (Mutation & { kind: 'field' })['field'];

/** The change of one field of a line by `d` (a flip for `last`), or null when the line has no such field. */
function fieldChange(line: TraceLine, field: Field, d: number): Partial<TraceLine> | null {
  const shifted = (values: readonly number[]) => values.map((v, i) => (i === 0 ? Math.max(0, v + d) : v));
  switch (field) {
    case 'offset': return line.offset === undefined ? null : { offset: Math.max(0, line.offset + d) };
    case 'bytes': return typeof line.bytes === 'number' ? { bytes: Math.max(0, line.bytes + d) } : line.bytes ? { bytes: shifted(line.bytes) } : null;
    case 'primitives0': return line.primitives ? { primitives: [Math.max(0, line.primitives[0] + d), line.primitives[1]] } : null;
    case 'primitives1': return line.primitives ? { primitives: [line.primitives[0], Math.max(0, line.primitives[1] + d)] } : null;
    case 'batch': return line.batch === undefined ? null : { batch: Math.max(0, line.batch + d) };
    case 'task': return line.task === undefined ? null : { task: Math.max(0, line.task + d) };
    case 'offsets': return line.offsets ? { offsets: shifted(line.offsets) } : null;
    case 'id': return line.id === undefined ? null : { id: Math.max(0, line.id + d) };
    case 'buffer': return line.buffer === undefined ? null : { buffer: Math.abs(line.buffer + d) % 4 };
    case 'last': return line.last === undefined ? null : { last: !line.last };
    case 'unit': return line.unit === undefined ? null : { unit: Math.abs(line.unit + d) % 3 };
  }
}

/** A trace with one mistake planted (or unchanged when the mutation does not apply to the line it picks). */
function mutate(lines: readonly TraceLine[], mutation: Mutation): TraceLine[] {
  if (lines.length === 0) return [...lines];
  const copy = [...lines];
  const at = mutation.at % copy.length;
  if (mutation.kind === 'field') {
    // The first line from `at` on that has the field, so most field mutations change something.
    for (let k = 0; k < copy.length; k++) {
      const index = (at + k) % copy.length;
      const change = fieldChange(copy[index]!, mutation.field, mutation.delta);
      if (change === null) continue;
      copy[index] = { ...copy[index]!, ...change };
      break;
    }
  } else if (mutation.kind === 'swap' || mutation.kind === 'swapNext') {
    const other = mutation.kind === 'swap' ? mutation.other % copy.length : Math.min(at + 1, copy.length - 1);
    [copy[at], copy[other]] = [copy[other]!, copy[at]!];
  } else if (mutation.kind === 'drop') {
    copy.splice(at, 1);
  } else {
    copy.splice(at, 0, copy[at]!);
  }
  return copy;
}

/** Both checkers on one trace: the same verdict, failing line, message and state. */
function expectSameVerdict(scenario: StreamScenario, lines: readonly TraceLine[]): ReturnType<typeof checkTrace> {
  const reference = checkTrace(streamContext(scenario), lines);
  const streaming = checkTraceStreaming(scenario, lines);
  expect(streaming.failure).toEqual(reference.failure);
  expect([streaming.complete, streaming.problems]).toEqual([reference.complete, reference.problems]);
  return reference;
}

const scenarioAndSeed = fc.tuple(streamScenarioArbitrary(), fc.integer({ min: 0, max: 2 ** 30 }));

describe('stream output traces: the streaming checker against the reference', () => {
  it('both accept every recorded trace of a random timing (observable lines only, data in pieces, old forms mixed in)', () => {
    fc.assert(fc.property(scenarioAndSeed, recordingArbitrary, ([scenario, seed], recording) => {
      const canonical = canonicalTrace(scenario, seed);
      const lines = record(scenario, canonical, recording);
      const verdict = expectSameVerdict(scenario, lines);
      expect(verdict.failure).toBeNull();
      expect(verdict.complete).toBe(true);
      expect(verdict.problems).toEqual([]);
      // A recorded trace goes through the recorder unchanged (so a producer may hand it either form).
      const recorded = record(scenario, canonical, { choices: [1], legacyShare: 0, cuts: [], reversePieces: false });
      const again = new TraceRecorder(scenario);
      expect(recorded.flatMap((line) => again.record(line))).toEqual(recorded);
    }), { numRuns: 300 });
  });

  it('give the same verdict, failing line and message on traces with a mistake planted (dropped, duplicated, swapped or altered lines)', () => {
    let failures = 0;
    fc.assert(fc.property(scenarioAndSeed, recordingArbitrary, mutationArbitrary, ([scenario, seed], recording, mutation) => {
      const lines = mutate(record(scenario, canonicalTrace(scenario, seed), recording), mutation);
      // Runs are mutated traces the checkers reject (a mutation that leaves a valid trace is
      // compared, then skipped): all 400 runs compare a failing line and its message.
      fc.pre(expectSameVerdict(scenario, lines).failure !== null);
      failures++;
    }), { numRuns: 400 });
    expect(failures).toBe(400);
  });

  it('accept the old traces of the optimized simulation (every step, bare wd and whole-task write lines)', () => {
    fc.assert(fc.property(scenarioAndSeed, ([scenario, seed]) => {
      const verdict = expectSameVerdict(scenario, simulateStream(scenario, seed, true).trace!);
      expect(verdict.failure).toBeNull();
      expect(verdict.complete).toBe(true);
    }), { numRuns: 100 });
  });

  it('list as allowed exactly the steps the spec enables (the view the messages are built from is faithful)', () => {
    fc.assert(fc.property(scenarioAndSeed, ([scenario, seed]) => {
      const context = streamContext(scenario);
      let state = initialStreamState(scenario);
      const progress = Array.from({ length: scenario.soUnits }, () => ({ pieces: [], lastWritten: null }));
      for (const action of runStreamTiming(context, seed).actions) {
        const listed = allowedSteps(scenario, specView(context, state, progress)).map((step) => step.replace(/ \(.*\)$/, ''));
        expect(listed).toEqual(streamActions(context, state).map(streamActionText));
        state = streamStep(context, state, action);
      }
    }), { numRuns: 100 });
  });
});
