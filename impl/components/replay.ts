import { replayPath, type Path } from '../../explore/run.js';
import { sameComponentAction, type ComponentAction, type ComponentRead, type ComponentState } from '../../spec/components/machine.js';
import type { ComponentProgram } from '../../spec/components/program.js';
import { componentSystem, type ComponentFinding } from '../../spec/components/system.js';

/** A run of the component machine, step by step (for timelines). */
export type ComponentTrace = Path<ComponentState, ComponentAction, ComponentRead, ComponentFinding>;

/**
 * Runs a given schedule through the spec machine. Every action must be one the machine enables
 * in the state it is taken in; otherwise the answer is a message naming the action, its index and
 * cycle, and what was enabled instead (the machine's own step only says it is not enabled).
 */
export function replayComponentSchedule(program: ComponentProgram, schedule: readonly ComponentAction[]): ComponentTrace | string {
  const system = componentSystem(program);
  let state = system.initial;
  for (const [index, action] of schedule.entries()) {
    const enabled = system.actions(state);
    if (!enabled.some((candidate) => sameComponentAction(candidate, action))) {
      const where = `action ${index + 1} of ${schedule.length} (${JSON.stringify(action)}), cycle ${state.cycle}`;
      if (enabled.length === 0) return `${where}: the program has already finished (after ${index} actions)`;
      return `${where}: not possible here; the machine allows ${enabled.map((a) => JSON.stringify(a)).join(' or ')}`;
    }
    state = system.step(state, action).state;
  }
  return replayPath(system, schedule);
}
