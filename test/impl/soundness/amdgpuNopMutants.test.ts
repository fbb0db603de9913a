/**
 * Certain `s_nop` mutants (impl/soundness/amdgpuNopMutants.ts) on llc-19's gfx900 output with two
 * wait-state nops: the one before the DPP move guards a VALU-written VGPR (2 wait states) and is
 * certain; the one before v_readlane follows an SALU rewrite of the lane select, which hides the
 * VALU write LLVM's conservative search still counts, so it is not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../../format/packageRoot.js';
import { sourceMutants } from '../../../impl/amdgpu/sourceMutants.js';
import { certainNopMutants } from '../../../impl/soundness/amdgpuNopMutants.js';

const file = join(packageRoot(), 'examples', 'amdgpu', 'dpp_readlane.gfx900.s');

describe('certain s_nop mutants', () => {
  it('keeps the nop a DPP read of a VALU result needs, and not one an SALU rewrite made unnecessary', () => {
    const text = readFileSync(file, 'utf8');
    const certain = certainNopMutants(text, file, 'gfx900', sourceMutants(text, file, 'gfx900'));
    expect(certain.map(({ mutant, pair }) => `${mutant.description} :: ${pair}`)).toEqual([
      'line 20: s_nop 1 -> s_nop 0 :: v2: line 19 -> line 21 needs 2 wait state(s), 1 left',
    ]);
  });

  it('offers none on a target without wait-state rules', () => {
    const text = readFileSync(file, 'utf8');
    expect(certainNopMutants(text, file, 'gfx1100', sourceMutants(text, file, 'gfx1100'))).toEqual([]);
  });
});
