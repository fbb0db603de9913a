/** The PTX printer: a fixed kernel prints as this exact module (labels, register declarations, arrays). */
import { describe, expect, it } from 'vitest';
import type { PtxKernel, PtxRegister } from '../../../properties/ptx/kernel.js';
import { printPtxKernel } from '../../../properties/ptx/print.js';

const r = (index: number): PtxRegister => ({ cls: 'r', index });
const rd = (index: number): PtxRegister => ({ cls: 'rd', index });
const f = (index: number): PtxRegister => ({ cls: 'f', index });
const p = (index: number): PtxRegister => ({ cls: 'p', index });

const KERNEL: PtxKernel = {
  architecture: 'sm_80', ptxVersion: '7.8', name: 'k',
  parameters: [{ name: 'p0', type: '.u64' }, { name: 'p2', type: '.u32' }],
  sharedBytes: 64, constBytes: 0, localBytes: 32,
  body: [
    { kind: 'instruction', guard: null, opcode: 'ld.param.u64', written: [{ kind: 'register', register: rd(0) }], read: [{ kind: 'address', base: 'p0', offset: 0 }] },
    { kind: 'instruction', guard: null, opcode: 'mov.u32', written: [{ kind: 'register', register: r(0) }], read: [{ kind: 'literal', text: '%tid.x' }] },
    { kind: 'instruction', guard: null, opcode: 'ld.global.v4.f32', written: [{ kind: 'vector', registers: [f(0), f(1), f(2), f(3)] }], read: [{ kind: 'address', base: rd(0), offset: 16 }] },
    { kind: 'instruction', guard: null, opcode: 'setp.lt.u32', written: [{ kind: 'register', register: p(0) }], read: [{ kind: 'register', register: r(0) }, { kind: 'literal', text: '4' }] },
    {
      kind: 'loop', counter: r(1), predicate: p(1), bound: { kind: 'literal', text: '3' },
      body: [{ kind: 'instruction', guard: { predicate: p(0), negated: true }, opcode: 'add.f32', written: [{ kind: 'register', register: f(0) }], read: [{ kind: 'register', register: f(0) }, { kind: 'register', register: f(1) }] }],
    },
    {
      kind: 'if', condition: { predicate: p(0), negated: false },
      then: [{ kind: 'instruction', guard: null, opcode: 'st.global.f32', written: [], read: [{ kind: 'address', base: rd(0), offset: 0 }, { kind: 'register', register: f(0) }] }],
      otherwise: [{ kind: 'instruction', guard: null, opcode: 'bar.sync', written: [], read: [{ kind: 'literal', text: '0' }] }],
    },
  ],
};

describe('printPtxKernel', () => {
  it('prints a fixed kernel as this PTX module', () => {
    expect(printPtxKernel(KERNEL)).toBe(`.version 7.8
.target sm_80
.address_size 64

.shared .align 16 .b8 smem[64];

.visible .entry k(
\t.param .u64 p0,
\t.param .u32 p2
)
{
\t.reg .pred %p<2>;
\t.reg .b32 %r<2>;
\t.reg .b64 %rd<1>;
\t.reg .f32 %f<4>;
\t.local .align 16 .b8 lmem[32];

\tld.param.u64 %rd0, [p0];
\tmov.u32 %r0, %tid.x;
\tld.global.v4.f32 {%f0, %f1, %f2, %f3}, [%rd0+16];
\tsetp.lt.u32 %p0, %r0, 4;
\tmov.u32 %r1, 0;
$L__loop0:
\t\t@!%p0 add.f32 %f0, %f0, %f1;
\t\tadd.s32 %r1, %r1, 1;
\t\tsetp.lt.u32 %p1, %r1, 3;
\t\t@%p1 bra $L__loop0;
\t@!%p0 bra $L__else1;
\t\tst.global.f32 [%rd0], %f0;
\t\tbra.uni $L__end1;
$L__else1:
\t\tbar.sync 0;
$L__end1:
\tret;
}
`);
  });

  it('prints the same kernel to the same text every time', () => {
    expect(printPtxKernel(KERNEL)).toBe(printPtxKernel(structuredClone(KERNEL)));
  });
});
