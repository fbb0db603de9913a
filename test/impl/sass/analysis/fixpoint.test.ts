/**
 * The analysis made fast for big kernels (a worklist, states as arrays, suspicions read once,
 * counts pinned where nothing reads them) against the straightforward reference it replaced
 * (`reference.ts`): the same suspicions in the same order, and the same state before every
 * instruction, up to the counts nothing reads. Either difference could change a verdict; the
 * first could drop a hazard.
 */
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadListingKernels } from '../../../../format/sass/loadKernels.js';
import type { AbstractState } from '../../../../impl/sass/analysis/domain.js';
import { analyze } from '../../../../impl/sass/analysis/fixpoint.js';
import { sassProgramArbitrary } from '../../../../properties/arbitraries/sassProgram.js';
import type { SassProgram } from '../../../../spec/sass/program.js';
import { referenceAnalyze } from './reference.js';
import { syntheticKernel } from './syntheticKernel.js';

/**
 * A state as the reference would have it, order aside: every entry with its flags, age and
 * successors, and its counts where something reads them (an instruction's instance counts bound
 * its scoreboards; without a scoreboard the fast analysis pins them at the cap).
 */
function canonical(program: SassProgram, state: AbstractState | null): string {
  if (state === null) return 'unreached';
  return JSON.stringify([...state.values()].sort((a, b) => a.instruction - b.instruction).map((entry) => {
    const { control } = program.instructions[entry.instruction]!;
    return [
      entry.instruction, entry.minAge, entry.readsPending, entry.writesPending, entry.guardIntact, entry.skipped, [...entry.after].sort((a, b) => a - b),
      entry.writesPending && control.writeScoreboard !== null ? entry.instances : '-', entry.readsPending && control.readScoreboard !== null ? entry.readInstances : '-',
    ];
  }));
}

/** The fast analysis and the reference agree on a program: suspicions (order too) and every state. */
function expectSameAsReference(program: SassProgram): void {
  const fast = analyze(program);
  const reference = referenceAnalyze(program);
  expect(fast.stoppedBy).toBeNull();
  expect(fast.suspicions).toEqual(reference.suspicions);
  const differing = fast.before.flatMap((state, index) => (canonical(program, state) === canonical(program, reference.before[index] ?? null) ? [] : [index]));
  expect(differing, `states differ before instructions ${differing.slice(0, 5).join(', ')}`).toEqual([]);
}

describe('the analysis against its reference', () => {
  it.each([[1, 300], [2, 300], [3, 600]])('a generated kernel (seed %i, %i instructions: loops, stores no wait retires, guards, DEPBARs, drains): the same suspicions and states', (seed, size) => {
    const program = syntheticKernel(seed, size);
    expectSameAsReference(program);
    // The kernel is no easy case: loops and hazards the analysis cannot rule out.
    expect(program.instructions.some((instruction, index) => instruction.flow.kind === 'branch' && instruction.flow.target < index)).toBe(true);
    expect(analyze(program).suspicions.length).toBeGreaterThan(20);
  });

  it('random small kernels with loops: the same suspicions and states', () => {
    // The reference predates read delays, which let the analysis prove more (readDelay.test.ts).
    fc.assert(fc.property(sassProgramArbitrary({ maxInstructions: 12, loops: true, readDelays: false }), (program) => {
      expectSameAsReference(program);
    }), { numRuns: 300 });
  });

  it.each(readdirSync('examples/sass').map((name) => join('examples/sass', name)))('%s: the same suspicions and states', (file) => {
    for (const kernel of loadListingKernels(file, { from: null, architecture: null, kernels: [] })) expectSameAsReference(kernel.program);
  });

  it('transfer steps grow with the kernel, not with its loops times its length (the reference swept the whole kernel per round of any loop)', () => {
    // Counted, not timed. Nested loops that leave scoreboarded loads pending go round up to 64
    // times (the counts reach the cap), so the bound is a few steps per instruction, for any size.
    for (const size of [400, 1600]) {
      const program = syntheticKernel(8, size);
      expect(analyze(program).steps, `${size} instructions`).toBeLessThan(10 * size);
    }
    const program = syntheticKernel(8, 400);
    expect(5 * analyze(program).steps).toBeLessThan(referenceAnalyze(program).steps);
  });
});
