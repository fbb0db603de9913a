import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstGuarantees, guaranteedAt } from '../../impl/depbar/guaranteed.js';
import { largestSafeImmediate, largestSafeImmediates } from '../../impl/depbar/minimumDistance.js';
import { eventOrder } from '../../spec/scoreboard/depbar/eventOrder.js';
import { programArbitrary } from '../../properties/arbitraries/program.js';

// The one-pass forms that keep `prove` and `annotate` from going cubic on long programs must say
// exactly what the per-event and per-point forms say.
describe('the DEPBAR closed form over every event at once', () => {
  const programs = programArbitrary({ maxInstructions: 14, registers: 4, scoreboards: 3, maxWarps: 1 });

  it('largestSafeImmediates gives largestSafeImmediate for every event, in front of every instruction, for every scoreboard', () => {
    fc.assert(fc.property(programs, (program) => {
      for (let barrier = 0; barrier <= program.instructions.length; barrier++) {
        for (let scoreboard = 0; scoreboard < program.scoreboards; scoreboard++) {
          const order = eventOrder(program, barrier, scoreboard);
          expect(largestSafeImmediates(order)).toEqual(order.events.map((_, index) => largestSafeImmediate(order, index)));
        }
      }
    }), { numRuns: 150 });
  });

  it('firstGuarantees tells, for every point, what guaranteedAt gives there (a barrier left out included)', () => {
    fc.assert(fc.property(programs, fc.nat(), (program, ignored) => {
      const ignore = new Set([ignored % Math.max(1, program.instructions.length)]);
      const first = firstGuarantees(program, ignore);
      for (let point = 0; point < program.instructions.length; point++) {
        const expected = [...guaranteedAt(program, point, ignore)].sort();
        expect([...first].filter(([, barrier]) => barrier <= point).map(([event]) => event).sort()).toEqual(expected);
      }
    }), { numRuns: 150 });
  });
});
