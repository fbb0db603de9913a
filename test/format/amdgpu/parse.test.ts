/**
 * The AMDGPU assembly importer: functions and kernels from the directives, local labels,
 * instruction lines split into mnemonic, operands and modifiers (VOPD pairs too), comments and
 * metadata blocks skipped, and located errors for lines it cannot read.
 */
import { describe, expect, it } from 'vitest';
import { parseAmdgpuListing, targetOfDirective } from '../../../format/amdgpu/parse.js';
import { rejection } from '../../helpers.js';

/** A trimmed-down llc output: a kernel, a callable function, their descriptors and metadata. */
const LLC = [
  '\t.text',
  '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:xnack-"',
  '\t.type\thelper,@function',
  'helper:                                 ; @helper',
  '\ts_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)',
  '\tglobal_load_dword v0, v[0:1], off',
  '\ts_waitcnt vmcnt(0)',
  '\ts_setpc_b64 s[30:31]',
  '.Lfunc_end0:',
  '\t.type\tk,@function',
  'k: ; @k',
  '\ts_load_dwordx4 s[0:3], s[4:5], 0x0 ; comment after an instruction',
  '.LBB1_1:',
  '\tglobal_atomic_add v2, v2, v3, s[6:7] glc /* inline */',
  '\ts_cbranch_scc1 .LBB1_1',
  '\ts_endpgm',
  '.Lfunc_end1:',
  '\t.rodata',
  '\t.amdhsa_kernel k',
  '\t\t.amdhsa_tg_split 1',
  '\t.end_amdhsa_kernel',
  '\t.amdgpu_metadata',
  '---',
  'amdhsa.kernels:',
  '  - .name: k',
  '\t.end_amdgpu_metadata',
].join('\n');

describe('parseAmdgpuListing', () => {
  it('finds the target, the functions with their kind, and the local labels', () => {
    const listing = parseAmdgpuListing(LLC, 'k.s');
    expect(listing.target).toBe('gfx90a');
    expect(listing.functions.map((fn) => [fn.name, fn.line, fn.kernel, fn.tgSplit, fn.instructions.length])).toEqual([
      ['helper', 4, false, false, 4],
      ['k', 11, true, true, 4],
    ]);
    expect(listing.functions[1]!.labels).toEqual({ '.LBB1_1': 1 });
  });

  it('splits operands at top-level commas and keeps what follows an operand as modifiers, with columns', () => {
    const line = parseAmdgpuListing(LLC, 'k.s').functions[1]!.instructions[1]!;
    expect(line.line).toBe(14);
    expect(line.column).toBe(2);
    expect(line.text).toBe('global_atomic_add v2, v2, v3, s[6:7] glc');
    const [part] = line.parts;
    expect(part!.mnemonic).toBe('global_atomic_add');
    expect(part!.operands.map((t) => [t.text, t.column])).toEqual([['v2', 20], ['v2', 24], ['v3', 28], ['s[6:7]', 32]]);
    expect(part!.modifiers.map((t) => t.text)).toEqual(['glc']);
    // Parentheses and brackets keep their commas.
    const setreg = parseAmdgpuListing('k:\n  s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0\n  v_pk_mul_f32 v[0:1], v[2:3], v[4:5] op_sel_hi:[1,0]\n  s_endpgm\n', 'k.s').functions[0]!.instructions;
    expect(setreg[0]!.parts[0]!.operands.map((t) => t.text)).toEqual(['hwreg(HW_REG_MODE, 0, 4)', 's0']);
    expect(setreg[1]!.parts[0]!.modifiers.map((t) => t.text)).toEqual(['op_sel_hi:[1,0]']);
  });

  it('reads both halves of a VOPD pair', () => {
    const [line] = parseAmdgpuListing('k:\n\tv_dual_mov_b32 v31, v0 :: v_dual_and_b32 v2, 0x3ff, v0\n\ts_endpgm\n', 'k.s').functions[0]!.instructions;
    expect(line!.parts.map((part) => [part.mnemonic, part.operands.map((t) => t.text)])).toEqual([
      ['v_dual_mov_b32', ['v31', 'v0']],
      ['v_dual_and_b32', ['v2', '0x3ff', 'v0']],
    ]);
  });

  it('without declarations, a label not starting with a dot starts a function; one ending the wave is a kernel', () => {
    const listing = parseAmdgpuListing('# expect: proved-safe\nk:\n\ts_endpgm\nf:\n\ts_setpc_b64 s[30:31]\n', 'k.s');
    expect(listing.target).toBeNull();
    expect(listing.functions.map((fn) => [fn.name, fn.kernel])).toEqual([['k', true], ['f', false]]);
  });

  it('reads the processor of an .amdgcn_target string', () => {
    expect(targetOfDirective('.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"')).toBe('gfx1100');
    expect(targetOfDirective('.amdgcn_target "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-"')).toBe('gfx942');
  });

  it('gives located errors for lines that are no instruction, label or directive, and instructions outside functions', () => {
    expect(rejection(() => parseAmdgpuListing('\ts_endpgm\nk:\n  LDG.E R5, [R2] ;\n  s_endpgm\n', 'k.s'))).toEqual([
      "1:2: instruction s_endpgm outside a function: expected a function label ('NAME:') before it",
      "3:3: expected an instruction (lower-case mnemonic and operands), a label 'NAME:' or a directive '.NAME', got 'LDG.E R5, [R2]'",
    ]);
    expect(rejection(() => parseAmdgpuListing('k:\n.L1:\n\ts_nop 0\n.L1:\n\ts_endpgm\n', 'k.s'))).toEqual(['4:1: label .L1 is defined twice in function k (first at line 2)']);
    expect(rejection(() => parseAmdgpuListing('\t.text\n', 'k.s'))).toEqual(['1:1: no function with instructions: expected a label (NAME:) followed by AMDGPU instructions']);
  });

  it('a second function label before any code is another name of the same entry (llc\'s NAME$local), so a kernel stays a kernel', () => {
    const text = [
      '\t.text', '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx900"',
      '\t.globl\tk', '\t.type\tk,@function',
      'k:                                      ; @k',
      'k$local:', '\t.type\tk$local,@function',
      '\ts_load_dword s2, s[6:7], 0x10', '\ts_waitcnt lgkmcnt(0)', '\tv_mov_b32_e32 v0, s2', '\ts_endpgm',
      '.Lfunc_end0:', '\t.size\tk, .Lfunc_end0-k', '\t.size\tk$local, .Lfunc_end0-k',
      '\t.rodata', '\t.amdhsa_kernel k', '\t.end_amdhsa_kernel', '',
    ].join('\n');
    const listing = parseAmdgpuListing(text, 'alias.s');
    expect(listing.functions.map((fn) => [fn.name, fn.kernel, fn.instructions.length])).toEqual([['k', true, 4]]);
  });
});
