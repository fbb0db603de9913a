import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreExhaustive } from '../spec/scoreboard/explore.js';
import type { Hazard } from '../spec/oracle/hazard.js';
import { deepProgramArbitrary } from './arbitraries/deepProgram.js';
import { programArbitrary } from './arbitraries/program.js';
import { protectedProgramArbitrary, singleProtectionArbitrary } from './arbitraries/protected.js';
import { checkLaw } from './checkLaw.js';
import { lawInputs } from './law.js';
import { hazardFreeUnderEverySchedule, oracleAgreesWithValues } from './laws.js';

describe('hazard laws', () => {
  it('a program whose every dependency waits for zero is hazard-free under every schedule', () => {
    const inputs = lawInputs(protectedProgramArbitrary({ maxInstructions: 6, registers: 3, scoreboards: 3, maxWarps: 2 }), fc.constant(63));
    checkLaw('protected programs are hazard-free', import.meta.filename, inputs, hazardFreeUnderEverySchedule, 150);
  });

  it('removing the only protection between a variable-latency producer and its consumer yields that hazard', () => {
    fc.assert(fc.property(singleProtectionArbitrary(), ({ program, unprotected, kind, register, producer, consumer }) => {
      const hazardsOf = (p: typeof program) => exploreExhaustive(p, { maxStates: 50_000 }).hazards.map((found) => found.hazard);
      const edge = (h: Hazard) => h.kind === kind && h.register === register && h.producer === producer && h.consumer === consumer;
      expect(hazardsOf(program).filter(edge)).toEqual([]);
      expect(hazardsOf(unprotected).filter(edge)).toHaveLength(1);
    }), { numRuns: 100 });
  });

  it('the oracle agrees with an independent value-based formulation: hazard iff some value differs, first at the same read', () => {
    const inputs = lawInputs(fc.oneof(programArbitrary({ maxInstructions: 10, registers: 4, scoreboards: 3, maxWarps: 2 }), deepProgramArbitrary({ maxRepeat: 12 })));
    checkLaw('oracle agrees with value semantics', import.meta.filename, inputs, oracleAgreesWithValues, 300);
  });
});
