import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../../format/streamout/trace.js';
import { StreamTraceChecker } from '../../../impl/streamout/traceChecker.js';
import type { StreamScenario } from '../../../spec/streamout/scenario.js';
import { expectFailure, expectPasses, replaced } from './traceHelpers.js';

/** One SO unit, two one-batch work packets inside one stream-output operation. */
const scenario: StreamScenario = {
  soUnits: 1, bufferSizes: [64, 0, 0, 0], batchIdBits: 2,
  packets: [
    { type: 'enable' },
    { type: 'work', primitives: 1, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 1 },
    { type: 'work', primitives: 1, verticesPerPrimitive: 1, stride: [4, 0, 0, 0], tasksPerBatch: 1 },
    { type: 'disable' },
  ],
};

/** A task of the unit: first request, SSYNC takes it, response, data, second request, SSYNC takes it. */
const task = (batch: number, offset: number): TraceLine[] => [
  { step: 'first', unit: 0, batch, task: 0, last: true },
  { step: 'ssyncUnit', unit: 0 },
  { step: 'response', unit: 0, offsets: [offset, 0, 0, 0] },
  { step: 'write', unit: 0, buffer: 0, offset, bytes: 4, primitives: [batch, batch] },
  { step: 'second', unit: 0, bytes: [4, 0, 0, 0] },
  { step: 'ssyncUnit', unit: 0 },
];

/**
 * The work distribution unit's steps as bare wd lines (the optimized simulation's form), with
 * packet 1's "packet done" left out: line 5 goes from packet 1's last batch straight to packet
 * 2's token, and line 6 dispatches it. Packet 2's "packet done" before the disable is left out too.
 */
const trace: TraceLine[] = [
  { step: 'wd' }, // enable
  { step: 'ssyncWd' },
  { step: 'wd' }, // packet 1's batch: token 0
  { step: 'dispatch', unit: 0 },
  { step: 'wd' }, // packet 1 done (left out), packet 2's batch: token 1
  { step: 'dispatch', unit: 0 },
  { step: 'ssyncWd' },
  ...task(0, 0),
  { step: 'retire', id: 0 },
  { step: 'ssyncWd' },
  ...task(1, 4),
  { step: 'wd' }, // packet 2 done (left out), disable
  { step: 'ssyncWd' },
  { step: 'retire', id: 1 },
];

describe('stream output traces: hidden steps between any two lines', () => {
  it('accepts a trace going from one work packet\'s last batch straight into the next packet\'s first dispatch (bare wd lines)', () => {
    // Before, line 6 failed: "dispatch 0 is not allowed here (allowed: wd, ssyncWd, first 0): a
    // dispatch of the next task to SO unit 0, but the work distribution unit has no stream batch
    // with tasks left to dispatch" (line 5 was read as the "packet done" only).
    expectPasses(scenario, trace);
  });

  it('accepts the same trace with the "packet done" steps recorded as bare wd lines, and with wd lines naming their message', () => {
    expectPasses(scenario, replaced(replaced(trace, 4, { step: 'wd' }, { step: 'wd' }), 22, { step: 'wd' }, { step: 'wd' }));
    const named: TraceLine[] = [{ step: 'wd', message: 'enable' }, { step: 'wd', message: 'token', id: 0 }, { step: 'wd', message: 'token', id: 1 }, { step: 'wd', message: 'disable' }];
    let next = 0;
    expectPasses(scenario, trace.map((line) => (line.step === 'wd' ? named[next++]! : line)));
  });

  it('keeps both readings of a bare wd line only until a line tells them apart', () => {
    const checker = new StreamTraceChecker(scenario);
    const sizes = trace.map((line) => {
      expect(checker.check(line)).toBeNull();
      return checker.readingCount;
    });
    // Line 5: "packet done" recorded, or left out and the token sent; line 6 (a dispatch) settles it.
    expect(sizes.slice(3, 7)).toEqual([1, 2, 1, 1]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(scenario.packets.filter((packet) => packet.type === 'work').length + 1);
    expect(checker.finish()).toMatchObject({ failure: null, complete: true, problems: [] });
  });

  it('keeps two readings of a bare wd line after several "packet done" steps left out (empty work packets): the pending one recorded, or the message after all', () => {
    const empties = Array.from({ length: 5 }, () => ({ type: 'work' as const, primitives: 0, verticesPerPrimitive: 1 as const, stride: [4, 0, 0, 0] as const, tasksPerBatch: 1 }));
    const spaced: StreamScenario = { ...scenario, packets: [scenario.packets[0]!, scenario.packets[1]!, ...empties, ...scenario.packets.slice(2)] };
    const checker = new StreamTraceChecker(spaced);
    const sizes = trace.map((line) => {
      expect(checker.check(line)).toBeNull();
      return checker.readingCount;
    });
    expect(Math.max(...sizes)).toBe(2);
    expect(checker.finish()).toMatchObject({ failure: null, complete: true, problems: [] });
    expectPasses(spaced, trace);
    // Each "packet done" recorded as a bare wd line (the simulation's form) passes too.
    expectPasses(spaced, replaced(trace, 4, ...Array.from({ length: 7 }, (): TraceLine => ({ step: 'wd' }))));
  });

  it('still names the first line no hidden steps explain', () => {
    // A second dispatch for the one-task batch of packet 2: nothing hidden gives the unit another task.
    expectFailure(scenario, replaced(trace, 5, trace[5]!, { step: 'dispatch', unit: 0 }), 7,
      'dispatch 0 is not allowed here (allowed: wd (packet 2 done, may be left out), ssyncWd, first 0): a dispatch of the next task to SO unit 0, but the work distribution unit has no stream batch with tasks left to dispatch');
    // A bare wd where token 0's batch waits to be dispatched: no reading has a wd step enabled.
    expectFailure(scenario, replaced(trace, 3, { step: 'wd' }), 4, 'wd is not allowed here (allowed: dispatch 0, ssyncWd): the work distribution unit\'s next step, but the work distribution unit is still dispatching the tasks of batch ID 0 (0 of 1 dispatched)');
  });
});
