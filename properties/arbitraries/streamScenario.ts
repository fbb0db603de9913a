import fc from 'fast-check';
import { batchCount, type Packet, type StreamScenario } from '../../spec/streamout/scenario.js';

/**
 * Small stream-output scenarios: 1-3 SO units, a 1- or 2-bit batch-ID counter (so IDs wrap and
 * must wait for retirement), work packets of a few primitives split into 1-3 tasks (evenly, or
 * with stated per-task counts as a geometry shader emits them), stream
 * enable/disable, offset bundles between operations, buffers small enough to overflow.
 */
export function streamScenarioArbitrary(): fc.Arbitrary<StreamScenario> {
  const four = (max: number) => fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }), fc.constant(0), fc.constant(0));
  const evenWork = fc.record({
    type: fc.constant('work' as const),
    primitives: fc.integer({ min: 0, max: 40 }),
    verticesPerPrimitive: fc.constantFrom(1 as const, 3 as const),
    stride: four(4),
    tasksPerBatch: fc.integer({ min: 1, max: 3 }),
  });
  // A geometry shader that states what each task emits: 1-3 tasks of 0-4 primitives per batch.
  const statedWork = evenWork.chain((w) => {
    const batches = batchCount(w);
    return fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }), { minLength: batches, maxLength: batches })
      .map((lists): Packet => ({ ...w, tasksPerBatch: lists[0]?.length ?? 1, taskVertices: lists.map((list) => list.map((primitives) => primitives * w.verticesPerPrimitive)) }));
  });
  const work = fc.oneof({ weight: 3, arbitrary: evenWork.map((w): Packet => w) }, { weight: 1, arbitrary: statedWork });
  const step = fc.oneof(
    { weight: 3, arbitrary: work.map((w): Packet[] => [w]) },
    { weight: 2, arbitrary: fc.array(work, { minLength: 1, maxLength: 2 }).map((ws): Packet[] => [{ type: 'enable' }, ...ws, { type: 'disable' }]) },
    { weight: 1, arbitrary: four(64).map((offsets): Packet[] => [{ type: 'offsets', offsets }]) },
  );
  return fc.record({
    soUnits: fc.integer({ min: 1, max: 3 }),
    bufferSizes: fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.constant(0), fc.constant(0)),
    batchIdBits: fc.integer({ min: 1, max: 2 }),
    packets: fc.array(step, { minLength: 1, maxLength: 4 }).map((steps) => steps.flat()),
  });
}
