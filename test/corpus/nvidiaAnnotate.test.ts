/**
 * The annotate pass on real NVIDIA kernels of the corpus (`../shared/corpus`, see its README): a
 * small fixed set, one or two listings per architecture family and notation, loops and the two
 * maxas kernels included. Every kernel's control records are stripped and derived again; the
 * derived records must be proved safe by the analysis, and take no more cycles than the
 * compiler's on the same seeded schedules (the fallback keeps the compiler's where they are proved
 * safe and faster; the pass's own wins are counted and printed).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSeed } from '../../format/defaultSeed.js';
import { packageRoot } from '../../format/packageRoot.js';
import { loadListingKernels } from '../../format/sass/loadKernels.js';
import { compareAnnotation } from '../../impl/sass/annotateReport.js';
import { checkSassProgram } from '../../impl/sass/check.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`NVIDIA annotate corpus tests skipped: ${corpus} is absent`);

/** The listings: Maxwell (maxas notation, ptxas and hand-scheduled), Pascal, Turing, Ampere, Ada, Blackwell; cuasm, nvaa, cuobjdump. */
const LISTINGS = [
  'maxas/ptxas_memory.sm_52.sass',
  'maxas/sgemm_final_128.sass',
  'cuassembler/cudatest.6.sm_61.cuasm',
  'cuassembler/cudatest.7.sm_75.cuasm',
  'nvaa/copies-sm_75.sass',
  'misc-cuobjdump/matmultutorial-single-wmma.sm_80.sass',
  'bare-metal/sgemm__tiled.sm_86.sass',
  'sass-king/math_and_spills__12_register_spill__sm_89__12e_loop_acc.sass',
  'sass-king/tensor_cores__20_control_flow__20g_nested_hmma_4x2.sass',
  'simpetre-cuassembler/05_control_05a_loop.sass.txt',
];

/** Schedules per kernel, the same for both records. */
const RUNS = 3;

const tally = { kernels: 0, own: 0, kept: 0 };
afterAll(() => {
  if (haveCorpus) console.log(`annotate on ${tally.kernels} corpus kernels: the pass's own records took fewer cycles than the compiler's on ${tally.own}, the compiler's records were kept on ${tally.kept}`);
});

describe.skipIf(!haveCorpus)('annotate on corpus kernels', () => {
  it.each(LISTINGS)('%s: every derived kernel is proved safe and takes no more cycles than the compiler records', (listing) => {
    const seed = defaultSeed();
    for (const kernel of loadListingKernels(resolve(corpus, listing), { from: null, architecture: null, kernels: [] })) {
      const name = `${listing} ${kernel.program.name}`;
      const comparison = compareAnnotation(kernel.program, RUNS, seed, 8, undefined, kernel.notes);
      expect(comparison.stoppedBy, name).toBeNull();
      // The pass's own records are proved, whichever records are kept.
      expect(comparison.annotation.left, name).toEqual([]);
      // Code the model cannot follow (an `unsupported` note: cudatest's argtest calls a subroutine through a register) is never proved.
      const expected = kernel.notes.some((note) => note.kind === 'unsupported') ? 'unknown' : 'proved-safe';
      expect(checkSassProgram(comparison.annotation.program, kernel.notes).verdict, name).toBe(expected);
      expect(comparison.proof.verdict, name).toBe(expected);
      expect(comparison.derivedCycles, name).toBeLessThanOrEqual(comparison.compilerCycles);
      tally.kernels++;
      if (comparison.kept === 'derived' && comparison.ownCycles < comparison.compilerCycles) tally.own++;
      if (comparison.kept === 'compiler') tally.kept++;
    }
  });
});
