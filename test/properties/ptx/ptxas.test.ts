/**
 * `fuzz --ptxas` with NVIDIA's tools (`npm run setup:nvidia`; without them these skip, saying so):
 * generated kernels for sm_80 are accepted by ptxas 11.8, and no certain-hazard mutant of its
 * output is proved safe. Whether every kernel is proved safe is measured by the campaign, not
 * asserted here. Without the tools, `fuzz --ptxas` exits 2 and says how to get them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { UNLISTED_ENCODING_ADVICE } from '../../../format/sass/cuobjdump.js';
import { assemblePtxAsync, nvidiaTools } from '../../../impl/nvidia/tools.js';
import { ptxKernelArbitrary } from '../../../properties/ptx/arbitrary.js';
import { checkOutput } from '../../../properties/ptx/checkOutput.js';
import { printPtxKernel } from '../../../properties/ptx/print.js';
import { cli } from '../../cli/run.js';

const tools = nvidiaTools('11.8');
const newer = nvidiaTools('12.5');
if (tools === null) console.log('test/properties/ptx/ptxas.test.ts: ptxas 11.8 is not unpacked (npm run setup:nvidia): the ptxas test skips');

describe('fuzz --ptxas', () => {
  it.skipIf(tools === null)('20 generated sm_80 kernels assemble with ptxas 11.8, and no certain-hazard mutant of the output is proved safe', async () => {
    const kernels = fc.sample(ptxKernelArbitrary('sm_80', { size: 6 }), { numRuns: 20, seed: 42 });
    const ptx = kernels.map(printPtxKernel);
    // ptxas and cuobjdump wait on the disk about as much as they compute: several at once.
    const assembled = await Promise.all(ptx.map((text, k) => assemblePtxAsync(tools!, text, { architecture: 'sm_80', optimization: k % 2 === 0 ? 3 : 0, compileOnly: false, timeoutS: 60 })));
    const refused = assembled.flatMap((a, k) => (a.ok ? [] : [`kernel ${k}: ${a.stage}: ${a.message}\n${ptx[k]}`]));
    expect(refused).toEqual([]);
    let mutants = 0;
    const misses: string[] = [];
    assembled.forEach((a, k) => {
      if (!a.ok) return;
      const check = checkOutput(a.listing, `kernel${k}.sass`, { mutants: 1, seed: 42, timeoutMs: 20_000 });
      expect(check.refused).toBeNull();
      expect(check.functions.length).toBeGreaterThan(0);
      mutants += check.mutantsChecked;
      misses.push(...check.misses.map((miss) => `kernel ${k}: ${miss.mutation}: ${miss.reason}`));
    });
    expect(misses).toEqual([]);
    expect(mutants).toBeGreaterThanOrEqual(15);
  }, 60_000);

  // `hazardproof fuzz --ptxas --seed 20261207` path 4 (fixtures/fuzz-unlisted-vimnmx.sm_90.ptx): ptxas 11.8 -O0 for
  // sm_90 emits a VIMNMX its own cuobjdump prints as bare encoding words; the campaign lists such a cubin again with 12.5's.
  it.skipIf(tools === null || newer === null)('a cubin whose encoding 11.8\'s cuobjdump does not know is refused as listed, and checked when 12.5\'s lists it', async () => {
    const ptx = readFileSync(new URL('../../spec/sass/fixtures/fuzz-unlisted-vimnmx.sm_90.ptx', import.meta.url), 'utf8');
    const options = { architecture: 'sm_90', optimization: 0, compileOnly: false, timeoutS: 60 } as const;
    const own = await assemblePtxAsync(tools!, ptx, options);
    expect(own.ok && checkOutput(own.listing, 'own.sass', { mutants: 0, seed: 1, timeoutMs: 20_000 }).refused).toContain(UNLISTED_ENCODING_ADVICE);
    const relisted = await assemblePtxAsync({ ...tools!, cuobjdump: newer!.cuobjdump }, ptx, options);
    expect(relisted.ok && relisted.listing).toContain('VIMNMX R4, R4, R4, PT');
    const check = relisted.ok ? checkOutput(relisted.listing, 'relisted.sass', { mutants: 0, seed: 1, timeoutMs: 20_000 }) : null;
    expect(check?.refused).toBeNull();
    expect(check?.functions.map((f) => f.verdict)).toEqual(['proved-safe']);
  }, 60_000);

  it('without the tools, exits 2 and says to run npm run setup:nvidia', async () => {
    const saved = process.env.HAZARDPROOF_CUDA_CACHE;
    process.env.HAZARDPROOF_CUDA_CACHE = mkdtempSync(join(tmpdir(), 'hazardproof-no-cuda-'));
    try {
      const run = await cli('fuzz', '--ptxas', '--runs', '1', '--seed', '1');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('npm run setup:nvidia');
    } finally {
      if (saved === undefined) delete process.env.HAZARDPROOF_CUDA_CACHE;
      else process.env.HAZARDPROOF_CUDA_CACHE = saved;
    }
  });

  it('options of --ptxas are refused without it, and other fuzz options with it', async () => {
    expect((await cli('fuzz', '--generate', 'small', '--arch', 'sm_80')).stderr).toContain('--arch goes with --ptxas');
    expect((await cli('fuzz', '--ptxas', '--law', 'x')).stderr).toContain('--law does not go with --ptxas');
  });
});
