import type { SassProgram } from '../../../spec/sass/program.js';
import { implies } from './keys.js';
import type { Need, PendingFlow } from './pendingFlow.js';

/** The scoreboards the pass gives: each instruction's write and read scoreboard (null: none). */
export interface ScoreboardColouring {
  readonly write: readonly (number | null)[];
  readonly read: readonly (number | null)[];
}

/**
 * Gives a scoreboard to every key (`consumerKeys`): the write scoreboard of a producer whose
 * results someone waits for, the read scoreboard of one whose sources someone must see read.
 * Keys share a scoreboard freely, like register allocation with the scoreboards as registers,
 * except where sharing makes a reader wait for more than it needs: a key K and a key X conflict
 * when X may still count on the scoreboard when a reader of K waits on it, and neither K's
 * completion nor anything else that reader waits for implies X's. Conflicts are counted (one
 * per such reader); keys are coloured in program order, each with the scoreboard of least
 * conflict with those already coloured (the lowest on a tie), so a run of loads of one in-order
 * queue whose readers come after the whole run shares one scoreboard, and loads whose readers
 * come in between rotate over several.
 */
export function colourScoreboards(program: SassProgram, flow: PendingFlow, keys: readonly (readonly Need[])[]): ScoreboardColouring {
  const id = (need: Need) => `${need.role}:${need.producer}`;
  const items = new Map<string, Need>();
  keys.forEach((list) => list.forEach((need) => items.set(id(need), need)));
  const weights = new Map<string, Map<string, number>>();
  const addWeight = (a: string, b: string) => {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const row = weights.get(from) ?? new Map<string, number>();
      row.set(to, (row.get(to) ?? 0) + 1);
      weights.set(from, row);
    }
  };
  keys.forEach((list, consumer) => {
    const state = flow.before[consumer];
    if (!state || list.length === 0) return;
    const needs = flow.needs[consumer]!;
    // What may still count on a scoreboard when this reader waits, and is not waited for anyway.
    const extra: string[] = [];
    for (const [producer, entry] of state) {
      for (const role of ['write', 'read'] as const) {
        const pending = role === 'write' ? entry.write : entry.read;
        const item = { producer, role };
        if (!pending || !items.has(id(item))) continue;
        if (needs.some((need) => (need.producer === producer && (need.role === 'write' || role === 'read')) || implies(program, state, need, item))) continue;
        extra.push(id(item));
      }
    }
    for (const key of list) for (const other of extra) if (other !== id(key)) addWeight(id(key), other);
  });
  const ordered = [...items.values()].sort((a, b) => a.producer - b.producer || (a.role === b.role ? 0 : a.role === 'write' ? -1 : 1));
  const colour = new Map<string, number>();
  for (const item of ordered) {
    const row = weights.get(id(item));
    const costs = new Array<number>(program.scoreboards).fill(0);
    for (const [other, weight] of row ?? []) {
      const taken = colour.get(other);
      if (taken !== undefined) costs[taken]! += weight;
    }
    // A producer's read and write scoreboards never coincide: its wait for the read would wait for the write.
    const own = colour.get(id({ producer: item.producer, role: item.role === 'write' ? 'read' : 'write' }));
    if (own !== undefined) costs[own] = Infinity;
    colour.set(id(item), costs.indexOf(Math.min(...costs)));
  }
  const write = program.instructions.map((_, index) => colour.get(`write:${index}`) ?? null);
  const read = program.instructions.map((_, index) => colour.get(`read:${index}`) ?? null);
  return { write, read };
}
