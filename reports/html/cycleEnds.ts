/**
 * The state at the end of each cycle of a recorded run, in cycle order: for each cycle, the state
 * after the last step taken in it (a step belongs to the cycle of the state it starts from).
 */
export function statesAtCycleEnd<State extends { readonly cycle: number }>(initial: State, steps: readonly { readonly state: State }[]): [number, State][] {
  const atEnd = new Map<number, State>();
  let before = initial;
  for (const step of steps) {
    atEnd.set(before.cycle, step.state);
    before = step.state;
  }
  return [...atEnd].sort((a, b) => a[0] - b[0]);
}
