/**
 * The big-kernel generator of the bench: deterministic from its seed, growing by appending, and
 * (where `npm run setup:nvidia` has unpacked ptxas; skipped, saying so, without it) assembled
 * into a listing the checker reads, of about the size asked for.
 */
import { describe, expect, it } from 'vitest';
import { bigKernelPtx, buildBigKernel, featuresOf, listingInstructions } from '../../bench/bigKernels.js';
import { listingKernelsOfText } from '../../format/sass/loadKernels.js';
import { nvidiaTools } from '../../impl/nvidia/tools.js';

const tools = nvidiaTools('12.5');
if (tools === null) console.log('big kernels test: NVIDIA tools 12.5 are not unpacked (npm run setup:nvidia): assembling skips');

describe('big generated kernels', () => {
  it('the same seed gives the same PTX; more units append pieces to the same kernel', () => {
    const features = featuresOf('sm_90a');
    expect(bigKernelPtx(3, 40, features)).toBe(bigKernelPtx(3, 40, features));
    expect(bigKernelPtx(3, 40, features)).not.toBe(bigKernelPtx(4, 40, features));
    const body = (ptx: string) => ptx.split('\n').filter((line) => line.startsWith('\t') && !line.startsWith('\t.reg') && !line.startsWith('\tst.global.f32') && !line.startsWith('\tret;') && !line.startsWith('\twgmma.wait_group'));
    const short = body(bigKernelPtx(3, 40, features));
    expect(body(bigKernelPtx(3, 80, features)).slice(0, short.length)).toEqual(short);
  });

  it('uses what the architecture has: mma.sync and cp.async from sm_80, wgmma on sm_90a only', () => {
    const ptx = (architecture: string) => bigKernelPtx(1, 300, featuresOf(architecture));
    expect(ptx('sm_75')).not.toMatch(/mma\.sync|cp\.async|wgmma/);
    expect(ptx('sm_80')).toMatch(/mma\.sync/);
    expect(ptx('sm_80')).toMatch(/cp\.async/);
    expect(ptx('sm_90')).not.toMatch(/wgmma/);
    expect(ptx('sm_90a')).toMatch(/wgmma\.mma_async/);
    expect(ptx('sm_80')).toMatch(/bar\.sync 0/);
    expect(ptx('sm_80')).toMatch(/@%p\d+ bra/);
  });

  it.skipIf(tools === null)('ptxas 12.5 assembles a 600-instruction sm_90a kernel the checker reads, within a few percent of the size asked for', () => {
    const built = buildBigKernel({ release: '12.5', architecture: 'sm_90a', target: 600, seed: 4 }, tools);
    expect(built.ok, built.ok ? '' : built.message).toBe(true);
    if (!built.ok) return;
    expect(Math.abs(built.kernel.instructions - 600)).toBeLessThan(600 * 0.1);
    const [kernel] = listingKernelsOfText(built.kernel.listing, 'big.sass', { from: null, architecture: null, kernels: [] });
    expect(kernel!.program.instructions).toHaveLength(listingInstructions(built.kernel.listing));
    expect(built.kernel.listing).toMatch(/\bHGMMA\./);
  });
});
