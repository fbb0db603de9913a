import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateLrcProgram } from '../format/lrc/validate.js';
import { compileLrcProgram } from '../impl/lrc/compiled.js';
import { LrcSimulator } from '../impl/lrc/simulator.js';
import type { LrcProgram } from '../spec/lrc/program.js';
import { lrcProgramArbitrary } from './arbitraries/lrcProgram.js';
import { lrcDeepProgramArbitrary } from './arbitraries/lrcSimProgram.js';
import { lrcBoundedWaiting, lrcImplEqualsSpec, lrcRefinesSpec, lrcResourceExclusive, type LrcLaw, type LrcLawInput } from './lrcLaws.js';

const shortPrograms = lrcProgramArbitrary({ maxInstructions: 10, registers: 4, maxContexts: 3, maxThreads: 5 });
const deepPrograms = lrcDeepProgramArbitrary();
const inputsOf = (programs: fc.Arbitrary<LrcProgram>): fc.Arbitrary<LrcLawInput> =>
  fc.record({ program: programs, seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), maxLatency: fc.integer({ min: 1, max: 10 }) });
/** Mostly short generic programs, a quarter deep ones (long request runs on narrow counters: overflows, long in-order queues). */
const inputs = inputsOf(fc.oneof({ weight: 3, arbitrary: shortPrograms }, { weight: 1, arbitrary: deepPrograms }));

/** Up to 6 contexts competing for the same three units: round robin's bound is tested beyond 2 cycles. */
const crowdedInputs = inputsOf(fc.oneof(shortPrograms, lrcProgramArbitrary({ maxInstructions: 6, registers: 4, maxContexts: 6, maxThreads: 8 })));

/** A law as a fast-check property: the law's message is the failure (fast-check adds seed, path and the shrunk input). */
function holds(law: LrcLaw, numRuns: number, over: fc.Arbitrary<LrcLawInput> = inputs): void {
  fc.assert(fc.property(over, (input) => {
    const message = law(input);
    if (message !== null) throw new Error(message);
  }), { numRuns });
}

/** Whether a law finds the planted bug within `numRuns` generated inputs. */
function catches(law: LrcLaw, numRuns: number, simulator: (program: LrcProgram) => LrcSimulator, programs: fc.Arbitrary<LrcProgram> = inputs.map((i) => i.program)): boolean {
  return fc.check(fc.property(inputsOf(programs), (input) => law(input, simulator(input.program)) === null), { numRuns }).failed;
}

/** Planted bug: the resource manager grants a unit to a second waiting context in the same cycle. */
class DoubleGrant extends LrcSimulator {
  protected override grantsPerUnit(): number {
    return 2;
  }
}

/** Planted bug: in-order classes return in any order. */
class IgnoresInOrder extends LrcSimulator {
  protected override honoursInOrder(): boolean {
    return false;
  }
}

describe('LRC simulator = spec', () => {
  it('generated programs are valid LRC programs', () => {
    fc.assert(fc.property(fc.oneof(shortPrograms, deepPrograms), (program) => {
      expect(validateLrcProgram(program)).toEqual([]);
    }), { numRuns: 100 });
  });

  it('impl = spec: the simulator gives runLrcSchedule\'s events, findings and finished flag under the same schedule', () => {
    holds(lrcImplEqualsSpec, 300);
  });

  it('refinement: every simulator trace, as spec actions, is accepted by the spec and gives the same events and findings', () => {
    holds(lrcRefinesSpec, 300);
  });

  it('no unit is granted to two contexts in one cycle', () => {
    holds(lrcResourceExclusive, 200, crowdedInputs);
  });

  it('round robin: no context waits in WAIT more than contexts - 1 consecutive cycles', () => {
    holds(lrcBoundedWaiting, 200, crowdedInputs);
  });
});

describe('planted bugs are caught', () => {
  it('a resource manager that grants a unit to two contexts in one cycle', () => {
    const buggy = (program: LrcProgram) => new DoubleGrant(compileLrcProgram(program));
    expect(catches(lrcResourceExclusive, 200, buggy)).toBe(true);
    expect(catches(lrcImplEqualsSpec, 300, buggy)).toBe(true);
    expect(catches(lrcRefinesSpec, 300, buggy)).toBe(true);
  });

  it('a simulator that returns the data of in-order classes in any order', () => {
    const buggy = (program: LrcProgram) => new IgnoresInOrder(compileLrcProgram(program));
    expect(catches(lrcImplEqualsSpec, 300, buggy)).toBe(true);
    expect(catches(lrcRefinesSpec, 300, buggy)).toBe(true);
  });
});
