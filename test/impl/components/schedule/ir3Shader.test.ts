import { describe, expect, it } from 'vitest';
import { parseIr3 } from '../../../../format/ir3/parse.js';
import { scheduleIr3Shader } from '../../../../impl/components/schedule/ir3Shader.js';
import { MESA_PADDED_SHADER } from './ir3Fixture.js';

const shader = (text: string) => parseIr3(text, 'test.asm').shaders[0]!;

const FIXTURE = MESA_PADDED_SHADER;

describe('scheduling one ir3 shader', () => {
  it('drops the NOPs, schedules, prints in ir3 syntax, and proves the printed text', () => {
    const result = scheduleIr3Shader(shader(FIXTURE), { nopFlags: false });
    if (!result.scheduled) throw new Error(result.reason);
    expect(result.listing).toEqual({ instructions: 8, nops: 12, cycles: 22 });
    // In order with full latencies: mul 4 after mov, add 4 after mul's last execution, the store 7 after the last mov.
    expect(result.baseline).toEqual({ instructions: 8, nops: 10, cycles: 20 });
    // The movs fill the gap after r3.x, add needs only 2 after mul's last execution (distance 2), the store 7 after add.
    expect(result.schedule).toEqual({ instructions: 8, nops: 7, cycles: 17 });
    expect(result.method).toBe('list');
    expect(result.check.verdict).toBe('proved-safe');
    expect(result.lines).toEqual([
      'mov.f32f32 r3.x, c0.x',
      'mov.f32f32 r2.x, c2.x',
      'mov.f32f32 r2.y, c2.y',
      'mov.f32f32 r2.z, c2.z',
      '(rpt2)mul.f r0.x, (r)r3.x, c0.y',
      'nop',
      'add.f r1.x, r0.x, c1.x',
      '(rpt5)nop',
      'stib.b.untyped.1d.u32.1.imm r1.x, r2.x, 0',
      'end',
      'nop',
    ]);
  });

  it('uses (nopN) when asked, on category 2-3 instructions', () => {
    const result = scheduleIr3Shader(shader(FIXTURE), { nopFlags: true });
    if (!result.scheduled) throw new Error(result.reason);
    expect(result.lines.some((line) => /^\(nop[1-3]\) /.test(line))).toBe(true);
    expect(result.check.verdict).toBe('proved-safe');
  });

  it('leaves shaders with control flow, or instructions after end, as written, with the reason', () => {
    const branchy = scheduleIr3Shader(shader('cmps.u.gt p0.x, r0.x, 0\n(rpt5)nop\nbr !p0.x, #skip\nmov.u32u32 r1.x, 1\nskip:\n(jp)end\n'), { nopFlags: false });
    expect(branchy).toMatchObject({ scheduled: false, reason: expect.stringContaining('conditional branch') });
    expect(branchy.lines).toEqual(['cmps.u.gt p0.x, r0.x, 0', '(rpt5)nop', 'br !p0.x, #skip', 'mov.u32u32 r1.x, 1', 'skip:', '(jp)end']);
    expect(scheduleIr3Shader(shader('end\nmov.u32u32 r1.x, 1\n'), { nopFlags: false })).toMatchObject({ scheduled: false, reason: 'line 2: mov.u32u32 r1.x, 1 comes after end' });
  });
});
