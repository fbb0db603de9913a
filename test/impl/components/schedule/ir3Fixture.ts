/** An ir3 shader padded the way Mesa pads: every ALU result 3 instructions before an ALU reader, 6 before a store. */
export const MESA_PADDED_SHADER = [
  'mov.f32f32 r3.x, c0.x',
  '(rpt2)nop',
  '(rpt2)mul.f r0.x, (r)r3.x, c0.y',
  '(rpt2)nop',
  'add.f r1.x, r0.x, c1.x',
  'mov.f32f32 r2.x, c2.x',
  'mov.f32f32 r2.y, c2.y',
  'mov.f32f32 r2.z, c2.z',
  '(rpt5)nop',
  'stib.b.untyped.1d.u32.1.imm r1.x, r2.x, 0',
  'end',
  'nop',
  '',
].join('\n');
