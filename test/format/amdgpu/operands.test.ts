/**
 * Registers out of AMDGPU operand text, and which of them an instruction reads and writes: the
 * exceptions to "destination first" (stores, atomics without return, v_cmpx from gfx10,
 * carry-out forms, tied atomics) and the implicit registers.
 */
import { describe, expect, it } from 'vitest';
import { operandRoles, returnsData } from '../../../format/amdgpu/operandRoles.js';
import { parseAmdgpuListing } from '../../../format/amdgpu/parse.js';
import { operandRegisters, RegisterSyntaxError } from '../../../format/amdgpu/registers.js';
import type { AmdgpuGeneration } from '../../../spec/amdgpu/counters.js';
import { classifyAmdgpuInstruction } from '../../../spec/amdgpu/instructionKinds.js';

describe('operandRegisters', () => {
  it.each([
    ['v4', ['v4']],
    ['v[4:7]', ['v4', 'v5', 'v6', 'v7']],
    ['s[0:1]', ['s0', 's1']],
    ['a[0:1]', ['a0', 'a1']],
    ['ttmp[4:5]', ['ttmp4', 'ttmp5']],
    ['-|v9|', ['v9']],
    ['neg(v1)', ['v1']],
    ['v1.h', ['v1']],
    ['vcc', ['vcc_lo', 'vcc_hi']],
    ['vcc_lo', ['vcc_lo']],
    ['exec', ['exec_lo', 'exec_hi']],
    ['m0', ['m0']],
    ['0x3ff', []],
    ['-1', []],
    ['off', []],
    ['null', []],
    ['src_shared_base', []],
    ['src_scc', []],
    ['hwreg(HW_REG_MODE, 0, 4)', []],
    ['helper@rel32@lo+4', []],
    ['.LBB0_2', []],
    ['sc1', []],
  ])('%s names %j', (operand, names) => {
    expect(operandRegisters(operand)).toEqual(names);
  });

  it('rejects a range written backwards, at its offset', () => {
    expect(() => operandRegisters('v[3:1]')).toThrow(RegisterSyntaxError);
    try {
      operandRegisters('-v[3:1]');
    } catch (error) {
      expect((error as RegisterSyntaxError).offset).toBe(1);
    }
  });
});

/** The roles of the single instruction of a one-line function. */
function roles(text: string, generation: AmdgpuGeneration = 'gfx9'): { destinations: readonly string[]; sources: readonly string[] } {
  const [line] = parseAmdgpuListing(`k:\n\t${text}\n`, 'k.s').functions[0]!.instructions;
  const part = line!.parts[0]!;
  const modifiers = part.modifiers.map((token) => token.text);
  const operation = classifyAmdgpuInstruction(part.mnemonic, modifiers, generation)!;
  const returning = operation.kind !== null && returnsData(operation.kind, part.mnemonic);
  return operandRoles(part, operation, generation, returning);
}

describe('operandRoles', () => {
  it('a load writes its first operand and reads the rest at issue; a store writes nothing', () => {
    expect(roles('global_load_dword v1, v0, s[2:3] offset:16')).toEqual({ destinations: ['v1'], sources: ['v0', 's2', 's3', 'exec_lo', 'exec_hi'] });
    expect(roles('global_store_dword v0, v1, s[0:1]')).toEqual({ destinations: [], sources: ['v0', 'v1', 's0', 's1', 'exec_lo', 'exec_hi'] });
    expect(roles('s_load_dwordx2 s[0:1], s[4:5], 0x0')).toEqual({ destinations: ['s0', 's1'], sources: ['s4', 's5'] });
    expect(roles('ds_read_b32 v0, v1')).toEqual({ destinations: ['v0'], sources: ['v1', 'exec_lo', 'exec_hi'] });
    expect(roles('ds_write_b32 v1, v2')).toEqual({ destinations: [], sources: ['v1', 'v2', 'exec_lo', 'exec_hi'] });
  });

  it('an atomic returns only with glc, sc0 or th:TH_ATOMIC_RETURN; a returning buffer atomic reads and writes its data', () => {
    expect(roles('global_atomic_add v2, v2, v3, s[6:7] glc').destinations).toEqual(['v2']);
    expect(roles('global_atomic_add v2, v2, v3, s[6:7] sc0').destinations).toEqual(['v2']);
    expect(roles('global_atomic_add_u32 v2, v2, v3, s[6:7] th:TH_ATOMIC_RETURN scope:SCOPE_DEV', 'gfx12').destinations).toEqual(['v2']);
    expect(roles('global_atomic_add v2, v0, s[0:1]').destinations).toEqual([]);
    expect(roles('buffer_atomic_add v0, off, s[0:3], 0 glc')).toEqual({ destinations: ['v0'], sources: ['v0', 's0', 's1', 's2', 's3', 'exec_lo', 'exec_hi'] });
    expect(roles('buffer_atomic_cmpswap v[0:1], off, s[0:3], 0 glc').destinations).toEqual(['v0']);
  });

  it('VALU and SALU: carry-out forms write a second scalar result, compares and SALU logic write SCC', () => {
    expect(roles('v_add_co_u32_e32 v3, vcc, s2, v2').destinations).toEqual(['v3', 'vcc_lo', 'vcc_hi']);
    expect(roles('v_addc_co_u32_e64 v4, s[6:7], v3, v4, s[6:7]')).toEqual({ destinations: ['v4', 's6', 's7'], sources: ['v3', 'v4', 's6', 's7', 'exec_lo', 'exec_hi'] });
    expect(roles('v_add_u32_e32 v0, s0, v1').destinations).toEqual(['v0']);
    expect(roles('s_and_b32 s0, s1, s2')).toEqual({ destinations: ['s0', 'scc'], sources: ['s1', 's2'] });
    expect(roles('s_cmp_lg_u32 s4, 64')).toEqual({ destinations: ['scc'], sources: ['s4'] });
    expect(roles('s_cselect_b64 vcc, -1, 0')).toEqual({ destinations: ['vcc_lo', 'vcc_hi'], sources: ['scc'] });
    expect(roles('s_and_saveexec_b64 s[2:3], vcc').destinations).toEqual(['s2', 's3', 'exec_lo', 'exec_hi', 'scc']);
  });

  it('v_cmpx writes EXEC, and its first operand only before gfx10', () => {
    expect(roles('v_cmpx_eq_u32_e64 s[0:1], v0, v1', 'gfx9').destinations).toEqual(['s0', 's1', 'exec_lo', 'exec_hi']);
    expect(roles('v_cmpx_eq_u32_e32 0, v1', 'gfx11').destinations).toEqual(['exec_lo', 'exec_hi']);
    expect(roles('v_cmpx_ne_u32_e64 s0, v1', 'gfx10.3')).toEqual({ destinations: ['exec_lo', 'exec_hi'], sources: ['s0', 'v1', 'exec_lo', 'exec_hi'] });
  });

  it('accumulators and lane writes read their destination too', () => {
    expect(roles('v_fmac_f32_e32 v0, v1, v2').sources).toContain('v0');
    expect(roles('v_writelane_b32 v2, s8, 0').sources).toEqual(['v2', 's8', 'exec_lo', 'exec_hi']);
    expect(roles('v_mov_b32_e32 v0, v1').sources).not.toContain('v0');
  });

  it('a call writes its return address and reads its target; a jump reads its target', () => {
    expect(roles('s_swappc_b64 s[30:31], s[16:17]')).toEqual({ destinations: ['s30', 's31'], sources: ['s16', 's17'] });
    expect(roles('s_setpc_b64 s[30:31]')).toEqual({ destinations: [], sources: ['s30', 's31'] });
  });
});
