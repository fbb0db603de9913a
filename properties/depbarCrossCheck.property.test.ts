import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { largestSafeImmediate } from '../impl/depbar/minimumDistance.js';
import { checkImmediate } from '../solver/immediateQuery.js';
import { releaseZ3 } from '../solver/z3.js';
import { eventOrder } from '../spec/scoreboard/depbar/eventOrder.js';
import { largestSafeByEnumeration } from '../spec/scoreboard/depbar/largestSafe.js';
import { barrierGroupArbitrary } from './arbitraries/barrierGroup.js';

afterAll(releaseZ3);

describe('DEPBAR immediates: three independent answers agree', () => {
  it('enumeration of every allowed order, the closed form, and Z3 give the same largest safe immediate for every event', async () => {
    await fc.assert(fc.asyncProperty(barrierGroupArbitrary(), async (program) => {
      const barrier = program.instructions.length - 1;
      const order = eventOrder(program, barrier, 0);
      for (let event = 0; event < order.events.length; event++) {
        const enumerated = largestSafeByEnumeration(order, event);
        expect(largestSafeImmediate(order, event)).toBe(enumerated);
        // The solver: the answer is proved safe, and one more (or 0 when there is no answer) is refuted.
        if (enumerated !== null) expect((await checkImmediate(order, event, enumerated, 10_000, 'cross-check', false)).verdict).toBe('proved');
        expect((await checkImmediate(order, event, enumerated === null ? 0 : enumerated + 1, 10_000, 'cross-check', false)).verdict).toBe('counterexample');
      }
    }), { numRuns: 40 });
  });
});
