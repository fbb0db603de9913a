/**
 * The checker on real ptxas output (`../shared/corpus`, see its README): no false alarm on any
 * kernel, and a real protection removed is caught.
 */
import { annotateSassProgram } from '../../impl/sass/annotate.js';
import { GENERATED_LISTINGS } from '../../bench/sassBench.js';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayPath } from '../../explore/run.js';
import { packageRoot } from '../../format/packageRoot.js';
import { loadListingKernels, type LoadedKernel } from '../../format/sass/loadKernels.js';
import { checkSassProgram, DEFAULT_SASS_CHECK } from '../../impl/sass/check.js';
import type { SassProgram } from '../../spec/sass/program.js';
import { sassSystem } from '../../spec/sass/system.js';

const corpus = resolve(packageRoot(), '../shared/corpus');
const haveCorpus = existsSync(corpus);
if (!haveCorpus) console.warn(`NVIDIA corpus tests skipped: ${corpus} is absent`);

/** The ptxas-generated listings and maxas' hand-scheduled SGEMM (assembled by maxas): none has a false alarm. The bench reports the same list. */
const LISTINGS = GENERATED_LISTINGS;

/** Whether the lowering left part of the kernel unfollowed (an `unsupported` note): no proof then. */
function unfollowed(kernel: LoadedKernel): boolean {
  return kernel.notes.some((note) => note.kind === 'unsupported');
}

function load(listing: string): LoadedKernel[] {
  return haveCorpus ? loadListingKernels(join(corpus, listing), { from: null, architecture: null, kernels: [] }) : [];
}

describe.skipIf(!haveCorpus)('ptxas listings of the corpus: zero false alarms', () => {
  describe.each(LISTINGS)('%s', (listing) => {
    const kernels = load(listing);
    let elapsed = 0;
    let proved = 0;

    it('has kernels', () => {
      expect(kernels.length).toBeGreaterThan(0);
    });

    // A kernel with code the model cannot follow (cudatest's argtest calls a subroutine through a register) is unknown, never proved.
    it.each(kernels.map((kernel) => [kernel.program.name, kernel] as const))('kernel %s is proved safe, or unknown where it has code the model cannot follow', (_name, kernel) => {
      const started = performance.now();
      const result = checkSassProgram(kernel.program, kernel.notes, { ...DEFAULT_SASS_CHECK, counterexample: kernel.counterexample ?? null });
      elapsed += performance.now() - started;
      expect(result.hazards.map((shown) => shown.hazard), result.reason).toEqual([]);
      expect(result.verdict, result.reason).toBe(unfollowed(kernel) ? 'unknown' : 'proved-safe');
      if (result.verdict === 'proved-safe') proved++;
    });

    afterAll(() => {
      const instructions = kernels.reduce((sum, kernel) => sum + kernel.program.instructions.length, 0);
      console.log(`${listing}: ${proved}/${kernels.length} kernels proved safe, ${instructions} instructions, ${elapsed.toFixed(0)} ms`);
    });
  });
});

/** A wait-mask bit that protects a load's consumer: the consumer, the load, the scoreboard, the register. */
interface Protection {
  readonly consumer: number;
  readonly load: number;
  readonly scoreboard: number;
  readonly register: string;
}

/**
 * The first instruction waiting on a scoreboard that the nearest earlier instruction setting it
 * — a load, in straight-line code, with no other wait or DEPBAR on that scoreboard in between —
 * uses as write scoreboard for a register the waiter reads.
 */
function loadProtection(program: SassProgram): Protection | null {
  for (const [consumer, waiter] of program.instructions.entries()) {
    for (const scoreboard of waiter.control.wait) {
      for (let at = consumer - 1; at >= 0; at--) {
        const earlier = program.instructions[at]!;
        if (earlier.control.writeScoreboard === scoreboard) {
          const register = earlier.destinations.find((name) => waiter.sources.includes(name));
          if (earlier.unit.kind === 'variable' && /^LD/.test(earlier.opcode) && register !== undefined) return { consumer, load: at, scoreboard, register };
          break;
        }
        if (earlier.flow.kind !== 'next' || earlier.control.wait.includes(scoreboard) || earlier.depbar?.scoreboard === scoreboard) break;
      }
    }
  }
  return null;
}

describe.skipIf(!haveCorpus)('ptxas listings of the corpus: a dropped wait is caught', () => {
  it.each(LISTINGS.slice(0, 2).concat(LISTINGS[3]!))('%s: dropping the wait that protects a load\'s consumer gives a hazard', (listing) => {
    // The first kernel of the file that has such a wait.
    const found = load(listing).filter((kernel) => !unfollowed(kernel)).map((kernel) => ({ kernel, protection: loadProtection(kernel.program) })).find((entry) => entry.protection !== null);
    expect(found, 'a kernel with a wait protecting a load').toBeDefined();
    const { kernel, protection } = found as { kernel: LoadedKernel; protection: Protection };
    const { consumer, load: producer, scoreboard, register } = protection;
    const mutated: SassProgram = {
      ...kernel.program,
      instructions: kernel.program.instructions.map((instruction, index) =>
        (index === consumer ? { ...instruction, control: { ...instruction.control, wait: instruction.control.wait.filter((bit) => bit !== scoreboard) } } : instruction)),
    };
    const where = `${kernel.program.name}: line ${mutated.instructions[consumer]!.line} (${mutated.instructions[consumer]!.text}) without its wait on SB${scoreboard} for line ${mutated.instructions[producer]!.line} (${mutated.instructions[producer]!.text})`;
    expect(checkSassProgram(kernel.program, kernel.notes).verdict, kernel.program.name).toBe('proved-safe');
    const result = checkSassProgram(mutated, kernel.notes);
    expect(result.verdict, `${where}: ${result.reason}`).toBe('hazard');
    const shown = result.hazards.find(({ hazard }) => hazard.kind === 'RAW' && hazard.register === register && hazard.producer === producer && hazard.consumer === consumer);
    expect(shown, `${where}: ${JSON.stringify(result.hazards.map(({ hazard }) => hazard))}`).toBeDefined();
    const replayed = replayPath(sassSystem(mutated), shown!.schedule);
    expect(replayed.findings).toContainEqual(expect.objectContaining({ kind: 'RAW', register, producer, consumer }));
  });
});

describe.skipIf(!haveCorpus)('corpus listings: control records derived from scratch', () => {
  it.each(LISTINGS)('%s: every kernel, stripped and re-annotated, is proved safe (unknown where the model cannot follow it)', (listing) => {
    for (const kernel of load(listing)) {
      const annotated = annotateSassProgram(kernel.program);
      expect(annotated.left, kernel.program.name).toEqual([]);
      expect(checkSassProgram(annotated.program, kernel.notes).verdict, kernel.program.name).toBe(unfollowed(kernel) ? 'unknown' : 'proved-safe');
    }
  });
});
