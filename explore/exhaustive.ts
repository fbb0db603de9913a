import type { TransitionSystem, Witness } from './transitionSystem.js';

/** Options of `exploreAll`. */
export interface ExploreOptions<State = unknown, Action = unknown> {
  /** Give up (incomplete) once more than this many distinct states are known. */
  readonly maxStates: number;
  /** Stop at the first finding (its path is still a shortest one). */
  readonly stopAtFirst?: boolean;
  /** Called every 2,048 expanded states with the number of distinct states known. */
  readonly onProgress?: (states: number) => void;
  /**
   * Asked before each expansion (cheap calls only: a clock or an abort flag). When it returns a
   * reason, the search stops incomplete and `stoppedBy` carries that reason (a time budget, an
   * abort), so callers answer `unknown` with it instead of running on.
   */
  readonly shouldStop?: () => string | null;
  /**
   * A reduction: the subset of the enabled actions to expand (a persistent set). Only sound if
   * every terminal state and every finding of the full search stays reachable; each machine that
   * offers one proves that in a test against the unreduced search. Without it, all are expanded.
   */
  readonly reduce?: (state: State, enabled: readonly Action[]) => readonly Action[];
}

/** What a breadth-first exploration covered and found. */
export interface Exploration<Action, Finding> {
  /** True when every reachable state was expanded (or the search stopped at a first finding). */
  readonly complete: boolean;
  /** True when the search ended early because `stopAtFirst` and something was found. */
  readonly stoppedAtFinding: boolean;
  readonly distinctStates: number;
  /** Transitions taken, revisits included. */
  readonly transitions: number;
  /** Expanded states with no enabled action. */
  readonly finalStates: number;
  /** Distinct findings (by `findingKey`), each with a shortest path that shows it, in the order found. */
  readonly witnesses: readonly Witness<Action, Finding>[];
  /** Why the search stopped early: the state budget, or the reason `shouldStop` gave; null otherwise. */
  readonly stoppedBy: string | null;
}

interface Visit<State, Action> {
  readonly state: State;
  readonly parent: string | null;
  readonly action: Action | null;
}

/**
 * Breadth-first search of every reachable state, with state hashing (each distinct state is
 * expanded once) and a parent map (each finding gets a shortest path: fewest actions). Findings
 * are collected per transition and per state; a halting transition's state is not expanded.
 * This is the one exhaustive explorer every machine plugs into.
 */
export function exploreAll<State, Action, Event, Finding>(
  system: TransitionSystem<State, Action, Event, Finding>,
  options: ExploreOptions<State, Action>,
): Exploration<Action, Finding> {
  const startKey = system.key(system.initial);
  const visits = new Map<string, Visit<State, Action>>([[startKey, { state: system.initial, parent: null, action: null }]]);
  const queue: string[] = [startKey];
  const witnesses = new Map<string, Witness<Action, Finding>>();
  let transitions = 0;
  let finalStates = 0;
  const pathTo = (key: string, last?: Action): Action[] => {
    const actions: Action[] = last === undefined ? [] : [last];
    for (let visit = visits.get(key); visit?.action != null; visit = visits.get(visit.parent!)) actions.push(visit.action);
    return actions.reverse();
  };
  const record = (finding: Finding, path: () => Action[]): void => {
    const key = system.findingKey(finding);
    if (!witnesses.has(key)) witnesses.set(key, { finding, path: path() });
  };
  const result = (complete: boolean, stoppedAtFinding = false, stoppedBy: string | null = null): Exploration<Action, Finding> =>
    ({ complete, stoppedAtFinding, distinctStates: visits.size, transitions, finalStates, witnesses: [...witnesses.values()], stoppedBy });
  for (let head = 0; head < queue.length; head++) {
    if (visits.size > options.maxStates) return result(false, false, `state budget of ${options.maxStates} reached`);
    const stop = options.shouldStop?.() ?? null;
    if (stop !== null) return result(false, false, stop);
    if (head % 2048 === 0) options.onProgress?.(visits.size);
    const key = queue[head]!;
    const { state } = visits.get(key)!;
    const actions = system.actions(state);
    for (const finding of system.stateFindings(state, actions)) record(finding, () => pathTo(key));
    if (options.stopAtFirst && witnesses.size > 0) return result(true, true);
    if (actions.length === 0) finalStates++;
    for (const action of options.reduce && actions.length > 1 ? options.reduce(state, actions) : actions) {
      transitions++;
      const next = system.step(state, action);
      for (const finding of next.findings) record(finding, () => pathTo(key, action));
      if (next.halt) continue;
      const nextKey = system.key(next.state);
      if (visits.has(nextKey)) continue;
      visits.set(nextKey, { state: next.state, parent: key, action });
      queue.push(nextKey);
    }
    if (options.stopAtFirst && witnesses.size > 0) return result(true, true);
  }
  return result(true);
}
