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
