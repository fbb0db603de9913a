import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../../format/streamout/trace.js';
import type { StreamScenario } from '../../../spec/streamout/scenario.js';
import { canonicalTrace, checkBoth, expectFailure, expectPasses, nth, recordedTrace, replaced } from './traceHelpers.js';

/** Two SO units, 2-bit batch IDs, three work packets (the middle one split in 2 tasks), and work outside stream output. */
const scenario: StreamScenario = {
  soUnits: 2, bufferSizes: [400, 0, 0, 0], batchIdBits: 2,
  packets: [
    { type: 'work', primitives: 3, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 1 },
    { type: 'offsets', offsets: [16, 0, 0, 0] },
    { type: 'enable' },
    { type: 'work', primitives: 40, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 1 },
    { type: 'work', primitives: 4, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 2 },
    { type: 'work', primitives: 0, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 1 },
    { type: 'disable' },
  ],
};
/** A timing that spreads the steps (the second enabled step when there is one). */
const second = (enabled: readonly { type: string }[]) => enabled[Math.min(1, enabled.length - 1)]!;
const trace = recordedTrace(scenario, second as never);
const canonical = canonicalTrace(scenario, second as never);

describe('stream output traces: steps a recorder sees, and lines the protocol does not allow', () => {
  it('accepts a trace without the "packet done" steps and without writes of nothing, and the old form with every step', () => {
    const wdLines = (lines: readonly TraceLine[]) => lines.filter((line) => line.step === 'wd').length;
    // 7 packets: 3 bundles, 4 batch tokens (40 primitives make 2 batches), and 4 "packet done" steps.
    expect(wdLines(canonical)).toBe(11);
    expect(wdLines(trace)).toBe(7);
    expect(trace.some((line) => line.step === 'wd' && line.message === undefined)).toBe(false);
    expectPasses(scenario, trace);
    expectPasses(scenario, canonical);
  });

  it('names an unknown step and a malformed line', () => {
    expectFailure(scenario, replaced(trace, 0, { step: 'flush' as never }), 1, '"flush" is not a protocol step: expected "step" to be one of wd, dispatch, finish, ssyncWd, ssyncUnit, first, second, response, write, retire');
    expectFailure(scenario, replaced(trace, 0, { step: 'write', unit: 0, buffer: 0 }), 1, 'a write line needs \'offset\': the byte offset the data starts at (a whole number)');
    expectFailure(scenario, replaced(trace, 0, { step: 'first', unit: 5, batch: 0, task: 0, last: true }), 1, 'a first line needs \'unit\': an SO unit number from 0 to 1, got 5');
  });

  it('says what an unexpected line is in protocol terms, what was allowed, and why not', () => {
    const stray: TraceLine = { step: 'first', unit: 1, batch: 7, task: 0, last: true };
    const message = expectFailure(scenario, [trace[0]!, stray], 2, 'first 1 is not allowed here (allowed: ');
    expect(message).toContain('): a first request from SO unit 1 for batch 7 task 0 (last task), but SO unit 1 has no task queued');
    expectFailure(scenario, [trace[0]!, { step: 'response', unit: 1, offsets: [0, 0, 0, 0] }], 2,
      'response 1 is not allowed here (allowed: wd (packet 0 done, may be left out), finish 0, ssyncWd): a response to SO unit 1 with offsets [0, 0, 0, 0], but SSYNC has not answered SO unit 1: no request of it is in the message table');
    expectFailure(scenario, [{ step: 'retire', id: 0 }], 1, 'retire is not allowed here (allowed: wd): a batch-ID retire message for ID 0 to the work distribution unit, but SSYNC has sent no batch-ID retire message the work distribution unit has not received');
  });

  it('says which contents differ from what the protocol gives, and where the protocol\'s value comes from', () => {
    expect(trace[0]).toEqual({ step: 'wd', message: 'token', id: 0 });
    expectFailure(scenario, replaced(trace, 0, { step: 'wd', message: 'token', id: 5 }), 1, 'wd: id is 5, but the protocol gives 0 (the work distribution unit\'s next message is a work token for batch ID 0 from the work distribution unit)');
    expectFailure(scenario, replaced(trace, 0, { step: 'wd', message: 'enable' }), 1, 'wd: message is "enable", but the protocol gives "token"');
    const first = nth(trace, (line) => line.step === 'first');
    expectFailure(scenario, replaced(trace, first, { ...trace[first]!, batch: 3 }), first + 1, `first ${trace[first]!.unit}: batch is 3, but the protocol gives 1 (SO unit ${trace[first]!.unit}'s next task is batch 1 task 0 (the last), 32 primitive(s) of [4, 0, 0, 0] bytes)`);
    const response = nth(trace, (line) => line.step === 'response');
    expect(trace[response]!.offsets).toEqual([16, 0, 0, 0]);
    expectFailure(scenario, replaced(trace, response, { ...trace[response]!, offsets: [0, 0, 0, 0] }), response + 1, 'offsets is [0,0,0,0], but the protocol gives [16,0,0,0] (SSYNC\'s offsets when it answered SO unit');
  });

  it('reads a bare wd line as the work distribution unit\'s next step after any "packet done" steps left out, and fails one no reading explains', () => {
    // The recorded offsets line follows a "packet done" the recorder left out: as a bare wd line it
    // is that step recorded, or the bundle after it; the lines after tell them apart.
    const afterPacketDone = nth(trace, (line) => line.step === 'wd' && line.message === 'offsets');
    expectPasses(scenario, replaced(trace, afterPacketDone, { step: 'wd' }));
    // While the work distribution unit dispatches a stream batch, no wd step is enabled at all.
    const dispatch = nth(trace, (line) => line.step === 'dispatch');
    expectFailure(scenario, replaced(trace, dispatch, { step: 'wd' }, trace[dispatch]!), dispatch + 1, 'wd is not allowed here (allowed: dispatch 0, dispatch 1');
  });

  it('reports a trace that ends early as incomplete, not as a failure', () => {
    const verdict = checkBoth(scenario, trace.slice(0, 10));
    expect([verdict.failure, verdict.complete]).toEqual([null, false]);
  });
});
