import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreAll } from '../explore/exhaustive.js';
import type { LrcProgram } from '../spec/lrc/program.js';
import { lrcSystem } from '../spec/lrc/system.js';
import { lrcProgramArbitrary } from './arbitraries/lrcProgram.js';

/**
 * Every instruction waits for every counter class, preloads are right, and fixed results land
 * the next cycle (this machine has nothing else that orders fixed-latency results).
 */
function fullyProtected(program: LrcProgram): LrcProgram {
  return {
    ...program,
    units: program.units.map((unit) => (unit.kind === 'fixed' ? { ...unit, latency: 1 } : unit)),
    preloads: program.preloads.map((preload) => ({ ...preload, initialValue: preload.registers.length })),
    instructions: program.instructions.map((instruction) => ({ ...instruction, waitFor: program.counters.map((_, index) => index) })),
  };
}

describe('LRC machine laws (exhaustive search on generated programs)', () => {
  it('a program whose every instruction carries every dependency flag, with correct preloads, has no hazard, overflow or deadlock', () => {
    let decided = 0;
    fc.assert(fc.property(lrcProgramArbitrary({ maxInstructions: 5, registers: 3, maxContexts: 2, maxThreads: 2 }), (generated) => {
      const program = fullyProtected(generated);
      const counterRoom = program.counters.every((counter) => 2 ** counter.bits - 1 >= program.instructions.length + 4);
      fc.pre(counterRoom);
      const result = exploreAll(lrcSystem(program), { maxStates: 40_000 });
      // A program the search cannot finish is not a run: every one of the runs is decided.
      fc.pre(result.complete);
      decided++;
      expect(result.witnesses.map((w) => w.finding)).toEqual([]);
    }), { numRuns: 90 });
    expect(decided).toBe(90);
  });

  it('a program without preload mistakes never deadlocks, whatever its flags (every request returns, so every counter gets back to 0)', () => {
    let decided = 0;
    fc.assert(fc.property(lrcProgramArbitrary({ maxInstructions: 6, registers: 3, maxContexts: 2, maxThreads: 3 }), (generated) => {
      const program: LrcProgram = { ...generated, preloads: generated.preloads.map((preload) => ({ ...preload, initialValue: preload.registers.length })) };
      const result = exploreAll(lrcSystem(program), { maxStates: 40_000 });
      fc.pre(result.complete);
      decided++;
      expect(result.witnesses.filter((w) => w.finding.kind === 'deadlock')).toEqual([]);
    }), { numRuns: 45 });
    expect(decided).toBe(45);
  });

  it('an INIT_LRC_VAL one above its preloads deadlocks a program that waits on that class', () => {
    fc.assert(fc.property(lrcProgramArbitrary({ maxInstructions: 4, registers: 3, maxContexts: 1, maxThreads: 1 }), (generated) => {
      const base = fullyProtected(generated);
      fc.pre(base.instructions.length > 0 && base.initialPc === 0);
      const program: LrcProgram = { ...base, preloads: [{ counter: 0, initialValue: 1, registers: [] }] };
      const result = exploreAll(lrcSystem(program), { maxStates: 40_000 });
      expect(result.witnesses.some((w) => w.finding.kind === 'deadlock')).toBe(true);
    }), { numRuns: 60 });
  });
});
