import type { BufferEntry } from '../../spec/streamout/layout.js';
import { batchesOf, type Batch, type StreamScenario, type Task } from '../../spec/streamout/scenario.js';

/** Batches per scenario object: many timings of one scenario share them (they are never changed). */
const batchCache = new WeakMap<StreamScenario, readonly Batch[]>();

/** The scenario's batches in driver order (see `batchesOf`), computed once per scenario object. */
export function batchesOfScenario(scenario: StreamScenario): readonly Batch[] {
  let batches = batchCache.get(scenario);
  if (!batches) {
    batches = batchesOf(scenario);
    batchCache.set(scenario, batches);
  }
  return batches;
}

/** Bytes a task needs per buffer (its second request). */
export function bytesNeeded(task: Task): number[] {
  return task.bytesPerPrimitive.map((bytes) => bytes * task.primitiveCount);
}

/** Records the entries of a task's written primitives, in every bound buffer it writes bytes to. */
export function keepEntries(buffers: BufferEntry[][], sizes: readonly number[], task: Task, at: readonly number[], fitting: number): void {
  for (let b = 0; b < 4; b++) {
    const bytes = task.bytesPerPrimitive[b]!;
    if (bytes === 0 || sizes[b] === 0) continue;
    for (let k = 0; k < fitting; k++) buffers[b]!.push({ offset: at[b]! + k * bytes, bytes, primitive: task.firstPrimitive + k });
  }
}
