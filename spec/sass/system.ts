import type { TransitionSystem } from '../../explore/transitionSystem.js';
import { classifyRead } from '../oracle/classify.js';
import { hazardKey, type Hazard } from '../oracle/hazard.js';
import type { SassAction } from './machine/action.js';
import { sassEnabled } from './machine/enabled.js';
import type { SassEvent } from './machine/event.js';
import { DEFAULT_SASS_BOUNDS, sassIssueBlocker, type SassBounds } from './machine/readiness.js';
import { inFlight, initialSassState, type SassState } from './machine/state.js';
import { sassStateKey } from './machine/stateKey.js';
import { sassStep } from './machine/step.js';
import type { SassProgram } from './program.js';

/** The thread machine of a kernel as a transition system; findings use instruction indices (warp 0). */
export type SassSystem = TransitionSystem<SassState, SassAction, SassEvent, Hazard> & {
  /** True once some state was cut short by a search bound: exhaustive search then covered less than every schedule. */
  readonly boundReached: () => boolean;
};

/**
 * The machine with its oracle: every read is judged against sequential execution of the same
 * path (the `classifyRead` every machine uses, on issue numbers), counters past 6 bits halt,
 * and a finished thread's registers must hold what sequential execution left there.
 */
export function sassSystem(program: SassProgram, bounds: SassBounds = DEFAULT_SASS_BOUNDS): SassSystem {
  let boundReached = false;
  return {
    initial: initialSassState(program),
    actions(state) {
      const actions = sassEnabled(program, state, bounds);
      if (state.phase === 'issue' && sassIssueBlocker(program, state, bounds)?.reason === 'bound') boundReached = true;
      return actions;
    },
    step(state, action) {
      const result = sassStep(program, state, action, bounds);
      const findings = eventHazards(result.state, result.events);
      return { state: result.state, events: result.events, findings, halt: findings.some((hazard) => hazard.kind === 'overflow') };
    },
    key: sassStateKey,
    stateFindings: (state, actions) => (actions.length === 0 ? finalHazards(state) : []),
    findingKey: hazardKey,
    boundReached: () => boundReached,
  };
}

/** Hazards of one step's events: reads that saw another value than sequential execution, and overflows. */
function eventHazards(state: SassState, events: readonly SassEvent[]): Hazard[] {
  const hazards: Hazard[] = [];
  const pending = new Set(inFlight(state).map((entry) => entry.seq));
  for (const event of events) {
    if (event.type === 'overflow') {
      hazards.push({ kind: 'overflow', warp: 0, scoreboard: event.scoreboard, instruction: event.instruction, value: event.value, cycle: event.cycle });
    }
    if (event.type === 'early') {
      hazards.push({ kind: 'RAW', warp: 0, register: event.register, producer: event.producer, consumer: event.instruction, observer: null, cycle: event.cycle });
    }
    if (event.type !== 'read') continue;
    for (const { register, seen, expected } of event.reads) {
      const instructionOf = new Map<number, number>([[event.seq, event.instruction]]);
      if (seen) instructionOf.set(seen.seq, seen.instruction);
      if (expected) instructionOf.set(expected.seq, expected.instruction);
      const read = { warp: 0, register, reader: event.seq, seen: seen?.seq ?? null, expected: expected?.seq ?? null, cycle: event.cycle };
      const hazard = classifyRead(read, (writer) => !pending.has(writer));
      if (hazard) {
        hazards.push({
          ...hazard,
          producer: instructionOf.get(hazard.producer)!,
          consumer: instructionOf.get(hazard.consumer)!,
          observer: hazard.observer === null ? null : instructionOf.get(hazard.observer)!,
        });
      }
    }
  }
  return hazards;
}

/** WAW left in the registers of a finished thread. */
function finalHazards(state: SassState): Hazard[] {
  if (state.pc !== null) return [];
  return Object.entries(state.logical).flatMap(([register, last]) => {
    const landed = state.physical[register];
    if (!landed || landed.seq === last.seq) return [];
    return [{ kind: 'WAW', warp: 0, register, producer: landed.instruction, consumer: last.instruction, observer: null, cycle: state.cycle } satisfies Hazard];
  });
}
