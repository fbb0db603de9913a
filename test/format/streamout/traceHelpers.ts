import { expect } from 'vitest';
import { checkTrace, traceLine, type TraceCheck, type TraceLine } from '../../../format/streamout/trace.js';
import { TraceRecorder } from '../../../format/streamout/traceRecorder.js';
import { checkTraceStreaming } from '../../../impl/streamout/traceChecker.js';
import { runStream } from '../../../impl/streamout/explore.js';
import type { StreamScenario } from '../../../spec/streamout/scenario.js';
import { initialStreamState } from '../../../spec/streamout/state.js';
import { streamContext, streamStep, type StreamAction } from '../../../spec/streamout/step.js';

/** The protocol's steps under one fixed timing (`pick` chooses among the enabled steps; default the first), one canonical line each. */
export function canonicalTrace(scenario: StreamScenario, pick: (enabled: readonly StreamAction[]) => StreamAction = (enabled) => enabled[0]!): TraceLine[] {
  const context = streamContext(scenario);
  let state = initialStreamState(scenario);
  return runStream(context, pick).actions.map((action) => {
    const line = traceLine(context, state, action);
    state = streamStep(context, state, action);
    return line;
  });
}

/** The same steps as a testbench records them: wd lines with their message, no "packet done", data-write lines. */
export function recordedTrace(scenario: StreamScenario, pick?: (enabled: readonly StreamAction[]) => StreamAction): TraceLine[] {
  const recorder = new TraceRecorder(scenario);
  return canonicalTrace(scenario, pick).flatMap((line) => recorder.record(line));
}

/** Checks a trace with the reference and the streaming checker, expects them to agree, and returns the verdict. */
export function checkBoth(scenario: StreamScenario, lines: readonly TraceLine[]): TraceCheck {
  const reference = checkTrace(streamContext(scenario), lines);
  const streaming = checkTraceStreaming(scenario, lines);
  expect(streaming.failure).toEqual(reference.failure);
  expect([streaming.complete, streaming.problems]).toEqual([reference.complete, reference.problems]);
  return reference;
}

/** Expects both checkers to accept the trace and the protocol to complete with the right buffers. */
export function expectPasses(scenario: StreamScenario, lines: readonly TraceLine[]): void {
  const verdict = checkBoth(scenario, lines);
  expect(verdict.failure).toBeNull();
  expect(verdict.complete).toBe(true);
  expect(verdict.problems).toEqual([]);
}

/** Expects both checkers to reject the trace at `line` with a message containing `message`; returns the message. */
export function expectFailure(scenario: StreamScenario, lines: readonly TraceLine[], line: number, message: string): string {
  const verdict = checkBoth(scenario, lines);
  expect(verdict.failure?.message).toContain(message);
  expect(verdict.failure?.line).toBe(line);
  return verdict.failure!.message;
}

/** Index of the n-th line (0-based) matching `test`; throws when there is none, so a test cannot pass vacuously. */
export function nth(lines: readonly TraceLine[], test: (line: TraceLine) => boolean, n = 0): number {
  const found = lines.flatMap((line, index) => (test(line) ? [index] : []))[n];
  if (found === undefined) throw new Error('the trace has no such line');
  return found;
}

/** The lines with line `index` replaced by `replacement` (any number of lines). */
export function replaced(lines: readonly TraceLine[], index: number, ...replacement: TraceLine[]): TraceLine[] {
  return [...lines.slice(0, index), ...replacement, ...lines.slice(index + 1)];
}
