/**
 * Results a variable-latency instruction writes when it reads its operands (`earlyDestinations`:
 * sm_90's ATOM predicate, released with its read scoreboard): the analysis and the reference
 * machine agree on them. A reader waiting on the read scoreboard sees the early result, never the
 * late one; a reader that waits on nothing sees neither; a later writer of the early result need
 * only wait for the reads.
 */
import { describe, expect, it } from 'vitest';
import { exploreAll } from '../../../../explore/exhaustive.js';
import { checkSassProgram } from '../../../../impl/sass/check.js';
import type { SassInstruction, SassProgram } from '../../../../spec/sass/program.js';
import { sassSystem } from '../../../../spec/sass/system.js';
import { alu, branch, exit, load, program, type InstructionOptions } from '../../../spec/sass/build.js';

/** `ATOM P0, R0, [R4]`: P0 written at the read step, R0 when the queue completes it. */
function atom(options: InstructionOptions): SassInstruction {
  const base = load('R0', ['R4'], options);
  return { ...base, opcode: 'ATOM', destinations: ['P0', 'R0'], earlyDestinations: ['P0'], text: `ATOM P0, R0, [R4]` };
}

/** The verdict and the machine's every schedule agree: proved only without a witness, hazard only with one. */
function agree(kernel: SassProgram): { verdict: string; witnesses: number } {
  const exploration = exploreAll(sassSystem(kernel), { maxStates: 200_000 });
  expect(exploration.complete).toBe(true);
  const { verdict } = checkSassProgram(kernel, []);
  if (verdict === 'proved-safe') expect(exploration.witnesses).toEqual([]);
  if (verdict === 'hazard') expect(exploration.witnesses.length).toBeGreaterThan(0);
  return { verdict, witnesses: exploration.witnesses.length };
}

describe('results written at the read step', () => {
  it('a branch on the predicate after waiting on the read scoreboard only is safe', () => {
    const kernel = program([atom({ readScoreboard: 1, writeScoreboard: 0, stall: 2 }), branch(3, { guard: 'P0', wait: [1], stall: 2 }), alu('R1', ['R0'], { wait: [0] }), exit()]);
    expect(agree(kernel)).toEqual({ verdict: 'proved-safe', witnesses: 0 });
  });

  it('with no scoreboard in the read field, the predicate is still known written once the write scoreboard is released', () => {
    const kernel = program([atom({ writeScoreboard: 0, stall: 2 }), branch(2, { guard: 'P0', wait: [0], stall: 2 }), exit()]);
    expect(agree(kernel).verdict).toBe('proved-safe');
  });

  it('a branch on the predicate that waits on nothing is a RAW hazard on P0', () => {
    const kernel = program([atom({ readScoreboard: 1, writeScoreboard: 0, stall: 2 }), branch(2, { guard: 'P0', stall: 2 }), exit()]);
    expect(agree(kernel).verdict).toBe('hazard');
    expect(checkSassProgram(kernel, []).hazards[0]?.hazard).toMatchObject({ kind: 'RAW', register: 'P0' });
  });

  it('the register result still needs the write scoreboard: waiting on the read one is a RAW hazard on R0', () => {
    const kernel = program([atom({ readScoreboard: 1, writeScoreboard: 0, stall: 2 }), alu('R1', ['R0'], { wait: [1] }), exit()]);
    expect(agree(kernel).verdict).toBe('hazard');
    expect(checkSassProgram(kernel, []).hazards[0]?.hazard).toMatchObject({ kind: 'RAW', register: 'R0' });
  });

  it('a later instruction of the queue having read proves nothing of when the early result landed', () => {
    // In an in-order queue the LD's read scoreboard shows the ATOM has read too, but the fact is
    // only that the ATOM's own read scoreboard is released no sooner than P0 is written.
    const kernel = program([atom({ readScoreboard: 1, writeScoreboard: 0, stall: 1 }), load('R2', ['R6'], { readScoreboard: 2, stall: 2 }), branch(3, { guard: 'P0', wait: [2], stall: 2 }), exit()]);
    expect(agree(kernel).verdict).not.toBe('proved-safe');
  });

  it('overwriting the predicate after the reads is safe; before them it is a hazard', () => {
    const after = program([atom({ readScoreboard: 1, writeScoreboard: 0, stall: 2 }), alu('P0', ['R5'], { wait: [1], stall: 6 }), alu('R1', ['R0', 'P0'], { wait: [0] }), exit()]);
    expect(agree(after).verdict).toBe('proved-safe');
    const before = program([atom({ readScoreboard: 1, writeScoreboard: 0, stall: 2 }), alu('P0', ['R5'], { stall: 6 }), alu('R1', ['R0', 'P0'], { wait: [0] }), exit()]);
    expect(agree(before).verdict).toBe('hazard');
  });
});
