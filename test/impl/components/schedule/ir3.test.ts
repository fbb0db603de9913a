import { describe, expect, it } from 'vitest';
import { lowerIr3Shader } from '../../../../format/ir3/lower.js';
import { parseIr3 } from '../../../../format/ir3/parse.js';
import { ir3Ordered, ir3ScheduleHints } from '../../../../impl/components/schedule/ir3.js';

const shader = (text: string) => parseIr3(text, 'test.asm').shaders[0]!;

describe('ir3 scheduling policy', () => {
  it('keeps flow, texture, memory and barrier instructions, relative accesses, (ul) and varying inputs in order', () => {
    const { instructions } = shader([
      'add.f r0.x, r1.x, r1.y', 'stg.a.u32 g[r1.x], r2.x, 1', '(ul)mov.u32u32 r0.x, r<a0.x>', 'mov.u32u32 r0.y, r<a0.x + 4>',
      'bary.f r3.x, 0, r0.x', 'sam (f32)(xyzw)r2.x, r0.x, s#0, t#0', 'sin r4.x, r0.x', 'mov.f32f32 r5.x, c0.x', 'end',
    ].join('\n'));
    expect(instructions.map(ir3Ordered)).toEqual([false, true, true, true, true, true, false, false, true]);
  });

  it('footprints: vectors by write mask or component count, 64-bit global addresses, late reads by texture, SFU and memory', () => {
    const footprints = shader([
      'ldib.b.untyped.1d.u32.4.imm r1.x, r0.x, 0',
      'ldg.a.u32 r4.x, g[r1.x+r0.y<<4+2<<2], 1',
      'sam (f32)(xyz)r2.x, r0.x, s#0, t#0',
      'stl.u32 l[r0.y], r0.z, 2',
      'add.f r5.x, r1.x, r1.y',
      'rcp r6.x, r5.x',
      'end',
    ].join('\n'));
    const hints = ir3ScheduleHints(footprints);
    expect(hints.alsoWrites!(0)).toEqual(['r1.y', 'r1.z', 'r1.w']);
    expect(hints.alsoReads!(0)).toEqual(['r0.x', 'r0.y', 'r0.z', 'r0.w']);
    expect(hints.alsoReads!(1)).toEqual(['r1.x', 'r1.y', 'r0.y']);
    expect(hints.alsoWrites!(1)).toEqual([]);
    expect(hints.alsoWrites!(2)).toEqual(['r2.y', 'r2.z']);
    expect(hints.alsoReads!(2)).toEqual(['r0.x', 'r0.y', 'r0.z', 'r0.w']);
    expect(hints.alsoReads!(3)).toEqual(['r0.y', 'r0.z', 'r0.w']);
    expect(hints.alsoReads!(4)).toEqual([]);
    // Late reads are the lowering's (the model's `lateReads`), which the scheduler reads from the program.
    expect(lowerIr3Shader(footprints).program.instructions.map((instruction) => instruction.lateReads ?? null)).toEqual(['ss', 'ss', 'ss', 'ss', null, 'ss', null]);
  });
});
