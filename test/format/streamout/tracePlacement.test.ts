import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../../format/streamout/trace.js';
import { isDataWrite } from '../../../format/streamout/traceShape.js';
import type { StreamScenario } from '../../../spec/streamout/scenario.js';
import { expectFailure, expectPasses, nth, recordedTrace, replaced } from './traceHelpers.js';

/**
 * One SO unit; buffers 0 and 1 written (4 and 8 bytes per primitive), buffer 2 bound but not
 * written. Batch 0 (ID 0): tasks of primitives [0, 2] at [0, 0] and [3, 5] at [12, 24]. Batch 1
 * (ID 1): primitives [6, 10] at [24, 48], of which [6, 7] fit (buffer 1 ends at 64). Batch 2
 * (ID 2): primitives [11, 12] at [44, 88]: nothing fits, so its write is silent.
 */
const scenario: StreamScenario = {
  soUnits: 1, bufferSizes: [40, 64, 100, 0], batchIdBits: 2,
  packets: [
    { type: 'enable' },
    { type: 'work', primitives: 6, verticesPerPrimitive: 1, stride: [4, 8, 0, 0], tasksPerBatch: 2 },
    { type: 'work', primitives: 5, verticesPerPrimitive: 1, stride: [4, 8, 0, 0], tasksPerBatch: 1 },
    { type: 'work', primitives: 2, verticesPerPrimitive: 1, stride: [4, 8, 0, 0], tasksPerBatch: 1 },
    { type: 'disable' },
  ],
};
const trace = recordedTrace(scenario);
const writeOf = (first: number, buffer: number) => nth(trace, (line) => isDataWrite(line) && line.primitives[0] === first && line.buffer === buffer);
/** The data-write line of batch 0 task 0 to buffer 0: 12 bytes at 0, primitives [0, 2]. */
const task0Buffer0 = writeOf(0, 0);
const task0Buffer1 = writeOf(0, 1);
const edit = (index: number, change: Partial<TraceLine>) => replaced(trace, index, { ...trace[index]!, ...change });

describe('stream output traces: data writes against the API order', () => {
  it('accepts the recorded trace, and the data of a task in pieces in any order', () => {
    expect(trace[task0Buffer0]).toEqual({ step: 'write', unit: 0, buffer: 0, offset: 0, bytes: 12, primitives: [0, 2] });
    expect(trace.filter(isDataWrite).map((line) => line.primitives)).toEqual([[0, 2], [0, 2], [3, 5], [3, 5], [6, 7], [6, 7]]);
    expectPasses(scenario, trace);
    const pieces: TraceLine[] = [
      { step: 'write', unit: 0, buffer: 0, offset: 8, bytes: 4, primitives: [2, 2] },
      { step: 'write', unit: 0, buffer: 0, offset: 0, bytes: 8, primitives: [0, 1] },
    ];
    expectPasses(scenario, replaced(trace, task0Buffer0, ...pieces));
  });

  it('rejects a write to a buffer that is not bound, or that the task writes nothing to', () => {
    expectFailure(scenario, edit(task0Buffer0, { buffer: 3 }), task0Buffer0 + 1, 'write 0: a write by SO unit 0 of primitives [0, 2] to buffer 3, bytes [0, 12), but buffer 3 is not bound (its size is 0)');
    expectFailure(scenario, edit(task0Buffer0, { buffer: 2 }), task0Buffer0 + 1, 'but batch 0 task 0 writes nothing to buffer 2 (0 bytes per primitive)');
  });

  it('rejects primitives that are not the task\'s', () => {
    expectFailure(scenario, edit(task0Buffer0, { bytes: 16, primitives: [0, 3] }), task0Buffer0 + 1,
      'but primitives [0, 3] are not all batch 0 task 0\'s: SO unit 0\'s task streams primitives [0, 2]');
  });

  it('rejects a write after an overflow: a primitive that does not fit, or any data of a task of which nothing fits', () => {
    const batch1 = writeOf(6, 0);
    expectFailure(scenario, edit(batch1, { bytes: 12, primitives: [6, 8] }), batch1 + 1,
      'but this is a write after an overflow: primitive 8 is the first of batch 1 task 0 that does not fit (it would end at byte 72 of buffer 1, past its size 64), so nothing from it on is written; the task writes primitives [6, 7]');
    const response = nth(trace, (line) => line.step === 'response', 3);
    expect(trace[response]!.offsets).toEqual([44, 88, 0, 0]);
    const overflowing: TraceLine = { step: 'write', unit: 0, buffer: 0, offset: 44, bytes: 4, primitives: [11, 11] };
    expectFailure(scenario, replaced(trace, response, trace[response]!, overflowing), response + 2,
      'primitive 11 is the first of batch 2 task 0 that does not fit (it would end at byte 48 of buffer 0, past its size 40), so nothing from it on is written; the task writes primitives none');
  });

  it('rejects a write outside the range SSYNC granted, at another offset than the API order gives, or of the wrong size', () => {
    expectFailure(scenario, edit(task0Buffer0, { offset: 100 }), task0Buffer0 + 1, 'but bytes [100, 112) are outside the range SSYNC granted SO unit 0 in buffer 0 for batch 0 task 0: [0, 12)');
    expectFailure(scenario, edit(task0Buffer0, { bytes: 16 }), task0Buffer0 + 1, 'but bytes [0, 16) are outside the range SSYNC granted SO unit 0 in buffer 0 for batch 0 task 0: [0, 12)');
    const misplaced: TraceLine[] = [
      { step: 'write', unit: 0, buffer: 0, offset: 0, bytes: 4, primitives: [0, 0] },
      { step: 'write', unit: 0, buffer: 0, offset: 0, bytes: 8, primitives: [1, 2] },
    ];
    expectFailure(scenario, replaced(trace, task0Buffer0, ...misplaced), task0Buffer0 + 2, 'but the API order puts primitive 1 at byte 4 of buffer 0 (batch 0 task 0 starts at byte 0), not at byte 0');
    expectFailure(scenario, edit(task0Buffer0, { bytes: 8 }), task0Buffer0 + 1, 'but primitives [0, 2] take 3 × 4 = 12 bytes in buffer 0, not 8');
  });

  it('rejects a write that overlaps what the task already wrote, and any write of a task already written', () => {
    const overlapping: TraceLine[] = [
      { step: 'write', unit: 0, buffer: 0, offset: 0, bytes: 8, primitives: [0, 1] },
      { step: 'write', unit: 0, buffer: 0, offset: 4, bytes: 8, primitives: [1, 2] },
    ];
    expectFailure(scenario, replaced(trace, task0Buffer0, ...overlapping), task0Buffer0 + 2,
      'but SO unit 0 already wrote primitives [1, 1] of batch 0 task 0 to buffer 0 (bytes [4, 8)): the write overlaps it');
    const again = replaced(trace, task0Buffer1, trace[task0Buffer1]!, trace[task0Buffer0]!);
    expectFailure(scenario, again, task0Buffer1 + 2, 'already written');
    const whole = replaced(trace, task0Buffer1, { step: 'write', unit: 0 });
    expectFailure(scenario, whole, task0Buffer1 + 1, 'write 0 is not allowed here (allowed: ');
    expectFailure(scenario, whole, task0Buffer1 + 1, 'SO unit 0 writing its task\'s data (the whole task), but SO unit 0 has already written part of batch 0 task 0\'s data: a whole-task write would write it twice');
  });

  it('rejects a write before SSYNC\'s response, and one by a unit with no task', () => {
    const response = nth(trace, (line) => line.step === 'response');
    expect(response).toBeLessThan(task0Buffer0);
    const early = [...trace.slice(0, response), trace[task0Buffer0]!, ...trace.slice(response).filter((_, k) => k !== task0Buffer0 - response)];
    expectFailure(scenario, early, response + 1, 'a write by SO unit 0 of primitives [0, 2] to buffer 0, bytes [0, 12), but SSYNC has not answered SO unit 0 for batch 0 task 0 yet, so it has no offsets to write at');
    expectFailure(scenario, [trace[0]!, trace[task0Buffer0]!], 2, 'but SO unit 0 has no task queued');
  });

  it('rejects a gap when the unit moves on to its next first request, naming the missing primitives and bytes', () => {
    const gappy: TraceLine[] = [
      { step: 'write', unit: 0, buffer: 0, offset: 0, bytes: 4, primitives: [0, 0] },
      { step: 'write', unit: 0, buffer: 0, offset: 8, bytes: 4, primitives: [2, 2] },
    ];
    const lines = replaced(trace, task0Buffer0, ...gappy);
    const next = nth(lines, (line) => line.step === 'first', 1);
    expectFailure(scenario, lines, next + 1, 'first 0 is not allowed here');
    expectFailure(scenario, lines, next + 1, 'a first request from SO unit 0 for batch 0 task 1 (last task), but SO unit 0 has not finished batch 0 task 0');
    expectFailure(scenario, lines, next + 1, 'its data has a gap: buffer 0 lacks primitives [1, 1] (bytes [4, 8))');
    const missing = trace.filter((_, index) => index !== task0Buffer0 && index !== task0Buffer1);
    expectFailure(scenario, missing, nth(missing, (line) => line.step === 'first', 1) + 1, 'its data is not written (buffer 0 lacks primitives [0, 2] (bytes [0, 12)); buffer 1 lacks primitives [0, 2] (bytes [0, 24)))');
  });

  it('rejects a gap at the end of the trace', () => {
    const single: StreamScenario = { ...scenario, packets: [scenario.packets[0]!, scenario.packets[2]!, scenario.packets[4]!] };
    const lines = recordedTrace(single);
    const cut = lines.filter((line) => !(isDataWrite(line) && line.buffer === 1));
    expectFailure(single, cut, cut.length + 1, 'the trace ends, but SO unit 0\'s data for batch 0 task 0 has a gap: buffer 1 lacks primitives [0, 4] (bytes [0, 40))');
  });
});
