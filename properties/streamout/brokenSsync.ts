import { nextBatchId } from '../../spec/streamout/state.js';
import type { SsyncPolicy } from '../../spec/streamout/ssync.js';
import { serveInOrder } from '../../spec/streamout/ssync.js';

/**
 * Planted bug: SSYNC moves to the next batch as soon as it answers a first request, instead of
 * after the second request has told it how many bytes the batch needs. The next batch then gets
 * the same offsets.
 */
export const advancesOnFirstRequest: SsyncPolicy = (scenario, state) => {
  const ssync = state.ssync;
  ssync.table.forEach((slot, unit) => {
    if (slot?.id === -1 && slot.bytes !== null) {
      slot.bytes.forEach((bytes, b) => { ssync.offsets[b]! += bytes; });
      ssync.table[unit] = null;
    }
  });
  for (;;) {
    serveInOrder(scenario, state);
    const current = ssync.current;
    if (!current || !ssync.op) return;
    const unit = ssync.table.findIndex((slot) => slot !== null && slot.responded && slot.id === current.id && slot.task === current.task && slot.bytes === null);
    if (unit < 0) return;
    const slot = ssync.table[unit]!;
    // Advance now; the bytes, when they come, are added but too late for the next batch.
    slot.id = -1;
    ssync.current = slot.last ? { id: nextBatchId(current.id, scenario.batchIdBits), task: 0, served: current.served + 1 } : { ...current, task: current.task + 1 };
    if (slot.last) state.retires.push(current.id);
  }
};

/** Planted bug: SSYNC matches first requests on the batch ID only, ignoring the task number. */
export const ignoresTaskNumber: SsyncPolicy = (scenario, state) => {
  const current = state.ssync.current;
  // Serve any task of the current batch as if it were the current one.
  if (current) {
    for (const slot of state.ssync.table) if (slot && slot.id === current.id && !slot.responded) slot.task = current.task;
  }
  serveInOrder(scenario, state);
};
