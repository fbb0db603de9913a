import type { EventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';

/**
 * The compiler's closed form (seed 000's "minimum distance", generalised to several pipes): the
 * counted events that must happen at or after the protected one are exactly those of its own pipe
 * that come later in the pipe's order (for a write: the writes of it and of later instructions;
 * for a read: the reads and the writes of it and of later instructions). Every other event can
 * already have happened. So the largest safe immediate is that number minus one; null when no
 * counted event is forced after it (no immediate protects the event).
 */
export function largestSafeImmediate(order: EventOrder, protectedEvent: number): number | null {
  const target = order.events[protectedEvent]!;
  let forced = 0;
  for (const event of order.events) {
    if (!event.counted || event.pipe !== target.pipe || event.instruction < target.instruction) continue;
    if (target.kind === 'write' && event.kind === 'read') continue;
    forced++;
  }
  return forced >= 1 ? forced - 1 : null;
}

/**
 * `largestSafeImmediate` for every event of the order at once, in one pass from the back (the
 * order lists events by instruction): barriers ask for all of them, and one scan per event made
 * that quadratic in the events in front of the barrier.
 */
export function largestSafeImmediates(order: EventOrder): (number | null)[] {
  const { events } = order;
  const result = new Array<number | null>(events.length).fill(null);
  /** Counted events of each pipe at or after the current instruction: all of them, and the writes. */
  const countedAll = new Map<number, number>();
  const countedWrites = new Map<number, number>();
  for (let end = events.length; end > 0;) {
    // The events of one instruction (its read, then its write) count for each other: take them together.
    let start = end - 1;
    while (start > 0 && events[start - 1]!.instruction === events[end - 1]!.instruction) start--;
    for (let index = start; index < end; index++) {
      const event = events[index]!;
      if (!event.counted) continue;
      countedAll.set(event.pipe, (countedAll.get(event.pipe) ?? 0) + 1);
      if (event.kind === 'write') countedWrites.set(event.pipe, (countedWrites.get(event.pipe) ?? 0) + 1);
    }
    for (let index = start; index < end; index++) {
      const event = events[index]!;
      const forced = (event.kind === 'write' ? countedWrites : countedAll).get(event.pipe) ?? 0;
      result[index] = forced >= 1 ? forced - 1 : null;
    }
    end = start;
  }
  return result;
}
