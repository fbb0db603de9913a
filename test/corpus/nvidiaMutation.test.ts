/**
 * The mutation self-test on real listings (`../shared/corpus`, see its README), a few kernels of
 * every architecture: laws of the two-sided campaign, not statistical floors. A mutant counts as
 * caught only with a schedule of the counterexample program; an undecided one names a fact or a
 * budget; and what the proof side alone caught (the campaign before the counterexample side) but
 * no source-backed schedule shows is undecided, never caught.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayPath } from '../../explore/run.js';
import { defaultSeed } from '../../format/defaultSeed.js';
import { InputError } from '../../format/error.js';
import { packageRoot } from '../../format/packageRoot.js';
import { loadListingKernels, type LoadedKernel } from '../../format/sass/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../impl/sass/check.js';
import { MUTANT_CHECK, runMutationCampaign } from '../../impl/sass/mutationCampaign.js';
import { hazardKey } from '../../spec/oracle/hazard.js';
import { sassSystem } from '../../spec/sass/system.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`NVIDIA mutation corpus tests skipped: ${corpus} is absent`);

/**
 * Kernels per architecture: the smallest, and none past `MAX_INSTRUCTIONS` (a mutant of the
 * hand-scheduled 771-instruction SGEMM can take seconds), so the test's time hardly depends on
 * which mutants the seed picks.
 */
const KERNELS_PER_ARCHITECTURE = 4;
const MAX_INSTRUCTIONS = 600;
/** Mutants per kernel, a sample under the run's seed. */
const MUTANTS_PER_KERNEL = 6;
/** Search bounds far above any kernel's: a replay only needs every action of the schedule enabled. */
const REPLAY_BOUNDS = { inFlight: 4096, calls: 256 };

interface Sampled {
  readonly file: string;
  readonly kernel: LoadedKernel;
}

/** Every kernel of every NVIDIA file (mesa-ir3 left out; preprocessor sources do not load), by `program.architecture`. */
function kernelsByArchitecture(): Map<string, Sampled[]> {
  const files = (folder: string): string[] => readdirSync(folder).sort().flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return files(path);
    return /LICEN[CS]E|README/i.test(name) ? [] : [path];
  });
  const found = new Map<string, Sampled[]>();
  for (const folder of readdirSync(corpus).sort().filter((name) => name !== 'mesa-ir3' && statSync(join(corpus, name)).isDirectory())) {
    for (const path of files(join(corpus, folder))) {
      let kernels: LoadedKernel[];
      try {
        kernels = loadListingKernels(path, { from: null, architecture: null, kernels: [] });
      } catch (error) {
        if (error instanceof InputError) continue;
        throw error;
      }
      for (const kernel of kernels) {
        const list = found.get(kernel.program.architecture) ?? [];
        list.push({ file: relative(corpus, path), kernel });
        found.set(kernel.program.architecture, list);
      }
    }
  }
  return found;
}

const byArchitecture = haveCorpus ? kernelsByArchitecture() : new Map<string, Sampled[]>();
const seed = defaultSeed();
const counts: string[] = [];

describe.skipIf(!haveCorpus)('mutation self-test on the corpus, both sides of each table', () => {
  it('has kernels of several architectures', () => {
    expect(byArchitecture.size).toBeGreaterThan(5);
  });

  // sm_50 before sm_120: by generation number, then the suffix.
  const generation = (name: string) => parseInt(name.replace(/^sm_/, ''), 10);
  it.each([...byArchitecture.keys()].sort((a, b) => generation(a) - generation(b) || a.localeCompare(b)))('%s', (architecture) => {
    const chosen = byArchitecture.get(architecture)!.filter(({ kernel }) => kernel.program.instructions.length <= MAX_INSTRUCTIONS)
      .sort((a, b) => a.kernel.program.instructions.length - b.kernel.program.instructions.length || a.file.localeCompare(b.file) || a.kernel.program.name.localeCompare(b.kernel.program.name))
      .slice(0, KERNELS_PER_ARCHITECTURE);
    const count = { mutants: 0, caught: 0, fact: 0, budget: 0, proofSideOnly: 0 };
    for (const { file, kernel } of chosen) {
      const report = runMutationCampaign(kernel, MUTANTS_PER_KERNEL, seed);
      for (const { mutant, result, undecided } of report.checks) {
        const instruction = kernel.program.instructions[mutant.instruction]!;
        const where = `${file} ${kernel.program.name}: line ${instruction.line} (${instruction.text}): ${mutant.change} (seed ${seed})`;
        const evidence = mutant.counterexample?.program ?? mutant.program;
        count.mutants++;
        // Law 1: caught means a schedule of the counterexample program shows the hazard.
        if (result.verdict === 'hazard') {
          count.caught++;
          expect(result.hazards.length, where).toBeGreaterThan(0);
          for (const shown of result.hazards) {
            expect(replayPath(sassSystem(evidence, REPLAY_BOUNDS), shown.schedule).findings.map(hazardKey), where).toContain(hazardKey(shown.hazard));
          }
        }
        // Law 2: an undecided mutant names a fact or a budget; none is left to "the analysis could not decide".
        if (result.verdict === 'unknown') {
          expect(undecided, where).not.toBeNull();
          expect(undecided!.why, `${where}: ${undecided!.detail}`).not.toBe('other');
          if (undecided!.why === 'fact') expect(undecided!.facts.length, `${where}: ${undecided!.detail}`).toBeGreaterThan(0);
          count[undecided!.why as 'fact' | 'budget']++;
        }
        // Law 3: what the proof side alone caught (the campaign as it was) and no counterexample schedule shows is undecided on a fact or a budget, not caught.
        const proofSide = checkSassProgram(mutant.program, [], { ...DEFAULT_SASS_CHECK, ...MUTANT_CHECK });
        if (proofSide.verdict === 'hazard' && result.verdict !== 'hazard') {
          count.proofSideOnly++;
          expect(result.verdict, `${where}: ${result.reason}`).toBe('unknown');
          expect(['fact', 'budget'], `${where}: ${undecided?.detail}`).toContain(undecided!.why);
        }
      }
    }
    counts.push(`${architecture}: ${chosen.length} kernels, ${count.mutants} mutants: ${count.caught} caught, undecided ${count.fact} on a fact gap and ${count.budget} on a budget; ${count.proofSideOnly} caught by the proof side alone, not counted`);
  }, 60_000);

  afterAll(() => {
    if (counts.length > 0) console.log(`mutation self-test, the ${KERNELS_PER_ARCHITECTURE} smallest kernels per architecture (at most ${MAX_INSTRUCTIONS} instructions), ${MUTANTS_PER_KERNEL} mutants each (seed ${seed}):\n${counts.join('\n')}`);
  });
});
