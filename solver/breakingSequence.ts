import type { EventOrder } from '../spec/scoreboard/depbar/eventOrder.js';

/**
 * An order the machine allows in which exactly the events marked `done` happen first: the done
 * events, then the others, each part in an order consistent with `order.before` (lowest index
 * first among the events free to go). `done` must be closed under `before` (whatever precedes a
 * done event is done), which is what the solver's model guarantees; anything else throws.
 */
export function breakingSequence(order: EventOrder, done: readonly boolean[]): number[] {
  const count = order.events.length;
  const predecessors = Array.from({ length: count }, () => [] as number[]);
  for (const [a, b] of order.before) {
    if (done[b] && !done[a]) throw new Error(`event ${b} is done but ${a}, which precedes it, is not`);
    predecessors[b]!.push(a);
  }
  const placed = new Array<boolean>(count).fill(false);
  const sequence: number[] = [];
  for (const part of [true, false]) {
    for (;;) {
      const next = order.events.findIndex((_, index) => !placed[index] && Boolean(done[index]) === part && predecessors[index]!.every((p) => placed[p]));
      if (next < 0) break;
      placed[next] = true;
      sequence.push(next);
    }
  }
  if (sequence.length !== count) throw new Error('the event order has a cycle');
  return sequence;
}
