import type { StreamScenario } from './scenario.js';
import { nextBatchId, type StreamState } from './state.js';

/**
 * How SSYNC serves its message table; the reference is `serveInOrder`. Property suites plug in
 * deliberately broken ones to show they are caught.
 */
export type SsyncPolicy = (scenario: StreamScenario, state: StreamState) => void;

/**
 * The reference SSYNC (seed 002). With no operation in progress it pops its FIFO (applying offset
 * bundles on the way, skipping operations without batches); the current batch ID starts at the
 * operation's first batch, task 0. It answers only the SO unit whose first request matches the
 * current batch ID and task number (once that batch's work token is in), with the current
 * offsets; when that unit's second request (bytes needed) is in, it advances the offsets, then the
 * task, or (last task) retires the batch ID and moves to the next batch ID. The operation ends when
 * the disable has closed it and all its batches are done. It re-examines the table every time the
 * current batch advances.
 */
export const serveInOrder: SsyncPolicy = (scenario, state) => {
  const ssync = state.ssync;
  for (;;) {
    if (ssync.op === null) {
      const entry = ssync.fifo.shift();
      if (!entry) return;
      if (entry.kind === 'offsets') {
        ssync.offsets = [...entry.offsets];
        continue;
      }
      ssync.op = entry;
      ssync.current = { id: entry.start, task: 0, served: 0 };
    }
    const current = ssync.current!;
    if (current.served === ssync.op.count) {
      if (!ssync.op.closed) return; // the next batch's token has not arrived yet
      ssync.op = null;
      ssync.current = null;
      continue;
    }
    const unit = ssync.table.findIndex((slot) => slot !== null && slot.id === current.id && slot.task === current.task);
    if (unit < 0) return;
    const slot = ssync.table[unit]!;
    if (!slot.responded) {
      state.toUnit[unit]!.push([...ssync.offsets]);
      slot.responded = true;
    }
    if (slot.bytes === null) return;
    slot.bytes.forEach((bytes, b) => { ssync.offsets[b]! += bytes; });
    ssync.table[unit] = null;
    if (slot.last) {
      state.retires.push(current.id);
      ssync.current = { id: nextBatchId(current.id, scenario.batchIdBits), task: 0, served: current.served + 1 };
    } else {
      ssync.current = { ...current, task: current.task + 1 };
    }
  }
};
