/**
 * The PTX kernel generator, without ptxas: every register a generated (or shrunk) kernel reads was
 * written before on every path, and what an architecture lacks is never asked of it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ptxKernelArbitrary, ptxRecipeArbitrary } from '../../../properties/ptx/arbitrary.js';
import { ptxFeatures } from '../../../properties/ptx/features.js';
import type { PtxKernel, PtxStatement } from '../../../properties/ptx/kernel.js';
import { printPtxKernel } from '../../../properties/ptx/print.js';
import { buildPtxKernel } from '../../../properties/ptx/recipe.js';
import { undefinedReads } from '../../../properties/ptx/undefinedReads.js';

const ARCHITECTURES = ['sm_52', 'sm_61', 'sm_70', 'sm_75', 'sm_80', 'sm_90a'];

/** Every opcode of a kernel, loops' and ifs' included. */
function opcodes(kernel: PtxKernel): string[] {
  const walk = (body: readonly PtxStatement[]): string[] => body.flatMap((s) => (s.kind === 'instruction' ? [s.opcode] : s.kind === 'loop' ? walk(s.body) : [...walk(s.then), ...walk(s.otherwise)]));
  return walk(kernel.body);
}

describe('ptxKernelArbitrary', () => {
  it('reads only registers it wrote before, on every architecture (shrunk kernels included)', () => {
    for (const architecture of ARCHITECTURES) {
      fc.assert(fc.property(ptxKernelArbitrary(architecture, { size: 10 }), (kernel) => {
        expect(undefinedReads(kernel)).toEqual([]);
      }), { numRuns: 60, seed: 5 });
    }
  });

  it('undefinedReads finds a read before any write, and a guarded first write', () => {
    const kernel = buildPtxKernel({ body: [] }, 'sm_80');
    const broken: PtxKernel = {
      ...kernel,
      body: [
        { kind: 'instruction', guard: null, opcode: 'add.f32', written: [{ kind: 'register', register: { cls: 'f', index: 9 } }], read: [{ kind: 'register', register: { cls: 'f', index: 8 } }, { kind: 'literal', text: '0f00000000' }] },
        { kind: 'instruction', guard: { predicate: { cls: 'p', index: 7 }, negated: false }, opcode: 'mov.f32', written: [{ kind: 'register', register: { cls: 'f', index: 5 } }], read: [{ kind: 'register', register: { cls: 'f', index: 9 } }] },
      ],
    };
    expect(undefinedReads(broken)).toEqual(['%f8 read at statement 1', '%p7 read as a guard at statement 2', '%f5 written under a guard without an earlier write at statement 2']);
  });

  it('leaves out what the architecture lacks, and gives each tensor-core generation its mma shape', () => {
    const recipes = fc.sample(ptxRecipeArbitrary({ size: 16 }), { numRuns: 150, seed: 3 });
    for (const architecture of ARCHITECTURES) {
      const features = ptxFeatures(architecture);
      const all = recipes.flatMap((recipe) => opcodes(buildPtxKernel(recipe, architecture)));
      const mma = all.filter((op) => op.startsWith('mma.'));
      if (features.mma === null) expect(mma).toEqual([]);
      else expect(mma.length).toBeGreaterThan(0);
      for (const op of mma) expect(op).toContain(`.${features.mma}.`);
      expect(all.some((op) => op.startsWith('cp.async'))).toBe(features.cpAsync);
      expect(all.some((op) => /f16x2|\.f16$/.test(op) && !op.startsWith('cvt'))).toBe(features.halfArithmetic);
    }
  });

  it('draws every statement kind the campaign promises', () => {
    const text = fc.sample(ptxKernelArbitrary('sm_80', { size: 16 }), { numRuns: 300, seed: 9 }).map(printPtxKernel).join('\n');
    for (const needle of ['ld.global.f32', 'ld.global.v4.f32', 'ld.shared.', 'ld.const.', 'ld.local.', 'st.shared.', 'st.local.', 'atom.global.', 'atom.shared.', '.cas.b32', 'red.global.',
      'bar.sync 0', 'sin.approx.f32', 'ex2.approx', 'rcp.approx.f32', 'sqrt.approx.f32', 'lg2.approx.f32', 'rsqrt.approx', 'fma.rn.f64', 'add.f64', 'div.rn.f64',
      'cvt.rn.f32.s32', 'cvt.rzi.s32.f32', 'cvt.f64.f32', 'mad.lo.s32', 'mul.wide.s32', 'mad.wide.s32', 'setp.', 'selp.', 'max.f64', 'min.f64', '.u32.f64', '.u32.f32', '.u32.s32', 'mov.b64', 'shfl.sync.bfly.b32', 'vote.sync.',
      'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32', 'cp.async.ca.shared.global', 'cp.async.commit_group', 'cp.async.wait_', '$L__loop', '$L__else', '@%p']) {
      expect(text, needle).toContain(needle);
    }
  });
});
