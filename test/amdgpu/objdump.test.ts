/**
 * Real disassembler output: three kernels of examples/amdgpu/ir (straight-line, a loop, a call)
 * compiled to code objects by llc-19 for gfx900 and gfx1100, disassembled by llvm-objdump-19 -d
 * (no --mcpu: llvm-objdump takes the processor from the ELF flags) and checked with --arch:
 * every function is proved safe, as the llc `.s` of the same kernels is.
 *
 * Skipped, with a notice, where llc-19 or llvm-objdump-19 is not installed (.ci/run installs Debian's llvm-19).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkListingKernels } from '../../api/listing/checkKernels.js';
import { listingKernelsOfText } from '../../format/sass/loadKernels.js';

const hasTools = ['llc-19', 'llvm-objdump-19'].every((tool) => spawnSync(tool, ['--version'], { encoding: 'utf8' }).status === 0);
if (!hasTools) console.warn('test/amdgpu/objdump.test.ts: llc-19 or llvm-objdump-19 not found, skipping the disassembled-object checks (install Debian\'s llvm-19)');

const irFolder = join(import.meta.dirname, '..', '..', 'examples', 'amdgpu', 'ir');
const KERNELS = ['global_load_store', 'loop_accumulate', 'call_device_function'];
const TARGETS = ['gfx900', 'gfx1100'];

describe.skipIf(!hasTools)('llvm-objdump-19 -d of llc-19 code objects', () => {
  const output = hasTools ? mkdtempSync(join(tmpdir(), 'hazardproof-objdump-')) : '';
  for (const kernel of KERNELS) {
    for (const cpu of TARGETS) {
      it(`${kernel} for ${cpu} is proved safe`, () => {
        const object = join(output, `${kernel}.${cpu}.o`);
        const llc = spawnSync('llc-19', ['-mtriple=amdgcn-amd-amdhsa', `-mcpu=${cpu}`, '-O2', '-filetype=obj', '-o', object, join(irFolder, `${kernel}.ll`)], { encoding: 'utf8' });
        expect(llc.stderr).toBe('');
        expect(llc.status).toBe(0);
        const dump = spawnSync('llvm-objdump-19', ['-d', object], { encoding: 'utf8', maxBuffer: 1 << 26 });
        expect(dump.status).toBe(0);
        expect(dump.stdout).toMatch(/file format elf64-amdgpu/);
        const kernels = listingKernelsOfText(dump.stdout, `${kernel}.${cpu}.txt`, { from: null, architecture: cpu, kernels: [] });
        const checked = checkListingKernels(kernels, { shouldStopFor: () => () => null });
        const verdicts = checked.map((c) => ({ name: c.program.name, verdict: c.result.verdict, reason: c.result.verdict === 'proved-safe' ? '' : c.result.reason }));
        expect(verdicts.map((v) => v.name)).toContain(kernel);
        expect(verdicts).toEqual(verdicts.map((v) => ({ ...v, verdict: 'proved-safe', reason: '' })));
      });
    }
  }
});
