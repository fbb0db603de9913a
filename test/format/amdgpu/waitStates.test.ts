/**
 * The gfx9 wait-state hazards (`spec/amdgpu/waitStates.ts`), timed on the shared machine
 * (`format/amdgpu/waitStateTiming.ts`): for every rule, one wait state fewer than LLVM requires is
 * a `hazard` and the figure itself is proved safe, counted as LLVM counts (an `s_nop N` is N + 1,
 * any other instruction one, however many model instructions it lowers to); on every path; only
 * on the targets that have the rule; and the hazards not timed make the verdict `unknown`.
 */
import { describe, expect, it } from 'vitest';
import { amdgpuKernelsOfText } from '../../../format/amdgpu/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../../impl/sass/check.js';
import { describeSassHazard } from '../../../reports/sass/describe.js';
import { WAIT_STATE_RULES } from '../../../spec/amdgpu/waitStates.js';
import { AMDGPU_HAZARDS } from '../../../spec/amdgpu/hazards.js';

/** A kernel `k` for `target` with these instruction lines (and s_endpgm after them). */
function kernel(target: string, ...lines: string[]): string {
  return [`\t.amdgcn_target "amdgcn-amd-amdhsa--${target}"`, '\t.type k,@function', 'k:', ...lines.map((line) => (line.endsWith(':') ? line : `\t${line}`)), '\ts_endpgm', '\t.amdhsa_kernel k', '\t.end_amdhsa_kernel'].join('\n');
}

function check(text: string) {
  const [loaded] = amdgpuKernelsOfText(text, 'k.s', { from: null, architecture: null, kernels: [] });
  const { program, notes, counterexample } = loaded!;
  return { program, result: checkSassProgram(program, notes, { ...DEFAULT_SASS_CHECK, counterexample: counterexample ?? null }) };
}

/** The verdict, with the first hazard's kind and register. */
function verdict(target: string, ...lines: string[]): string {
  const { result } = check(kernel(target, ...lines));
  const first = result.hazards[0]?.hazard;
  return first === undefined ? result.verdict : `${result.verdict} ${first.kind}${first.kind === 'overflow' ? '' : ` ${first.register}`}`;
}

/** `s_nop` lines making `waitStates` wait states (as LLVM's insertNoops splits them, 8 at most each). */
function nops(waitStates: number): string[] {
  const lines: string[] = [];
  for (let left = waitStates; left > 0; left -= 8) lines.push(`s_nop ${Math.min(left, 8) - 1}`);
  return lines;
}

/** One case per rule: the producer lines, the consumer line, the register, the figure per target. */
const CASES: readonly { readonly name: string; readonly producer: readonly string[]; readonly consumer: string; readonly register: string; readonly figures: Readonly<Record<string, number>> }[] = [
  { name: 'VMEM reads an SGPR a VALU wrote', producer: ['v_readfirstlane_b32 s4, v0'], consumer: 'global_load_dword v1, v2, s[4:5]', register: 's4', figures: { gfx900: 5, gfx90a: 5, gfx942: 5 } },
  { name: 'DPP reads a VGPR a VALU wrote', producer: ['v_add_u32_e32 v1, v2, v3'], consumer: 'v_mov_b32_dpp v4, v1 row_shr:1 row_mask:0xf bank_mask:0xf', register: 'v1', figures: { gfx900: 2, gfx90a: 2, gfx942: 2 } },
  { name: 'DPP after a VALU wrote EXEC', producer: ['v_cmpx_eq_u32_e64 s[0:1], v0, v1'], consumer: 'v_mov_b32_dpp v4, v2 row_shr:1 row_mask:0xf bank_mask:0xf', register: 'exec_lo', figures: { gfx900: 5, gfx90a: 5, gfx942: 5 } },
  { name: 'v_div_fmas after a VALU wrote VCC', producer: ['v_cmp_eq_u32_e32 vcc, v0, v1'], consumer: 'v_div_fmas_f32 v2, v3, v4, v5', register: 'vcc_lo', figures: { gfx900: 4, gfx90a: 4, gfx942: 4 } },
  { name: 'a lane select a VALU wrote', producer: ['v_readfirstlane_b32 s2, v1'], consumer: 'v_readlane_b32 s3, v0, s2', register: 's2', figures: { gfx900: 4, gfx90a: 4, gfx942: 4 } },
  { name: 'an M0 reader after an SALU wrote M0', producer: ['s_mov_b32 m0, s0'], consumer: 'ds_read_addtid_b32 v0', register: 'm0', figures: { gfx900: 1, gfx90a: 1, gfx942: 1 } },
  { name: 's_getreg after s_setreg of the same register', producer: ['s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0'], consumer: 's_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 4)', register: 'hwreg:HW_REG_MODE', figures: { gfx900: 2, gfx90a: 2, gfx942: 2 } },
  { name: 's_setreg after s_setreg of the same register', producer: ['s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0'], consumer: 's_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s1', register: 'hwreg:HW_REG_MODE', figures: { gfx900: 2, gfx90a: 2, gfx942: 2 } },
  { name: 'a VALU overwrites the data of a 16-byte store', producer: ['global_store_dwordx4 v0, v[4:7], s[0:1]'], consumer: 'v_mov_b32_e32 v5, 0', register: 'v5!store-data', figures: { gfx900: 1, gfx90a: 1, gfx942: 2 } },
  { name: 'a VALU reads an SGPR a VALU wrote (gfx940)', producer: ['v_cmp_eq_u32_e32 vcc, v0, v1'], consumer: 'v_cndmask_b32_e32 v2, v3, v4, vcc', register: 'vcc_lo', figures: { gfx942: 2 } },
  { name: 'v_readlane reads a VGPR a VALU wrote (gfx940)', producer: ['v_add_u32_e32 v1, v2, v3'], consumer: 'v_readfirstlane_b32 s0, v1', register: 'v1', figures: { gfx942: 1 } },
  { name: 'a VALU reads a transcendental result (gfx940)', producer: ['v_exp_f32_e32 v1, v0'], consumer: 'v_add_f32_e32 v2, v1, v1', register: 'v1', figures: { gfx942: 1 } },
  { name: 'a VALU reads a shifted partial write (gfx940)', producer: ['v_add_u16_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 src1_sel:WORD_0'], consumer: 'v_add_u32_e32 v4, v1, v1', register: 'v1', figures: { gfx942: 1 } },
];

describe('wait-state hazards', () => {
  for (const c of CASES) {
    it(`${c.name}: one wait state short is a hazard, the figure is safe, other targets need none`, () => {
      for (const target of ['gfx900', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100']) {
        const figure = c.figures[target];
        if (figure === undefined) {
          // No wait-state rule there; gfx11's own hazards (untimed) may make it unknown, never a hazard.
          expect(verdict(target, ...c.producer, c.consumer), target).toMatch(target === 'gfx1100' ? /^(proved-safe|unknown)$/ : /^proved-safe$/);
          continue;
        }
        expect(verdict(target, ...c.producer, ...nops(figure - 1), c.consumer), `${target}, ${figure - 1} wait states`).toBe(`hazard RAW ${c.register}`);
        expect(verdict(target, ...c.producer, ...nops(figure), c.consumer), `${target}, ${figure} wait states`).toBe('proved-safe');
      }
    });
  }

  it('counts a line as one wait state however many model instructions it lowers to, and s_nop N as N + 1', () => {
    const write = 'v_readfirstlane_b32 s4, v0';
    const read = 'global_load_dword v1, v2, s[4:5]';
    // An s_waitcnt naming three counters is three model instructions but one wait state.
    expect(verdict('gfx900', write, 's_nop 1', 'v_mov_b32_e32 v3, 0', 's_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)', read)).toBe('hazard RAW s4');
    expect(verdict('gfx900', write, 's_nop 1', 'v_mov_b32_e32 v3, 0', 's_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)', 's_nop 0', read)).toBe('proved-safe');
    expect(verdict('gfx900', write, 's_nop 4', read)).toBe('proved-safe');
    expect(verdict('gfx900', write, 's_nop 3', read)).toBe('hazard RAW s4');
  });

  it('takes the shortest path: wait states on one branch do not cover the other', () => {
    const lines = (other: string) => ['v_readfirstlane_b32 s4, v0', 's_cbranch_scc1 .LBB0_2', 's_nop 4', 's_branch .LBB0_3', '.LBB0_2:', other, '.LBB0_3:', 'global_load_dword v1, v2, s[4:5]'];
    // Taken: the branch is one wait state, the s_nop N + 1.
    expect(verdict('gfx900', ...lines('s_nop 2'))).toBe('hazard RAW s4');
    expect(verdict('gfx900', ...lines('s_nop 3'))).toBe('proved-safe');
  });

  it('times only what the rule names: another register, another hardware register, a 64-bit store, an SALU producer', () => {
    expect(verdict('gfx900', 'v_readfirstlane_b32 s6, v0', 'global_load_dword v1, v2, s[4:5]')).toBe('proved-safe');
    expect(verdict('gfx900', 's_mov_b32 s4, 0', 'global_load_dword v1, v2, s[4:5]')).toBe('proved-safe');
    expect(verdict('gfx900', 's_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0', 's_getreg_b32 s1, hwreg(HW_REG_TRAPSTS, 0, 4)')).toBe('proved-safe');
    expect(verdict('gfx900', 'global_store_dwordx2 v0, v[4:5], s[0:1]', 'v_mov_b32_e32 v5, 0')).toBe('proved-safe');
    expect(verdict('gfx900', 'buffer_store_dwordx4 v[4:7], v0, s[0:3], s5 offen', 'v_mov_b32_e32 v5, 0')).toBe('proved-safe');
    expect(verdict('gfx900', 'buffer_store_dwordx4 v[4:7], v0, s[0:3], 0 offen', 'v_mov_b32_e32 v5, 0')).toBe('hazard RAW v5!store-data');
  });

  it('times gfx940 forwarding against explicit operands only, as LLVM does: an SDWA write keeping its destination reads it through a tied operand', () => {
    const sdwa = 'v_or_b32_sdwa v6, v7, v6 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD';
    expect(verdict('gfx942', sdwa, 'v_mul_lo_u16_sdwa v6, v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 src1_sel:BYTE_1')).toBe('proved-safe');
    expect(verdict('gfx942', sdwa, 'v_add_u32_e32 v8, v6, v1')).toBe('hazard RAW v6');
  });

  it('says how many wait states the pair needs', () => {
    const { program, result } = check(kernel('gfx900', 'v_readfirstlane_b32 s4, v0', 's_nop 2', 'global_load_dword v1, v2, s[4:5]'));
    expect(describeSassHazard(program, result.hazards[0]!.hazard)).toContain('fewer than the 5 wait state(s)');
  });

  it('keeps a rule LLVM applies beyond its own description to the proof side: a v_pk_* result read at once is unknown', () => {
    const lines = ['v_pk_mul_f32 v[4:5], v[0:1], v[4:5]', 'v_add_f32_e32 v0, v4, v5'];
    const { result } = check(kernel('gfx942', ...lines));
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toContain('DST_OP_SEL');
    expect(verdict('gfx942', lines[0]!, 's_nop 0', lines[1]!)).toBe('proved-safe');
    expect(verdict('gfx900', ...lines)).toBe('proved-safe');
  });

  it('is unknown where a hazard it does not time may be: MFMA on gfx90a, a soft clause that overwrites what it reads', () => {
    const mfma = check(kernel('gfx90a', 'v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]', 'v_accvgpr_read_b32 v2, a0'));
    expect(mfma.result.verdict).toBe('unknown');
    expect(mfma.result.reason).toContain('MFMA');
    expect(verdict('gfx90a', 'v_accvgpr_write_b32 a0, v0', 'v_accvgpr_read_b32 v2, a0')).toBe('proved-safe');
    expect(verdict('gfx900', 's_load_dwordx2 s[4:5], s[8:9], 0x0', 's_load_dwordx2 s[8:9], s[8:9], 0x10')).toBe('unknown');
    expect(verdict('gfx900', 's_load_dwordx2 s[4:5], s[8:9], 0x0', 's_nop 0', 's_load_dwordx2 s[8:9], s[8:9], 0x10', 's_waitcnt lgkmcnt(0)')).toBe('proved-safe');
    expect(verdict('gfx900', 'global_load_dword v0, v[1:2], off', 'global_load_dword v1, v[1:2], off offset:256', 's_waitcnt vmcnt(0)')).toBe('unknown');
  });

  it('every rule names a listed hazard, and every gfx9 s_nop hazard LLVM lists is timed or makes the verdict unknown', () => {
    const listed = new Set(AMDGPU_HAZARDS.map((hazard) => hazard.id));
    for (const rule of WAIT_STATE_RULES) expect(listed.has(rule.hazard), rule.hazard).toBe(true);
    const timed = new Set(WAIT_STATE_RULES.map((rule) => rule.hazard));
    const gfx9Nops = AMDGPU_HAZARDS.filter((hazard) => hazard.mitigation === 's_nop' && hazard.targets.some((t) => t.startsWith('gfx9')));
    const untimed = gfx9Nops.filter((hazard) => !timed.has(hazard.id)).map((hazard) => hazard.id).sort();
    expect(untimed).toEqual(['mfma-and-accvgpr', 'smem-soft-clause']);
  });
});
