import type { MachineEvent } from '../scoreboard/machine/event.js';
import type { MachineState } from '../scoreboard/machine/state.js';
import type { Hazard } from './hazard.js';
import type { SequentialSemantics } from './sequential.js';

/** True when instruction `index` of `warp` has issued and left its pipe (its results are written). */
export function hasWritten(state: MachineState, warp: number, index: number): boolean {
  if (state.warps[warp]!.next <= index) return false;
  return !state.pipes.some((entries) => entries.some((e) => e.warp === warp && e.instruction === index));
}

/**
 * The hazards one step revealed: reads that saw a value other than sequential execution's,
 * and scoreboard overflows. `state` is the state after the step.
 */
export function eventHazards(
  semantics: SequentialSemantics,
  state: MachineState,
  events: readonly MachineEvent[],
): Hazard[] {
  const hazards: Hazard[] = [];
  for (const event of events) {
    if (event.type === 'overflow') {
      const { warp, scoreboard, instruction, value, cycle } = event;
      hazards.push({ kind: 'overflow', warp, scoreboard, instruction, value, cycle });
    }
    if (event.type !== 'read') continue;
    const { warp, instruction: reader, cycle } = event;
    for (const { register, writer: seen } of event.seen) {
      const expected = semantics.expectedReads[reader]!.get(register) ?? null;
      if (seen === expected) continue;
      if (seen !== null && seen > reader) {
        hazards.push({ kind: 'WAR', warp, register, producer: reader, consumer: seen, observer: null, cycle });
      } else if (expected !== null && hasWritten(state, warp, expected)) {
        // The expected value did land but an older write overwrote it afterwards.
        hazards.push({ kind: 'WAW', warp, register, producer: seen!, consumer: expected, observer: reader, cycle });
      } else {
        hazards.push({ kind: 'RAW', warp, register, producer: expected!, consumer: reader, observer: null, cycle });
      }
    }
  }
  return hazards;
}

/** WAW hazards visible in the final register state of a finished machine. */
export function finalStateHazards(semantics: SequentialSemantics, state: MachineState): Hazard[] {
  const hazards: Hazard[] = [];
  state.warps.forEach((warpState, warp) => {
    for (const [register, last] of semantics.finalWriters) {
      const landed = warpState.registers[register];
      if (landed !== undefined && landed !== last) {
        hazards.push({ kind: 'WAW', warp, register, producer: landed, consumer: last, observer: null, cycle: state.cycle });
      }
    }
  });
  return hazards;
}
