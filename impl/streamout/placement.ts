import type { Batch, StreamScenario, Task } from '../../spec/streamout/scenario.js';

/**
 * How many of a task's primitives are written when its data starts at `offsets`: the same
 * answer as testing `fits` primitive by primitive (spec/streamout/layout.ts), in closed form.
 * Offsets only grow within a task, so the written primitives are a prefix of it, and in each
 * bound buffer the prefix ends where the room left runs out.
 */
export function fittingCount(bufferSizes: readonly number[], task: Task, offsets: readonly number[]): number {
  let count = task.primitiveCount;
  for (let b = 0; b < 4; b++) {
    const size = bufferSizes[b]!;
    if (size === 0) continue;
    const bytes = task.bytesPerPrimitive[b]!;
    const room = size - offsets[b]!;
    const fit = bytes === 0 ? (room >= 0 ? count : 0) : Math.floor(room / bytes);
    if (fit < count) count = Math.max(0, fit);
  }
  return count;
}

/** True when a task placed at `actual` writes what the API's placement `expected` writes: the same offset in every bound buffer. */
export function samePlacement(bufferSizes: readonly number[], expected: readonly number[], actual: readonly number[]): boolean {
  for (let b = 0; b < 4; b++) if (bufferSizes[b]! > 0 && expected[b] !== actual[b]) return false;
  return true;
}

/**
 * The layout check of the optimized simulation, done write by write instead of on the finished
 * buffers: the API's driver-order answer (`expectedLayout`) is walked one streamed task at a
 * time as tasks are dispatched (dispatch follows driver order), each task carries the offsets
 * the API gives it, and its write is compared with them. Memory is bounded by the tasks in
 * flight, not by the data written.
 *
 * A write at other offsets in some bound buffer is a misplacement. It is exact in one direction
 * only: no misplacement and the right counters mean the buffers equal the API's answer, while a
 * misplacement can in rare cases write the same data (a bound buffer the task writes 0 bytes to,
 * whose offset still fits). So a run with a misplacement gets the spec's full comparison.
 */
export class PlacementCheck {
  /** The first misplaced write (or out-of-order dispatch) in words; null while all were in place. */
  firstMisplacement: string | null = null;
  /** Primitives needed and written by the tasks handed out so far, by the API's answer. */
  expectedNeeded = 0;
  expectedWritten = 0;
  private packet = 0;
  private batch = 0;
  private task = 0;
  private enabled = false;
  private readonly offsets = [0, 0, 0, 0];

  constructor(private readonly scenario: StreamScenario, private readonly batches: readonly Batch[]) {}

  /**
   * A task goes to an SO unit (tasks are dispatched in driver order): the offsets the API puts
   * it at. A task that is not the next streamed one in driver order is a misplacement.
   */
  dispatched(batch: number, task: number): readonly number[] {
    const next = this.nextInDriverOrder();
    if (next === null || next.batch !== batch || next.task.task !== task) {
      this.firstMisplacement ??= `batch #${batch} task ${task} was dispatched, but the driver order streams ${next === null ? 'no more tasks' : `batch #${next.batch} task ${next.task.task}`} next`;
    }
    return next?.offsets ?? [NaN, NaN, NaN, NaN];
  }

  /** A task's data is written at `actual`; `expected` is what `dispatched` gave for it. */
  written(batchId: number, task: Task, expected: readonly number[], actual: readonly number[]): void {
    if (this.firstMisplacement !== null || samePlacement(this.scenario.bufferSizes, expected, actual)) return;
    this.firstMisplacement = `batch ${batchId} task ${task.task} (primitives ${task.firstPrimitive}..${task.firstPrimitive + task.primitiveCount - 1}) was written at offsets [${actual.join(', ')}], but the driver order puts it at [${expected.join(', ')}]`;
  }

  /**
   * At the end of a complete run: every streamed task was handed out, and the counters are the
   * API's. Returns true when the buffers then equal the API's answer.
   */
  finish(needed: number, written: number): boolean {
    if (this.firstMisplacement === null && this.nextInDriverOrder() !== null) this.firstMisplacement = 'the run ended with streamed tasks never dispatched';
    if (this.firstMisplacement === null && (needed !== this.expectedNeeded || written !== this.expectedWritten)) {
      this.firstMisplacement = `primitives needed ${needed} and written ${written}, but the driver order needs ${this.expectedNeeded} and writes ${this.expectedWritten}`;
    }
    return this.firstMisplacement === null;
  }

  /** The next streamed task in driver order and the offsets the API gives it, or null after the last. */
  private nextInDriverOrder(): { batch: number; task: Task; offsets: number[] } | null {
    const packets = this.scenario.packets;
    while (this.packet < packets.length) {
      const packet = packets[this.packet]!;
      if (packet.type !== 'work') {
        if (packet.type === 'offsets') packet.offsets.forEach((offset, b) => { this.offsets[b] = offset; });
        else this.enabled = packet.type === 'enable';
        this.packet++;
        continue;
      }
      const batch = this.batches[this.batch];
      if (!batch || batch.packet !== this.packet) {
        this.packet++;
        continue;
      }
      if (!this.enabled) {
        this.batch++;
        continue;
      }
      const task = batch.tasks[this.task]!;
      const placed = { batch: this.batch, task, offsets: [...this.offsets] };
      this.expectedNeeded += task.primitiveCount;
      this.expectedWritten += fittingCount(this.scenario.bufferSizes, task, placed.offsets);
      for (let b = 0; b < 4; b++) this.offsets[b]! += task.bytesPerPrimitive[b]! * task.primitiveCount;
      if (++this.task === batch.tasks.length) {
        this.task = 0;
        this.batch++;
      }
      return placed;
    }
    return null;
  }
}
