/**
 * Graphics and compute shader entry points (PAL and Mesa output, no `.amdhsa_kernel` descriptor):
 * a function that returns to the driver's epilog (llc's `; return to shader part epilog`,
 * SI_RETURN_TO_EPILOG, which only shader entry points end with) or that PAL metadata names as a
 * stage's `.entry_point_symbol` starts with nothing in flight (LLVM waits at entry only in
 * non-entry functions); the epilog reads the returned registers at once, so a result still in
 * flight there is a hazard. A callable function (`s_setpc_b64 s[30:31]`) keeps its caller's
 * operations in flight.
 */
import { describe, expect, it } from 'vitest';
import { amdgpuVerdicts } from '../../amdgpu/verdicts.js';

/** llc-22 -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 output, trimmed: a pixel shader adding an SGPR input to a VGPR input, and one sampling a texture. */
const PAL = (wait: string) => `\t.amdgcn_target "amdgcn-amd-amdpal--gfx900"
\t.text
\t.globl\tps
\t.type\tps,@function
ps:
\tv_add_f32_e32 v0, s0, v0
\t; return to shader part epilog
.Lfunc_end0:
\t.size\tps, .Lfunc_end0-ps
\t.globl\tps_tex
\t.type\tps_tex,@function
ps_tex:
\ts_mov_b64 s[12:13], exec
\ts_wqm_b64 exec, exec
\ts_and_b64 exec, exec, s[12:13]
\timage_sample v[0:3], v[0:1], s[0:7], s[8:11] dmask:0xf
${wait}\t; return to shader part epilog
.Lfunc_end1:
\t.size\tps_tex, .Lfunc_end1-ps_tex
\t.globl\tcs
\t.type\tcs,@function
cs:
\tbuffer_load_dword v1, v0, s[0:3], 0 offen
\ts_waitcnt vmcnt(0)
\tv_add_u32_e32 v1, 1, v1
\tbuffer_store_dword v1, v0, s[0:3], 0 offen
\ts_endpgm
.Lfunc_end2:
\t.size\tcs, .Lfunc_end2-cs
\t.amdgpu_pal_metadata
---
amdpal.pipelines:
  - .hardware_stages:
      .cs:
        .entry_point_symbol: cs
      .ps:
        .entry_point_symbol: ps_tex
...
\t.end_amdgpu_pal_metadata
`;

/** A callable function in the same syntax: it returns through s[30:31], so its caller's loads may still be in flight at entry. */
const CALLABLE = `\t.amdgcn_target "amdgcn-amd-amdpal--gfx900"
\t.text
\t.globl\tf
\t.type\tf,@function
f:
\tv_add_f32_e32 v0, s4, v0
\ts_setpc_b64 s[30:31]
.Lfunc_end0:
\t.size\tf, .Lfunc_end0-f
`;

describe('shader entry points', () => {
  it('start with nothing in flight, and the epilog waits are proved', () => {
    expect(amdgpuVerdicts(PAL('\ts_waitcnt vmcnt(0)\n'), 'ps.s')).toEqual({ ps: 'proved-safe', ps_tex: 'proved-safe', cs: 'proved-safe' });
  });

  it('a texture result still in flight when the shader returns to its epilog is a hazard', () => {
    expect(amdgpuVerdicts(PAL(''), 'ps.s').ps_tex).toBe('hazard RAW v0');
  });

  it('a callable function still starts with its caller\'s operations in flight', () => {
    expect(amdgpuVerdicts(CALLABLE, 'f.s').f).toMatch(/^hazard RAW/);
  });
});
