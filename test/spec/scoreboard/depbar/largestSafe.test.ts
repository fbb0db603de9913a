import { describe, expect, it } from 'vitest';
import { largestSafeImmediate } from '../../../../impl/depbar/minimumDistance.js';
import { eventOrder } from '../../../../spec/scoreboard/depbar/eventOrder.js';
import { largestSafeByEnumeration } from '../../../../spec/scoreboard/depbar/largestSafe.js';
import { hp } from '../../../helpers.js';

const THREE_TEXTURES = hp(`.pipe tex queue 16: TEX\n.pipe alu fixed 4: FMUL
[B------:R-:W0:-:S01] TEX R0 <- R10\n[B------:R-:W0:-:S01] TEX R1 <- R11\n[B------:R-:W0:-:S01] TEX R2 <- R12\nDEPBAR.LE SB0, 2\n`);

/** Index of the write (or read) event of an instruction in an event order. */
const eventOf = (order: ReturnType<typeof eventOrder>, instruction: number, kind: 'read' | 'write') =>
  order.events.findIndex((e) => e.instruction === instruction && e.kind === kind);

describe('largest safe DEPBAR immediate', () => {
  it("gives the patent's 2, 1, 0 for the three texture writes", () => {
    const order = eventOrder(THREE_TEXTURES, 3, 0);
    for (const method of [largestSafeByEnumeration, largestSafeImmediate]) {
      expect([0, 1, 2].map((tex) => method(order, eventOf(order, tex, 'write')))).toEqual([2, 1, 0]);
    }
  });

  it('counts reads too when reads and writes share a scoreboard (the patent\'s read dependency: minimum of pipelined and non-pipelined)', () => {
    const program = hp(`.pipe tex queue 16: TEX
[B------:R0:W0:-:S01] TEX R0 <- R10\n[B------:R0:W0:-:S01] TEX R1 <- R11\n[B------:R0:W0:-:S01] TEX R2 <- R12\nNOP\n`);
    const order = eventOrder(program, 3, 0);
    // The third texture's read: only its own read and write are forced after it (non-pipelined order).
    expect(largestSafeByEnumeration(order, eventOf(order, 2, 'read'))).toBe(1);
    expect(largestSafeImmediate(order, eventOf(order, 2, 'read'))).toBe(1);
    // The second texture's write: its write and the third's are forced after it.
    expect(largestSafeImmediate(order, eventOf(order, 1, 'write'))).toBe(1);
  });

  it('gives no immediate for an event nothing counted is ordered after (another pipe, or no counted event)', () => {
    const program = hp(`.pipe tex queue 16: TEX\n.pipe lsu queue 4: LDG
[B------:R-:W-:-:S01] LDG R5 <- R1\n[B------:R-:W0:-:S01] TEX R0 <- R10\nNOP\n`);
    const order = eventOrder(program, 2, 0);
    expect(largestSafeByEnumeration(order, eventOf(order, 0, 'write'))).toBeNull();
    expect(largestSafeImmediate(order, eventOf(order, 0, 'write'))).toBeNull();
  });

  it('protects an uncounted event through a later counted one of the same pipe (in-order completion)', () => {
    const program = hp(`.pipe lsu queue 4: LDG
[B------:R-:W-:-:S01] LDG R5 <- R1\n[B------:R-:W2:-:S01] LDG R6 <- R1\nNOP\n`);
    const order = eventOrder(program, 2, 2);
    expect(largestSafeByEnumeration(order, eventOf(order, 0, 'write'))).toBe(0);
  });
});
