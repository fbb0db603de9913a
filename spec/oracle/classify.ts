import type { MachineEvent } from '../scoreboard/machine/event.js';
import type { MachineState } from '../scoreboard/machine/state.js';
import type { Hazard, RegisterHazard } from './hazard.js';
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
      const hazard = classifyRead({ warp, register, reader, seen, expected, cycle }, (writer) => hasWritten(state, warp, writer));
      if (hazard) hazards.push(hazard);
    }
  }
  return hazards;
}

/** One register read as the oracle judges it: what it saw and what sequential execution says it should see. */
export interface ObservedRead {
  readonly warp: number;
  readonly register: string;
  readonly reader: number;
  /** The writer whose value the read saw (an instruction index; machines may use negative ids for values delivered before the program starts), or null for the initial value. */
  readonly seen: number | null;
  readonly expected: number | null;
  readonly cycle: number;
}

/**
 * The hazard a read shows, or null when it saw what sequential execution says. A value of a
 * later instruction is `WAR`; the expected value having landed and been overwritten by an older
 * one is `WAW`; otherwise the producer had not written yet: `RAW`. `landed(writer)` says whether
 * a writer's result has been written by now. Every machine judges its reads with this.
 */
export function classifyRead(read: ObservedRead, landed: (writer: number) => boolean): RegisterHazard | null {
  const { warp, register, reader, seen, expected, cycle } = read;
  if (seen === expected) return null;
  if (seen !== null && seen > reader) return { kind: 'WAR', warp, register, producer: reader, consumer: seen, observer: null, cycle };
  // The expected value did land but an older write overwrote it afterwards.
  if (expected !== null && landed(expected)) return { kind: 'WAW', warp, register, producer: seen!, consumer: expected, observer: reader, cycle };
  return { kind: 'RAW', warp, register, producer: expected!, consumer: reader, observer: null, cycle };
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
