import { describe, expect, it } from 'vitest';
import { breakingSequence } from '../../solver/breakingSequence.js';
import type { EventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';

// Two texture instructions (read 0 -> write 1, read 2 -> write 3, reads and writes in order) and a fixed-pipe write 4.
const order: EventOrder = {
  events: [
    { instruction: 0, kind: 'read', pipe: 0, counted: false },
    { instruction: 0, kind: 'write', pipe: 0, counted: true },
    { instruction: 1, kind: 'read', pipe: 0, counted: false },
    { instruction: 1, kind: 'write', pipe: 0, counted: true },
    { instruction: 2, kind: 'write', pipe: 1, counted: true },
  ],
  before: [[0, 1], [0, 2], [2, 3], [1, 3]],
};

describe('breakingSequence', () => {
  it('puts the done events first, each part in an order the machine allows', () => {
    expect(breakingSequence(order, [true, false, true, false, true])).toEqual([0, 2, 4, 1, 3]);
    expect(breakingSequence(order, [false, false, false, false, false])).toEqual([0, 1, 2, 3, 4]);
    expect(breakingSequence(order, [true, true, true, true, true])).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses a done set that leaves out an event before a done one (no order has it as a prefix)', () => {
    expect(() => breakingSequence(order, [false, false, true, false, false])).toThrow(/event 2 is done but 0/);
  });
});
