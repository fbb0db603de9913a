import { SimulatedSsync, type SsyncOutputs } from './ssync.js';

/**
 * Deliberately broken SSYNCs for the optimized simulation, the same bugs as the spec-side
 * policies of `properties/streamout/brokenSsync.ts` (same names). The property suite runs each
 * through both and requires the same problems on the same steps, which is how the simulation's
 * own problem detection (the incremental placement check) is held to the spec's; tests of
 * `--jobs` use them to plant a violation that shows only under some timings.
 */
export type PlantedSsyncBug = 'advancesOnFirstRequest' | 'ignoresTaskNumber';

/** The names of the planted bugs. */
export const PLANTED_SSYNC_BUGS: readonly PlantedSsyncBug[] = ['advancesOnFirstRequest', 'ignoresTaskNumber'];

/** SSYNC with a planted bug, or the reference SSYNC for `null`. */
export function simulatedSsync(bug: PlantedSsyncBug | null, units: number, bits: number, out: SsyncOutputs, problems: string[]): SimulatedSsync {
  if (bug === 'advancesOnFirstRequest') return new AdvancesOnFirstRequest(units, bits, out, problems);
  if (bug === 'ignoresTaskNumber') return new IgnoresTaskNumber(units, bits, out, problems);
  return new SimulatedSsync(units, bits, out, problems);
}

/**
 * A broken table may hold two slots for one (batch ID, task), where the spec answers the lowest
 * unit; so broken SSYNCs scan the table as the spec does instead of using the index.
 */
class ScanningSsync extends SimulatedSsync {
  protected override unitWaitingFor(id: number, task: number): number {
    return this.slots.findIndex((slot) => slot.occupied && !slot.advanced && slot.id === id && slot.task === task);
  }
}

/**
 * Moves to the next task or batch as soon as it has answered a first request, instead of after
 * the second request has said how many bytes the task needs; the bytes, when they come, are
 * added too late, so the next task gets the same offsets.
 */
class AdvancesOnFirstRequest extends ScanningSsync {
  override serve(): void {
    this.slots.forEach((slot) => {
      if (!slot.occupied || !slot.advanced || slot.bytes === null) return;
      for (let b = 0; b < 4; b++) this.offsets[b]! += slot.bytes[b]!;
      slot.occupied = false;
    });
    for (;;) {
      super.serve();
      if (this.op === null) return;
      const slot = this.slots.find((s) => s.occupied && !s.advanced && s.responded && s.id === this.currentId && s.task === this.currentTask && s.bytes === null);
      if (!slot) return;
      slot.advanced = true;
      if (slot.last) this.advanceBatch();
      else this.currentTask++;
    }
  }
}

/** Matches first requests on the batch ID only: any unanswered task of the current batch is served as the current task. */
class IgnoresTaskNumber extends ScanningSsync {
  override serve(): void {
    if (this.op !== null) {
      for (const slot of this.slots) if (slot.occupied && !slot.advanced && slot.id === this.currentId && !slot.responded) slot.task = this.currentTask;
    }
    super.serve();
  }
}
