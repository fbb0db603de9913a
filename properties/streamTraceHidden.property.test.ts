import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTrace, specView, traceLine, type TraceCheck, type TraceLine } from '../format/streamout/trace.js';
import { allowedSteps } from '../format/streamout/traceExplain.js';
import { isHiddenStep, recordedLines } from '../format/streamout/traceHidden.js';
import { TraceRecorder } from '../format/streamout/traceRecorder.js';
import { isDataWrite } from '../format/streamout/traceShape.js';
import { StreamTraceChecker } from '../impl/streamout/traceChecker.js';
import { simulateStream } from '../impl/streamout/simulator.js';
import type { StreamScenario } from '../spec/streamout/scenario.js';
import { initialStreamState, type StreamState } from '../spec/streamout/state.js';
import { streamActions, streamActionText, streamContext, streamStep, type StreamAction, type StreamContext } from '../spec/streamout/step.js';
import { streamScenarioArbitrary } from './arbitraries/streamScenario.js';


/** A trace the optimized simulation records, with its hidden steps deleted (all of them, or those `keep` does not keep). */
interface Deleted {
  readonly lines: TraceLine[];
  /** How many hidden steps the run took, and how many of them were left in the trace. */
  readonly hidden: number;
  readonly kept: number;
}

/**
 * Runs the simulation with its steps and its trace (`--trace-out`'s lines: a bare wd line for
 * every wd step, a task's data-write lines for every write) and walks both through the spec, so
 * each step's lines are known; a hidden step's lines (a "packet done"'s bare wd line; a write of
 * nothing has none) are deleted unless `keep` keeps that hidden step.
 */
function simulatorTraceWithoutHidden(scenario: StreamScenario, seed: number, keep: readonly boolean[] = []): Deleted {
  const context = streamContext(scenario);
  const run = simulateStream(scenario, seed, { steps: true, trace: true });
  let state = initialStreamState(scenario);
  let at = 0;
  let hidden = 0;
  let kept = 0;
  const lines: TraceLine[] = [];
  for (const action of run.actions!) {
    const recorded = recordedLines(context, state, action);
    const count = action.type === 'write' ? recorded.length : 1;
    const written = run.trace!.slice(at, at + count);
    at += count;
    // The simulation writes each step as the recorder's rule says (a wd step bare, in the old form).
    expect(written).toEqual(action.type === 'wd' ? [{ step: 'wd' }] : recorded);
    if (isHiddenStep(context, state, action)) {
      if (keep[hidden++ % Math.max(1, keep.length)] === true) {
        lines.push(...written);
        kept++;
      }
    } else lines.push(...written);
    state = streamStep(context, state, action);
  }
  expect(at).toBe(run.trace!.length);
  return { lines, hidden, kept };
}

/** Both checkers on one trace: the same verdict, failing line, message and state; and the streaming one never keeps more readings than work packets + 1. */
function checkBoth(scenario: StreamScenario, lines: readonly TraceLine[]): TraceCheck {
  const reference = checkTrace(streamContext(scenario), lines);
  const checker = new StreamTraceChecker(scenario);
  const bound = scenario.packets.filter((packet) => packet.type === 'work').length + 1;
  for (const line of lines) {
    checker.check(line);
    expect(checker.readingCount).toBeLessThanOrEqual(bound);
  }
  const streaming = checker.finish();
  expect(streaming.failure).toEqual(reference.failure);
  expect([streaming.complete, streaming.problems]).toEqual([reference.complete, reference.problems]);
  return reference;
}

/** True for a line whose contents name which instance of its step it is: a copy of it right after it can never be allowed. */
function namesItsInstance(line: TraceLine): boolean {
  return line.step === 'first' || line.step === 'second' || line.step === 'response' || line.step === 'retire' || line.step === 'finish' || isDataWrite(line);
}

/**
 * The line with one field changed to a value the protocol never gives there, or null when the
 * line has no such field: a batch or batch ID (first, retire; finish gets an ID beyond every
 * batch ID), a task number or last-task bit, bytes or offsets, a data write's offset, size or
 * last primitive. Each is what the protocol fixes given the lines before, the same in every
 * reading of them (readings differ only in the work distribution unit's "packet done" steps).
 */
function changed(scenario: StreamScenario, line: TraceLine, pick: number, delta: number): TraceLine | null {
  const plus = (values: readonly number[]) => values.map((value, index) => (index === 0 ? value + delta : value));
  switch (line.step) {
    case 'first': return [{ ...line, batch: line.batch! + delta }, { ...line, task: line.task! + delta }, { ...line, last: !line.last }][pick % 3]!;
    case 'second': return { ...line, bytes: plus(line.bytes as readonly number[]) };
    case 'response': return { ...line, offsets: plus(line.offsets!) };
    case 'retire': return { ...line, id: line.id! + delta };
    case 'finish': return { ...line, id: 2 << scenario.batchIdBits };
    case 'write':
      if (!isDataWrite(line)) return null;
      return [{ ...line, offset: line.offset + delta }, { ...line, bytes: line.bytes + delta }, { ...line, primitives: [line.primitives[0], line.primitives[1] + delta] as const }][pick % 3]!;
    default: return null;
  }
}

/** True when line `index + 1` cannot come without line `index`: its own unit's next step needs it. */
function needsPrevious(lines: readonly TraceLine[], index: number): boolean {
  const [line, next] = [lines[index]!, lines[index + 1]];
  if (next === undefined) return false;
  if (line.step === 'first') return next.step === 'second' && next.unit === line.unit; // no second request before the first
  if (line.step === 'response') return isDataWrite(next) && next.unit === line.unit; // no data before SSYNC's offsets
  return line.step === 'wd' && next.step === 'dispatch'; // no dispatch before its batch's token
}

/**
 * The semantics the checkers implement, by brute force: the set of every spec state the lines so
 * far, with any hidden steps between and around them, can lead to (no lazy steps, no merged
 * readings: states are told apart by their whole JSON). A line takes a step whose recorded line it
 * is (a bare wd line any wd step); consecutive data-write lines of one unit together take its
 * write step when they are exactly its recorded lines (how the simulation writes them). Returns
 * the first line no state can take (null if none) and whether a state at the end is complete.
 */
function bruteForce(context: StreamContext, lines: readonly TraceLine[]): { readonly failedAt: number | null; readonly complete: boolean } {
  const key = (state: StreamState) => JSON.stringify(state);
  const closure = (states: Map<string, StreamState>) => {
    const queue = [...states.values()];
    for (let state = queue.pop(); state !== undefined; state = queue.pop()) {
      for (const action of streamActions(context, state)) {
        if (!isHiddenStep(context, state, action)) continue;
        const next = streamStep(context, state, action);
        if (!states.has(key(next))) {
          states.set(key(next), next);
          queue.push(next);
        }
      }
    }
    return states;
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const takes = (state: StreamState, action: StreamAction, group: readonly TraceLine[]): boolean => {
    const line = group[0]!;
    if (line.step !== action.type) return false;
    if (line.step === 'wd') return line.message === undefined || same(recordedLines(context, state, action), group);
    if ('unit' in action && line.unit !== action.unit) return false;
    return same(recordedLines(context, state, action), group);
  };
  let states = closure(new Map([[key(initialStreamState(context.scenario)), initialStreamState(context.scenario)]]));
  for (let index = 0; index < lines.length;) {
    let end = index + 1;
    if (isDataWrite(lines[index]!)) while (end < lines.length && isDataWrite(lines[end]!) && lines[end]!.unit === lines[index]!.unit) end++;
    const group = lines.slice(index, end);
    const next = new Map<string, StreamState>();
    for (const state of states.values()) {
      for (const action of streamActions(context, state)) {
        if (!takes(state, action, group)) continue;
        const after = streamStep(context, state, action);
        next.set(key(after), after);
      }
    }
    if (next.size === 0) return { failedAt: index + 1, complete: false };
    states = closure(next);
    index = end;
  }
  return { failedAt: null, complete: [...states.values()].some((state) => streamActions(context, state).length === 0) };
}

const scenarioAndSeed = fc.tuple(streamScenarioArbitrary(), fc.integer({ min: 0, max: 2 ** 30 }));

type Mutation = { readonly kind: 'contents' | 'duplicate' | 'dropNeeded' | 'drop'; readonly at: number; readonly pick: number; readonly delta: number };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('contents' as const, 'duplicate' as const, 'dropNeeded' as const, 'drop' as const),
  at: fc.nat(),
  pick: fc.nat(),
  delta: fc.integer({ min: 1, max: 9 }),
});

describe('stream output traces: hidden steps (steps the recorder writes no line for) between any two lines', () => {
  it('the hidden steps are exactly the steps the recorder writes no line for, and the steps messages mark "may be left out"', () => {
    fc.assert(fc.property(scenarioAndSeed, ([scenario, seed]) => {
      const context = streamContext(scenario);
      const recorder = new TraceRecorder(scenario);
      const progress = Array.from({ length: scenario.soUnits }, () => ({ pieces: [], lastWritten: null }));
      let state = initialStreamState(scenario);
      for (const action of simulateStream(scenario, seed, { steps: true }).actions!) {
        const marked = allowedSteps(scenario, specView(context, state, progress)).filter((step) => step.endsWith('may be left out)')).map((step) => step.replace(/ \(.*\)$/, ''));
        expect(marked).toEqual(streamActions(context, state).filter((enabled) => isHiddenStep(context, state, enabled)).map(streamActionText));
        expect(recorder.record(traceLine(context, state, action)).length === 0).toBe(isHiddenStep(context, state, action));
        state = streamStep(context, state, action);
      }
    }), { numRuns: 60 });
  });

  it('accepts every trace the simulation records with all its hidden steps deleted, or any of them', () => {
    let deletedSome = 0;
    fc.assert(fc.property(scenarioAndSeed, fc.array(fc.boolean(), { maxLength: 8 }), ([scenario, seed], keep) => {
      const all = simulatorTraceWithoutHidden(scenario, seed);
      expect(all.kept).toBe(0);
      const some = simulatorTraceWithoutHidden(scenario, seed, keep);
      for (const { lines } of [all, some]) {
        const verdict = checkBoth(scenario, lines);
        expect(verdict.failure).toBeNull();
        expect(verdict.complete).toBe(true);
        expect(verdict.problems).toEqual([]);
      }
      // Runs are traces with some hidden step deleted and some kept: every run is such a mix.
      fc.pre(some.kept < some.hidden);
      deletedSome++;
    }), { numRuns: 100 });
    expect(deletedSome).toBe(100);
  });

  it('rejects one wrong line in such a trace at that line (a dropped line: where a later line needs it)', () => {
    const applied = { contents: 0, duplicate: 0, dropNeeded: 0, drop: 0 };
    // Each kind of mistake its own 75 runs, each a trace where it applies (fc.pre): no kind can
    // go untried under some seed.
    for (const kind of Object.keys(applied) as Mutation['kind'][]) fc.assert(fc.property(scenarioAndSeed, mutationArbitrary.map((drawn) => ({ ...drawn, kind })), ([scenario, seed], mutation) => {
      const { lines } = simulatorTraceWithoutHidden(scenario, seed);
      const eligible = lines.flatMap((line, index) => {
        switch (mutation.kind) {
          case 'contents': return changed(scenario, line, mutation.pick, mutation.delta) ? [index] : [];
          case 'dropNeeded': return needsPrevious(lines, index) ? [index] : [];
          default: return [index];
        }
      });
      fc.pre(eligible.length > 0);
      const index = eligible[mutation.at % eligible.length]!;
      const line = lines[index]!;
      applied[mutation.kind]++;
      switch (mutation.kind) {
        case 'contents': {
          // A value the protocol never gives there: rejected at that line.
          const verdict = checkBoth(scenario, [...lines.slice(0, index), changed(scenario, line, mutation.pick, mutation.delta)!, ...lines.slice(index + 1)]);
          expect(verdict.failure?.line).toBe(index + 1);
          return;
        }
        case 'duplicate': {
          const verdict = checkBoth(scenario, [...lines.slice(0, index + 1), line, ...lines.slice(index + 1)]);
          if (namesItsInstance(line)) {
            // Its contents say which request, response, retire, finish or data it is: a copy is rejected at the copy.
            expect(verdict.failure?.line).toBe(index + 2);
          } else if (line.step !== 'wd') {
            // dispatch, ssyncWd and ssyncUnit name no instance: the copy may pass as the next
            // dispatch or delivery, but the trace then has one more than the run can take, so some
            // line from the copy on is rejected.
            expect(verdict.failure?.line).toBeGreaterThanOrEqual(index + 2);
          } else {
            // A bare wd copy may legitimately be read as a "packet done" recorded (old form): then
            // the trace is a valid one; else it is rejected at the copy or later.
            if (verdict.failure) expect(verdict.failure.line).toBeGreaterThanOrEqual(index + 2);
          }
          return;
        }
        case 'dropNeeded': {
          // The next line is its own unit's next step and needs the dropped one: rejected there.
          const verdict = checkBoth(scenario, [...lines.slice(0, index), ...lines.slice(index + 1)]);
          expect(verdict.failure?.line).toBe(index + 1);
          return;
        }
        case 'drop': {
          // Any line: the lines before it are a valid prefix, so the first rejected line is at or
          // after the gap (at the first line that needs what the dropped one did, or at the end),
          // and the trace never passes as complete: a run has every recorded step.
          const verdict = checkBoth(scenario, [...lines.slice(0, index), ...lines.slice(index + 1)]);
          if (verdict.failure) expect(verdict.failure.line).toBeGreaterThanOrEqual(index + 1);
          else expect(verdict.complete).toBe(false);
          return;
        }
      }
    }), { numRuns: 75 });
    expect(applied).toEqual({ contents: 75, duplicate: 75, dropNeeded: 75, drop: 75 });
  });

  it('agree with a brute-force checker that keeps every state hidden steps reach (lazy hidden steps and merged readings lose nothing)', () => {
    let rejected = 0;
    fc.assert(fc.property(scenarioAndSeed, fc.array(fc.boolean(), { maxLength: 8 }), mutationArbitrary, ([scenario, seed], keep, mutation) => {
      const { lines } = simulatorTraceWithoutHidden(scenario, seed, keep);
      // One step line (not a data write, whose pieces the brute force does not split) dropped,
      // duplicated or given other contents, or none.
      const steps = lines.flatMap((line, index) => (isDataWrite(line) ? [] : [index]));
      const index = steps[mutation.at % Math.max(1, steps.length)];
      let planted = [...lines];
      if (index !== undefined && mutation.kind === 'drop') planted.splice(index, 1);
      if (index !== undefined && mutation.kind === 'duplicate') planted.splice(index, 0, lines[index]!);
      if (index !== undefined && mutation.kind === 'contents') planted = [...lines.slice(0, index), changed(scenario, lines[index]!, mutation.pick, mutation.delta) ?? lines[index]!, ...lines.slice(index + 1)];
      const verdict = checkBoth(scenario, planted);
      const brute = bruteForce(streamContext(scenario), planted);
      expect(verdict.failure?.line ?? null).toBe(brute.failedAt);
      if (brute.failedAt === null) expect(verdict.complete).toBe(brute.complete);
      else rejected++;
    }), { numRuns: 120 });
    // Passes and rejections both compared (how many of each varies with the seed; both are laws of the same property).
    console.log(`brute force vs checkers: ${rejected} of 120 mutated traces rejected by both at the same line`);
  });
});
