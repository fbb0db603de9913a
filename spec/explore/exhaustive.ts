import type { Action } from '../machine/action.js';
import { enabledActions } from '../machine/enabled.js';
import { initialState, type MachineState } from '../machine/state.js';
import { DEFAULT_SCOREBOARD_MAX, step } from '../machine/step.js';
import { eventHazards, finalStateHazards } from '../oracle/classify.js';
import { sequentialSemantics } from '../oracle/sequential.js';
import type { Program } from '../program.js';
import { HazardCollection, type FoundHazard } from './found.js';
import { stateKey } from './stateKey.js';

/** Options of an exhaustive exploration. */
export interface ExhaustiveOptions {
  /** Give up (incomplete) after this many distinct states. */
  readonly maxStates: number;
  readonly scoreboardMax?: number;
  /** Called now and then with the number of states seen so far. */
  readonly onProgress?: (states: number) => void;
}

/** What an exhaustive exploration covered and found. */
export interface ExhaustiveResult {
  /** True when every reachable state was expanded: then every schedule of any latency was covered. */
  readonly complete: boolean;
  readonly states: number;
  readonly transitions: number;
  /** Distinct hazards, each with a shortest schedule (fewest actions) that shows it. */
  readonly hazards: readonly FoundHazard[];
}

interface Visit {
  readonly state: MachineState;
  readonly parent: string | null;
  readonly action: Action | null;
}

/**
 * Breadth-first search of every state the machine can reach, checking the hazard oracle on every
 * transition and in every finished state. Breadth-first order makes each reported schedule a
 * shortest one. States after a scoreboard overflow are not expanded (the counter is meaningless).
 */
export function exploreExhaustive(program: Program, options: ExhaustiveOptions): ExhaustiveResult {
  const semantics = sequentialSemantics(program);
  const scoreboardMax = options.scoreboardMax ?? DEFAULT_SCOREBOARD_MAX;
  const start = initialState(program);
  const visits = new Map<string, Visit>([[stateKey(start), { state: start, parent: null, action: null }]]);
  const queue: string[] = [stateKey(start)];
  const hazards = new HazardCollection();
  let transitions = 0;
  const scheduleTo = (key: string | null, last?: Action): Action[] => {
    const actions: Action[] = last ? [last] : [];
    for (let visit = key === null ? undefined : visits.get(key); visit?.action; visit = visits.get(visit.parent!)) {
      actions.push(visit.action);
    }
    return actions.reverse();
  };
  for (let head = 0; head < queue.length; head++) {
    if (visits.size > options.maxStates) {
      return { complete: false, states: visits.size, transitions, hazards: hazards.list() };
    }
    if (head % 2048 === 0) options.onProgress?.(visits.size);
    const key = queue[head]!;
    const { state } = visits.get(key)!;
    const actions = enabledActions(program, state);
    if (actions.length === 0) {
      for (const hazard of finalStateHazards(semantics, state)) hazards.add({ hazard, schedule: scheduleTo(key), seed: null });
    }
    for (const action of actions) {
      transitions++;
      const result = step(program, state, action, scoreboardMax);
      const found = eventHazards(semantics, result.state, result.events);
      for (const hazard of found) hazards.add({ hazard, schedule: scheduleTo(key, action), seed: null });
      if (found.some((hazard) => hazard.kind === 'overflow')) continue;
      const nextKey = stateKey(result.state);
      if (visits.has(nextKey)) continue;
      visits.set(nextKey, { state: result.state, parent: key, action });
      queue.push(nextKey);
    }
  }
  return { complete: true, states: visits.size, transitions, hazards: hazards.list() };
}
