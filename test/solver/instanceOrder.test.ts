import { describe, expect, it } from 'vitest';
import { InstanceOrder } from '../../solver/instanceOrder.js';
import { hp } from '../helpers.js';

// Two warps of: TEX, FMUL, TEX, DEPBAR, TEX (instances 0..4 in warp 0, 5..9 in warp 1).
const program = hp(`.warps 2
.pipe tex queue 2: TEX
.pipe alu fixed 4: FMUL
[B------:R-:W0:-:S01] TEX R0 <- R10
FMUL R1 <- R0, R0
[B------:R-:W0:-:S01] TEX R2 <- R11
DEPBAR.LE SB0, 1
[B------:R-:W0:-:S01] TEX R3 <- R12
`);
const order = new InstanceOrder(program);

describe('InstanceOrder', () => {
  it('chains instances of one warp on one pipe, and nothing else', () => {
    expect(order.chained(0, 2)).toBe(true);
    expect(order.chained(4, 0)).toBe(true);
    expect(order.chained(0, 1)).toBe(false); // other pipe
    expect(order.chained(0, 5)).toBe(false); // other warp
    expect(order.chained(3, 3)).toBe(false);
    expect(order.chained(3, 8)).toBe(false); // DEPBAR: no pipe
  });

  it('finds the instance a number of steps back on the pipe, within the warp', () => {
    expect(order.predecessorOnPipe(4)).toBe(2);
    expect(order.predecessorOnPipe(4, 2)).toBe(0);
    expect(order.predecessorOnPipe(4, 3)).toBeNull();
    expect(order.predecessorOnPipe(5)).toBeNull(); // warp 1's first TEX: warp 0's do not count
    expect(order.predecessorOnPipe(3)).toBeNull();
  });

  it('keeps the latest events: the last write of each chain, and reads of later instances', () => {
    const events = [
      { instance: 0, kind: 'read' as const }, { instance: 0, kind: 'write' as const },
      { instance: 2, kind: 'write' as const }, { instance: 4, kind: 'read' as const },
      { instance: 1, kind: 'write' as const }, { instance: 7, kind: 'write' as const },
    ];
    expect(order.latest(events)).toEqual([events[2], events[3], events[4], events[5]]);
    expect(order.latest([events[1]!, events[1]!])).toEqual([events[1]]);
  });

  it('keeps the first writer of each chain', () => {
    expect(order.earliest([4, 2, 1, 7, 9])).toEqual([2, 1, 7]);
  });
});
