import { eventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';
import type { Program } from '../../spec/scoreboard/program.js';
import { largestSafeImmediate } from './minimumDistance.js';

/** An event of an instruction: `instruction:read` or `instruction:write`. */
export type EventName = `${number}:${'read' | 'write'}`;

/**
 * Events that the barrier at instruction `barrier` guarantees have happened when it issues: its
 * wait mask (scoreboard at zero) and, for a DEPBAR, its immediate, each judged by the minimum
 * distance over the events in front of it.
 */
export function guaranteedBy(program: Program, barrier: number): Set<EventName> {
  const instruction = program.instructions[barrier]!;
  const done = new Set<EventName>();
  const add = (scoreboard: number, immediate: number) => {
    const order = eventOrder(program, barrier, scoreboard);
    order.events.forEach((event, index) => {
      const largest = largestSafeImmediate(order, index);
      if (largest !== null && largest >= immediate) done.add(`${event.instruction}:${event.kind}`);
    });
  };
  for (const scoreboard of instruction.control.wait) add(scoreboard, 0);
  if (instruction.kind === 'depbar') add(instruction.scoreboard, instruction.limit);
  return done;
}

/** Events guaranteed when instruction `point` issues by every barrier up to and including it, except those in `ignore`. */
export function guaranteedAt(program: Program, point: number, ignore: ReadonlySet<number> = new Set()): Set<EventName> {
  const done = new Set<EventName>();
  for (let barrier = 0; barrier <= point; barrier++) {
    if (ignore.has(barrier)) continue;
    for (const event of guaranteedBy(program, barrier)) done.add(event);
  }
  return done;
}
