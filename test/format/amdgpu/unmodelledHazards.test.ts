/**
 * The hazards the model does not time make the verdict `unknown` where a function may have them
 * (`format/amdgpu/unmodelledHazards.ts`), and only there: gfx11's VALU use of a transcendental
 * result found as LLVM's fixVALUTransUseHazard finds it, the wave64-only gfx11 hazards in wave64
 * code, the instructions other gfx10+ hazards are about; and a kernel compiled for another
 * processor than the file names is `unknown` whatever a schedule shows.
 */
import { describe, expect, it } from 'vitest';
import { amdgpuKernelsOfText } from '../../../format/amdgpu/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../../impl/sass/check.js';

/** A kernel `k` for `target` with these lines, and descriptor lines inside its `.amdhsa_kernel`. */
function kernel(target: string, lines: readonly string[], descriptor: readonly string[] = []): string {
  return [`\t.amdgcn_target "amdgcn-amd-amdhsa--${target}"`, '\t.type k,@function', 'k:', ...lines.map((line) => (line.endsWith(':') || line.startsWith(';') ? line : `\t${line}`)), '\ts_endpgm', '\t.amdhsa_kernel k', ...descriptor.map((line) => `\t\t${line}`), '\t.end_amdhsa_kernel'].join('\n');
}

function check(text: string) {
  const [loaded] = amdgpuKernelsOfText(text, 'k.s', { from: null, architecture: null, kernels: [] });
  return checkSassProgram(loaded!.program, loaded!.notes, { ...DEFAULT_SASS_CHECK, counterexample: loaded!.counterexample ?? null });
}

const verdict = (target: string, lines: readonly string[], descriptor: readonly string[] = []) => check(kernel(target, lines, descriptor)).verdict;

describe('gfx11: a VALU reading a transcendental result', () => {
  const trans = 'v_exp_f32_e32 v1, v0';
  const use = 'v_add_f32_e32 v2, v1, v1';
  const valus = (n: number) => Array.from({ length: n }, (_, i) => `v_mov_b32_e32 v${10 + i}, 0`);

  it('is unknown when LLVM would have put s_waitcnt_depctr va_vdst(0) before the use, and proved with it', () => {
    const result = check(kernel('gfx1100', [trans, use]));
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('valu-trans-use');
    expect(verdict('gfx1100', [trans, 's_waitcnt_depctr 0xfff', use])).toBe('proved-safe');
  });

  it('expires after more than 5 VALUs, after a second TRANS, or after an instruction that waits for VA_VDST=0', () => {
    expect(verdict('gfx1100', [trans, ...valus(5), use])).toBe('unknown');
    expect(verdict('gfx1100', [trans, ...valus(6), use])).toBe('proved-safe');
    expect(verdict('gfx1100', [trans, 'v_rcp_f32_e32 v5, v4', 'v_sqrt_f32_e32 v6, v4', use])).toBe('proved-safe');
    expect(verdict('gfx1100', [trans, 'ds_write_b32 v3, v4', use])).toBe('proved-safe');
    // SALU instructions do not count.
    expect(verdict('gfx1100', [trans, ...Array.from({ length: 8 }, () => 's_mov_b32 s0, 0'), use])).toBe('unknown');
  });

  it('follows control flow back from the use, and only gfx11 has it', () => {
    const lines = [trans, 's_cbranch_scc1 .LBB0_2', ...valus(6), '.LBB0_2:', use];
    expect(verdict('gfx1100', lines)).toBe('unknown');
    expect(verdict('gfx1030', [trans, use])).toBe('proved-safe');
    expect(verdict('gfx1200', [trans, use])).toBe('proved-safe');
  });
});

describe('the other hazards the model does not time', () => {
  it('gfx11 lane-mask hazards only where the code may run as wave64', () => {
    const mask = ['v_cmp_eq_u32_e32 vcc_lo, v0, v1', 'v_cndmask_b32_e32 v2, v3, v4, vcc_lo'];
    expect(verdict('gfx1100', mask, ['.amdhsa_next_free_vgpr 8', '.amdhsa_wavefront_size32 1'])).toBe('proved-safe');
    expect(verdict('gfx1100', mask)).toBe('proved-safe');
    expect(verdict('gfx1100', ['v_cmp_eq_u32_e32 vcc, v0, v1', 'v_cndmask_b32_e32 v2, v3, v4, vcc'])).toBe('unknown');
    expect(verdict('gfx1100', mask, ['.amdhsa_next_free_vgpr 8', '.amdhsa_wavefront_size32 0'])).toBe('unknown');
  });

  it('the instructions other gfx10+ hazards are about', () => {
    const permlane = 'v_permlane16_b32 v0, v1, s0, s1';
    expect(verdict('gfx1100', ['v_cmpx_eq_u32_e32 v2, v3', 's_mov_b32 s0, 0', permlane])).toBe('unknown');
    expect(verdict('gfx1100', ['v_cmpx_eq_u32_e32 v2, v3', 'v_mov_b32_e32 v1, v1', permlane])).toBe('proved-safe');
    expect(verdict('gfx1100', [permlane])).toBe('proved-safe');
    const atomic = 'global_atomic_add_f32 v0, v1, s[0:1]';
    expect(verdict('gfx1030', [atomic, 's_denorm_mode 15'])).toBe('unknown');
    expect(verdict('gfx1030', [atomic, 's_nop 2', 's_denorm_mode 15'])).toBe('proved-safe');
    expect(verdict('gfx1030', [atomic, 'v_mov_b32_e32 v2, 0', 's_denorm_mode 15'])).toBe('proved-safe');
    expect(verdict('gfx1030', ['s_denorm_mode 15'])).toBe('proved-safe');
    expect(verdict('gfx1030', ['s_nop 0'])).toBe('proved-safe');
  });

  it('an inline-assembly statement ends a soft clause, as it is an instruction to LLVM', () => {
    const loads = (between: readonly string[]) => ['global_load_dword v0, v[1:2], off', ...between, 'global_load_dword v1, v[1:2], off offset:256', 's_waitcnt vmcnt(0)'];
    expect(verdict('gfx900', loads([]))).toBe('unknown');
    expect(verdict('gfx900', loads([';;#ASMSTART', ';;#ASMEND']))).toBe('proved-safe');
  });
});

describe('a kernel compiled for another processor than the file names', () => {
  it('is unknown, even where a schedule shows a hazard', () => {
    const descriptor = ['.amdhsa_next_free_vgpr 8', '.amdhsa_wavefront_size32 1'];
    const result = check(kernel('gfx900', ['global_load_dword v1, v0, s[2:3]', 'v_mov_b32_e32 v3, v1'], descriptor));
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('may not be code for these facts');
    expect(verdict('gfx1100', ['s_nop 0'], ['.amdhsa_next_free_vgpr 8'])).toBe('unknown');
    expect(verdict('gfx900', ['s_nop 0'], ['.amdhsa_next_free_vgpr 8'])).toBe('proved-safe');
    // gfx90a and gfx942 descriptors have .amdhsa_accum_offset; a gfx8 kernel (target-cpu "fiji") does not.
    expect(verdict('gfx942', ['s_nop 0'], ['.amdhsa_next_free_vgpr 8'])).toBe('unknown');
    expect(verdict('gfx942', ['s_nop 0'], ['.amdhsa_next_free_vgpr 8', '.amdhsa_accum_offset 4'])).toBe('proved-safe');
    expect(verdict('gfx900', ['s_nop 0'], ['.amdhsa_next_free_vgpr 8', '.amdhsa_accum_offset 4'])).toBe('unknown');
  });
});
