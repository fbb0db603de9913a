import fc from 'fast-check';
import { describe, it } from 'vitest';
import { deepProgramArbitrary } from './arbitraries/deepProgram.js';
import { programArbitrary } from './arbitraries/program.js';
import { checkLaw } from './checkLaw.js';
import { lawInputs } from './law.js';
import { implEqualsSpec, refinesSpec } from './laws.js';

const inputs = lawInputs(fc.oneof(programArbitrary({ maxInstructions: 10, registers: 4, scoreboards: 3, maxWarps: 3 }), deepProgramArbitrary()));

describe('impl = spec', () => {
  it('the simulator gives the same events and hazards as the spec under the same schedule', () => {
    checkLaw('impl equals spec', import.meta.filename, inputs, (input) => implEqualsSpec(input), 300);
  });

  it('refinement: every simulator trace is a trace of the spec transition system, with the same hazards', () => {
    checkLaw('refinement', import.meta.filename, inputs, refinesSpec, 300);
  });
});
