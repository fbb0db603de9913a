/**
 * The IR kernel generator of `hazardproof fuzz --llvm`: what it prints is accepted by llc-19 for
 * every processor the AMD facts cover. Skipped, with a notice, where llc-19 is not installed.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { llvmKernelArbitrary, printLlvmKernel } from '../../properties/arbitraries/llvmKernel.js';
import { AMDGPU_TARGETS } from '../../spec/amdgpu/counters.js';

const LLC = 'llc-19';
const hasLlc = spawnSync(LLC, ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasLlc) console.warn(`test/properties/llvmKernel.test.ts: ${LLC} not found, skipping (install Debian's llvm-19)`);

describe('llvmKernelArbitrary', () => {
  it('prints one kernel with its declarations, whatever the shape', () => {
    for (const kernel of fc.sample(llvmKernelArbitrary(), { numRuns: 50, seed: 7 })) {
      const ir = printLlvmKernel(kernel);
      expect(ir).toMatch(/^define amdgpu_kernel void @kernel\(ptr addrspace\(1\) %g, ptr addrspace\(3\) %l, ptr addrspace\(4\) %c, i32 %n\)/);
      expect(ir).toContain('ret void');
    }
  });

  it.skipIf(!hasLlc)('llc-19 accepts every sample, for each processor and level', () => {
    const rejected: string[] = [];
    fc.sample(llvmKernelArbitrary(), { numRuns: 12, seed: 11 }).forEach((kernel, k) => {
      const cpu = AMDGPU_TARGETS[k % AMDGPU_TARGETS.length]!;
      const level = k % 2 === 0 ? '-O0' : '-O2';
      const ir = printLlvmKernel(kernel);
      const run = spawnSync(LLC, ['-mtriple=amdgcn-amd-amdhsa', `-mcpu=${cpu}`, level], { input: ir, encoding: 'utf8', timeout: 20_000 });
      if (run.status !== 0) rejected.push(`${cpu} ${level}: ${run.stderr}\n${ir}`);
    });
    expect(rejected).toEqual([]);
  }, 30_000);
});
