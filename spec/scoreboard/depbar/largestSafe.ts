import type { EventOrder } from './eventOrder.js';

/**
 * The definition, by brute force: walk every order the machine allows, one event at a time,
 * and at every moment at which `protectedEvent` has not happened yet count the counted events
 * still outstanding. `DEPBAR.LE SBn, k` protects the event iff that count always exceeds k, so the
 * largest safe immediate is the smallest such count minus one (null: no immediate protects it).
 * Every reachable set of done events is visited once (at most 2^events; meant for small groups).
 */
export function largestSafeByEnumeration(order: EventOrder, protectedEvent: number): number | null {
  const count = order.events.length;
  if (count > 30) throw new Error(`enumeration is for small event groups (got ${count} events)`);
  const predecessors = order.events.map((_, event) => order.before.filter(([, b]) => b === event).reduce((mask, [a]) => mask | (1 << a), 0));
  const counted = order.events.reduce((mask, event, index) => (event.counted ? mask | (1 << index) : mask), 0);
  const seen = new Set<number>();
  let smallest = Infinity;
  const visit = (done: number) => {
    if (seen.has(done)) return;
    seen.add(done);
    if ((done & (1 << protectedEvent)) !== 0) return; // from here on the event has happened
    smallest = Math.min(smallest, popcount(counted & ~done));
    for (let event = 0; event < count; event++) {
      if ((done & (1 << event)) === 0 && (predecessors[event]! & ~done) === 0) visit(done | (1 << event));
    }
  };
  visit(0);
  return smallest >= 1 ? smallest - 1 : null;
}

function popcount(mask: number): number {
  let bits = 0;
  for (let rest = mask >>> 0; rest !== 0; rest &= rest - 1) bits++;
  return bits;
}
