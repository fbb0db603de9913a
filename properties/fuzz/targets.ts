import fc from 'fast-check';
import type { Program } from '../../spec/scoreboard/program.js';
import { deepProgramArbitrary } from '../arbitraries/deepProgram.js';
import { programArbitrary } from '../arbitraries/program.js';
import { protectedProgramArbitrary } from '../arbitraries/protected.js';
import { lawInputs, type LawCheck, type LawInput } from '../law.js';
import { hazardFreeUnderEverySchedule, implEqualsSpec, oracleAgreesWithValues, refinesSpec } from '../laws.js';

/** Something a fuzz campaign hunts in: a user's program (for hazards) or a law on generated programs (for violations). */
export type FuzzTarget =
  | { readonly type: 'program'; readonly name: string; readonly program: Program }
  | { readonly type: 'law'; readonly name: string; readonly generator: GeneratorName; readonly law: LawName };

/** The program generators `fuzz --generate` knows. */
export type GeneratorName = 'small' | 'deep' | 'protected';
/** The laws `fuzz --generate` checks. */
export type LawName = 'impl-equals-spec' | 'refinement' | 'oracle-agrees-with-values' | 'protected-hazard-free';

export const GENERATORS: Record<GeneratorName, { readonly description: string; readonly laws: readonly LawName[]; readonly inputs: () => fc.Arbitrary<LawInput> }> = {
  small: {
    description: 'short random programs: every pipe kind, random waits, scoreboards, DEPBARs, up to 3 warps',
    laws: ['impl-equals-spec', 'refinement', 'oracle-agrees-with-values'],
    inputs: () => lawInputs(programArbitrary({ maxInstructions: 12, registers: 4, scoreboards: 3, maxWarps: 3 })),
  },
  deep: {
    description: 'long programs reaching deep states: 40 producers on a scoreboard, full queues, long chains',
    laws: ['impl-equals-spec', 'refinement', 'oracle-agrees-with-values'],
    inputs: () => lawInputs(deepProgramArbitrary()),
  },
  protected: {
    description: 'programs whose every dependency waits for zero (must be hazard-free under every schedule)',
    laws: ['protected-hazard-free'],
    inputs: () => lawInputs(protectedProgramArbitrary({ maxInstructions: 6, registers: 3, scoreboards: 3, maxWarps: 2 }), fc.constant(63)),
  },
};

export const LAWS: Record<LawName, { readonly statement: string; readonly check: LawCheck }> = {
  'impl-equals-spec': { statement: 'the simulator gives the spec\'s events and hazards under the same schedule', check: (input) => implEqualsSpec(input) },
  refinement: { statement: 'every simulator trace is accepted step by step by the spec, with the same hazards', check: refinesSpec },
  'oracle-agrees-with-values': { statement: 'the hazard oracle agrees with value-based execution', check: oracleAgreesWithValues },
  'protected-hazard-free': { statement: 'programs whose every dependency waits for zero have no hazard under any schedule', check: hazardFreeUnderEverySchedule },
};

/** The law targets of `--generate NAME` (or of every generator for `all`). */
export function generatedTargets(name: GeneratorName | 'all'): FuzzTarget[] {
  const names = name === 'all' ? (Object.keys(GENERATORS) as GeneratorName[]) : [name];
  return names.flatMap((generator) => GENERATORS[generator].laws.map((law): FuzzTarget => ({ type: 'law', name: `${law} on ${generator} programs`, generator, law })));
}
