import type { Action } from '../spec/scoreboard/machine/action.js';
import type { MachineEvent } from '../spec/scoreboard/machine/event.js';
import { pipeIndexOf } from '../spec/scoreboard/operands.js';
import type { Program } from '../spec/scoreboard/program.js';

/**
 * The spec actions that produce a simulator trace: per cycle, its writes, `W`, its queue reads,
 * `R`, then its issue or `t`. Replaying them through the spec (`replay`) is the refinement check,
 * and it is how hazards found by the simulator get a timeline and a replay command.
 */
export function traceActions(program: Program, events: readonly MachineEvent[]): Action[] {
  const actions: Action[] = [];
  const pipe = (instruction: number) => pipeIndexOf(program, program.instructions[instruction]!);
  let index = 0;
  const at = (cycle: number, type: MachineEvent['type']) => events[index]?.cycle === cycle && events[index]!.type === type;
  for (let cycle = 0; index < events.length; cycle++) {
    while (at(cycle, 'write')) actions.push({ type: 'write', pipe: pipe(events[index++]!.instruction) });
    if (index === events.length) break;
    actions.push({ type: 'endWrites' });
    while (at(cycle, 'read')) actions.push({ type: 'read', pipe: pipe(events[index++]!.instruction) });
    actions.push({ type: 'endReads' });
    if (at(cycle, 'issue')) {
      actions.push({ type: 'issue', warp: events[index++]!.warp });
      // An issue's overflow and fixed-pipe read belong to the same step.
      while (at(cycle, 'overflow') || at(cycle, 'read')) index++;
    } else {
      actions.push({ type: 'tick' });
    }
  }
  return actions;
}
