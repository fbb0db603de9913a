import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hazardMatchers } from '../../../api/vitest/index.js';
import { loadProgram, stopSolver, type Program } from '../../../api/index.js';
import { programs, protectedPrograms } from '../../../api/arbitraries.js';

expect.extend(hazardMatchers);
afterAll(async () => { await stopSolver(); });

/** A deliberately wrong pass: protects RAW and WAW with a wait on the write scoreboard, forgets WAR. */
function passWithoutWar(program: Program): Program {
  const written = new Set<string>();
  return {
    ...program,
    instructions: program.instructions.map((instruction) => {
      if (instruction.kind !== 'op') return instruction;
      const registers = (operands: typeof instruction.sources) => operands.flatMap((o) => (o.kind === 'register' ? [o.name] : []));
      const wait = [...registers(instruction.sources), ...registers(instruction.destinations)].some((r) => written.has(r)) ? [0] : [];
      for (const r of registers(instruction.destinations)) written.add(r);
      return { ...instruction, control: { ...instruction.control, wait, writeScoreboard: 0, readScoreboard: null } };
    }),
  };
}

describe('hazardproof/vitest matchers', () => {
  it('toBeHazardFree passes on a safe program and fails on an unsafe one with the timeline and the replay command', () => {
    expect(loadProgram('examples/three-textures.hp')).toBeHazardFree({ requireProof: true });
    expect('examples/three-textures.hp').toBeHazardFree();
    let message = '';
    try {
      expect(loadProgram('examples/war-missing-wait.hp')).toBeHazardFree({ seed: 1 });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/to be hazard-free, but:/);
    expect(message).toMatch(/WAR/);
    expect(message).toMatch(/hazardproof check examples\/war-missing-wait\.hp --replay/);
    expect(message).toMatch(/cycle/);
  });

  it('toHaveHazard matches kind and register; .not inverts it', () => {
    expect(loadProgram('examples/war-missing-wait.hp')).toHaveHazard({ kind: 'WAR', register: 'R2' });
    expect(loadProgram('examples/war-missing-wait.hp')).not.toHaveHazard({ kind: 'RAW', register: 'R7' });
    expect(() => expect(loadProgram('examples/three-textures.hp')).toHaveHazard()).toThrow(/the check found none/);
  });

  it('toBeProvedSafe is proved with Z3, and fails with the counterexample', async () => {
    await expect(loadProgram('examples/three-textures.hp')).toBeProvedSafe();
    await expect(expect(loadProgram('examples/three-textures-unsafe.hp')).toBeProvedSafe()).rejects.toThrow(/program: hazard/);
  });

  it('with the arbitraries, a property finds the wrong pass and shrinks to a small program; the protected programs pass', () => {
    const failure = fc.check(fc.property(programs({ controls: 'none', maxInstructions: 6 }), (program) => {
      expect(passWithoutWar(program)).toBeHazardFree({ seed: 1 });
    }), { seed: 42 });
    expect(failure.failed).toBe(true);
    const counterexample = failure.counterexample![0];
    expect(counterexample.instructions.length).toBeLessThanOrEqual(3);
    expect(String(failure.errorInstance)).toMatch(/WAR/);
    fc.assert(fc.property(protectedPrograms(), (program) => {
      expect(program).toBeHazardFree();
    }), { numRuns: 30, seed: 1 });
  });
});
