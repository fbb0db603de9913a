import type { StreamScenario } from './scenario.js';
import { batchesOf } from './scenario.js';

/** One primitive's data in one buffer. */
export interface BufferEntry {
  readonly offset: number;
  readonly bytes: number;
  readonly primitive: number;
}

/** What the stream-output buffers and the API's counters end up holding. */
export interface Layout {
  /** Per buffer, the entries in offset order. */
  readonly buffers: readonly (readonly BufferEntry[])[];
  readonly primitivesNeeded: number;
  readonly primitivesWritten: number;
}

/**
 * The API's answer, in driver order (the definition the protocol must meet under every timing):
 * the primitives of the batches between a stream enable and the next disable are appended to the
 * buffers at offsets that start at 0 or where the last offset bundle says. A primitive is written
 * only if, counting the bytes of every primitive before it since that offset bundle (written or
 * not), it ends within every bound buffer; otherwise none of its data is written anywhere.
 * "Primitives needed" counts every streamed primitive, "primitives written" the written ones.
 */
export function expectedLayout(scenario: StreamScenario): Layout {
  const buffers: BufferEntry[][] = [[], [], [], []];
  const offsets = [0, 0, 0, 0];
  let enabled = false;
  let needed = 0;
  let written = 0;
  const batches = batchesOf(scenario);
  let nextBatch = 0;
  scenario.packets.forEach((packet, index) => {
    if (packet.type === 'enable') enabled = true;
    if (packet.type === 'disable') enabled = false;
    if (packet.type === 'offsets') packet.offsets.forEach((offset, b) => { offsets[b] = offset; });
    if (packet.type !== 'work') return;
    for (; nextBatch < batches.length && batches[nextBatch]!.packet === index; nextBatch++) {
      if (!enabled) continue;
      for (const task of batches[nextBatch]!.tasks) {
        for (let primitive = task.firstPrimitive; primitive < task.firstPrimitive + task.primitiveCount; primitive++) {
          needed++;
          if (fits(scenario, offsets, task.bytesPerPrimitive)) {
            written++;
            task.bytesPerPrimitive.forEach((bytes, b) => { if (bytes > 0 && scenario.bufferSizes[b]! > 0) buffers[b]!.push({ offset: offsets[b]!, bytes, primitive }); });
          }
          task.bytesPerPrimitive.forEach((bytes, b) => { offsets[b]! += bytes; });
        }
      }
    }
  });
  return { buffers, primitivesNeeded: needed, primitivesWritten: written };
}

/** Whether a primitive of these sizes, starting at `offsets`, ends within every bound buffer. */
export function fits(scenario: StreamScenario, offsets: readonly number[], bytes: readonly number[]): boolean {
  return scenario.bufferSizes.every((size, b) => size === 0 || offsets[b]! + bytes[b]! <= size);
}
