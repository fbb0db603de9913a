import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreAll } from '../explore/exhaustive.js';
import { analyze } from '../impl/sass/analysis/fixpoint.js';
import { confirmSuspicion } from '../impl/sass/confirm.js';
import { annotateSassProgram } from '../impl/sass/annotate.js';
import { sassSystem } from '../spec/sass/system.js';
import type { SassProgram } from '../spec/sass/program.js';
import { sassProgramArbitrary } from './arbitraries/sassProgram.js';

/**
 * Exhaustive search of a small kernel: the number of distinct hazards, or null when it did not
 * cover every schedule (the state budget ran out, or the in-flight bound cut some schedules).
 * Hazards found are real either way; `anyway` returns their number even when coverage is partial.
 */
function exhaustiveHazards(program: SassProgram, anyway = false): number | null {
  const system = sassSystem(program);
  const result = exploreAll(system, { maxStates: 20_000 });
  if (anyway && result.witnesses.length > 0) return result.witnesses.length;
  return result.complete && !system.boundReached() ? result.witnesses.length : null;
}

describe('fast analysis of kernels with control flow, judged by exhaustive search', () => {
  it('never finds nothing where exhaustive search finds a hazard (soundness), and says how often it is imprecise', () => {
    const tally = { judged: 0, hazard: 0, safe: 0, imprecise: 0, tooBig: 0 };
    fc.assert(fc.property(sassProgramArbitrary({ maxInstructions: 7, loops: true }), (program) => {
      const hazards = exhaustiveHazards(program, true);
      if (hazards === null) tally.tooBig++;
      // A kernel too big to explore is not a run: every one of the runs is judged.
      fc.pre(hazards !== null);
      tally.judged++;
      const suspected = analyze(program).suspicions.length > 0;
      if (hazards > 0) {
        tally.hazard++;
        expect(suspected, 'the analysis found nothing in a kernel with a hazard').toBe(true);
      } else {
        tally.safe++;
        if (suspected) tally.imprecise++;
      }
    }), { numRuns: 130 });
    console.log(`analysis vs exhaustive: ${tally.judged} kernels judged (${tally.hazard} with a hazard, ${tally.safe} safe), ${tally.imprecise} of the safe ones suspected (${((100 * tally.imprecise) / Math.max(1, tally.safe)).toFixed(1)}% imprecise), ${tally.tooBig} too big to explore`);
    expect(tally.judged).toBe(130);
  });

  it('a directed schedule confirms only real hazards: none in a kernel exhaustive search proves safe', () => {
    fc.assert(fc.property(sassProgramArbitrary({ maxInstructions: 6, loops: true }), (program) => {
      const hazards = exhaustiveHazards(program);
      if (hazards !== 0) return;
      for (const suspicion of analyze(program).suspicions) expect(confirmSuspicion(program, suspicion)).toBeNull();
    }), { numRuns: 80 });
  });

  it('the annotate pass derives control records that exhaustive search finds hazard-free', () => {
    let judged = 0;
    fc.assert(fc.property(sassProgramArbitrary({ maxInstructions: 6, loops: true }), (program) => {
      const annotated = annotateSassProgram(program);
      expect(annotated.left, 'the pass left a suspicion it could not repair').toEqual([]);
      const hazards = exhaustiveHazards(annotated.program, true);
      fc.pre(hazards !== null);
      judged++;
      expect(hazards, 'a hazard in a kernel the pass annotated').toBe(0);
    }), { numRuns: 120 });
    expect(judged).toBe(120);
  });
});
