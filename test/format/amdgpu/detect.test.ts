/**
 * AMDGPU assembly is told from its content and read through the listing path NVIDIA listings
 * use (`isListingText`, `listingKernelsOfText`), without taking NVIDIA listings or `.hp` programs
 * for it.
 */
import { describe, expect, it } from 'vitest';
import { isAmdgpuText } from '../../../format/amdgpu/detect.js';
import { isListingText } from '../../../format/sass/detect.js';
import { listingKernelsOfText } from '../../../format/sass/loadKernels.js';

const LLC_HEAD = '\t.text\n\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"\n';
const BARE = 'k:\n\tglobal_load_b32 v1, v0, s[2:3]\n\ts_waitcnt vmcnt(0)\n\ts_endpgm\n';
const GFX12 = 'k:\n  s_wait_loadcnt 0x0\n';
const CUASM = '\t.__elf_flags 0x4b054b\n\t.section\t.text.k,"ax",@progbits\n      [B------:R-:W-:-:S05] /*0000*/ EXIT ;\n';
const HP = '# expect: proved-safe\n.pipe alu fixed 4: MOV\n[B------:R-:W-:-:S01] MOV R1 <- R2\n';

describe('AMDGPU detection', () => {
  it('tells AMDGPU assembly by its directives or its wait, return and end instructions', () => {
    for (const text of [LLC_HEAD, BARE, GFX12, '\t.amdhsa_kernel k\n', 'f:\n\ts_setpc_b64 s[30:31]\n']) {
      expect(isAmdgpuText(text), text).toBe(true);
      expect(isListingText(text), text).toBe(true);
    }
  });

  it('takes neither an NVIDIA listing nor a .hp program for it', () => {
    expect(isAmdgpuText(CUASM)).toBe(false);
    expect(isAmdgpuText(HP)).toBe(false);
    expect(isListingText(HP)).toBe(false);
  });

  it('reads AMDGPU text through the listing path, with --arch overriding .amdgcn_target and --kernel choosing', () => {
    const text = `${LLC_HEAD}${BARE}g:\n\ts_endpgm\n`;
    const kernels = listingKernelsOfText(text, 'k.s', { from: null, architecture: null, kernels: [] });
    expect(kernels.map((k) => [k.file, k.program.name, k.program.architecture, k.counterexample])).toEqual([['k.s', 'k', 'gfx1100', null], ['k.s', 'g', 'gfx1100', null]]);
    expect(listingKernelsOfText(text, 'k.s', { from: null, architecture: 'gfx900', kernels: ['g'] }).map((k) => [k.program.name, k.program.architecture])).toEqual([['g', 'gfx900']]);
    expect(() => listingKernelsOfText(text, 'k.s', { from: null, architecture: null, kernels: ['h'] })).toThrow('no kernel or function named h (the file has k, g)');
  });
});
