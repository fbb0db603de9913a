import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exploreAll } from '../../../explore/exhaustive.js';
import { analyze } from '../../../impl/sass/analysis/fixpoint.js';
import { annotateSassProgram } from '../../../impl/sass/annotate.js';
import { depbarVariant } from '../../../impl/sass/annotation/depbarVariant.js';
import { insertBefore } from '../../../impl/sass/annotation/insertBefore.js';
import { countCycles } from '../../../impl/sass/cycles.js';
import { isControlOnly } from '../../../impl/sass/annotation/controlOnly.js';
import type { SassProgram } from '../../../spec/sass/program.js';
import { sassSystem } from '../../../spec/sass/system.js';
import { sassProgramArbitrary } from '../../../properties/arbitraries/sassProgram.js';
import { alu, branch, depbar, exit, load, program } from '../../spec/sass/build.js';

/** Derives a kernel's records and checks the analysis proves them; returns the derived kernel. */
function derive(kernel: SassProgram): SassProgram {
  const annotation = annotateSassProgram(kernel);
  expect(annotation.left).toEqual([]);
  expect(annotation.stoppedBy).toBeNull();
  expect(analyze(annotation.program).suspicions).toEqual([]);
  return annotation.program;
}

const waits = (kernel: SassProgram) => kernel.instructions.map((instruction) => instruction.control.wait);
const writeBoards = (kernel: SassProgram) => kernel.instructions.map((instruction) => instruction.control.writeScoreboard);
const stalls = (kernel: SassProgram) => kernel.instructions.map((instruction) => instruction.control.stall);

describe('annotate: where the derived waits go', () => {
  it('a load is waited for at its first reader, not earlier and not again', () => {
    const derived = derive(program([load('R0', ['R4']), alu('R5', ['R6']), alu('R1', ['R0']), alu('R2', ['R0'])]));
    const board = writeBoards(derived)[0];
    expect(board).not.toBeNull();
    expect(waits(derived)).toEqual([[], [], [board], []]);
  });

  it('a reader of the first loads of an in-order run waits for the newest it needs, not for the later loads', () => {
    const derived = derive(program([load('R0', ['R8']), load('R1', ['R8']), load('R2', ['R8']), alu('R3', ['R0', 'R1']), alu('R4', ['R2'])]));
    const [first, second, third] = writeBoards(derived);
    // The first load completes before the second (one in-order queue): it needs no scoreboard of its own.
    expect(first).toBeNull();
    expect(second).not.toBeNull();
    expect(third).not.toBeNull();
    // Sharing the second load's scoreboard with the third would hold the first reader up for the third load.
    expect(third).not.toBe(second);
    expect(waits(derived)[3]).toEqual([second]);
    expect(waits(derived)[4]).toEqual([third]);
  });

  it('a run of loads of one in-order queue whose reader comes after all of them shares one scoreboard, set by the newest', () => {
    const derived = derive(program([load('R0', ['R8']), load('R1', ['R8']), load('R2', ['R8']), alu('R3', ['R0', 'R1', 'R2'])]));
    const boards = writeBoards(derived);
    expect(boards.slice(0, 2)).toEqual([null, null]);
    expect(boards[2]).not.toBeNull();
    expect(waits(derived)[3]).toEqual([boards[2]]);
  });

  it('loads of an unordered queue each get a scoreboard, shared only when one reader needs them all', () => {
    const apart = derive(program([load('R0', ['R8']), load('R1', ['R8']), alu('R3', ['R0']), alu('R4', ['R1'])], { ordered: false }));
    expect(writeBoards(apart)[0]).not.toBeNull();
    expect(writeBoards(apart)[1]).not.toBeNull();
    expect(writeBoards(apart)[0]).not.toBe(writeBoards(apart)[1]);
    const together = derive(program([load('R0', ['R8']), load('R1', ['R8']), alu('R3', ['R0', 'R1'])], { ordered: false }));
    expect(writeBoards(together)[0]).not.toBeNull();
    expect(writeBoards(together)[0]).toBe(writeBoards(together)[1]);
    expect(waits(together)[2]).toEqual([writeBoards(together)[0]]);
  });

  it('a reader in a loop waits for the load of the previous iteration at the loop head, not before the branch', () => {
    const derived = derive(program([alu('R1', ['R0']), load('R0', ['R4']), branch(0, { guard: 'P0' }), exit()]));
    const board = writeBoards(derived)[1];
    expect(board).not.toBeNull();
    expect(waits(derived)).toEqual([[board], [], [], []]);
  });

  it('an address register overwritten while its load may not have read it is protected by a read scoreboard, the write waited for only by its reader', () => {
    const derived = derive(program([load('R0', ['R4']), alu('R4', ['R5']), alu('R1', ['R0'])]));
    const { readScoreboard, writeScoreboard } = derived.instructions[0]!.control;
    expect(readScoreboard).not.toBeNull();
    expect(writeScoreboard).not.toBeNull();
    expect(readScoreboard).not.toBe(writeScoreboard);
    expect(waits(derived)).toEqual([[], [readScoreboard], [writeScoreboard]]);
  });
});

describe('annotate: how long the derived stalls are', () => {
  it('a fixed-latency reader gets exactly the cycles it lacks, on the instruction right before it', () => {
    const derived = derive(program([alu('R1', ['R0'], { latency: 6 }), alu('R5', ['R6']), alu('R7', ['R8']), alu('R2', ['R1'])]));
    expect(stalls(derived)).toEqual([1, 1, 4, 1]);
  });

  it('two readers of one result: the stall added for the first counts for the second', () => {
    const derived = derive(program([alu('R1', ['R0'], { latency: 6 }), alu('R2', ['R1']), alu('R5', ['R6']), alu('R3', ['R1'])]));
    expect(stalls(derived)).toEqual([6, 1, 1, 1]);
  });

  it('a loop-carried latency is paid once around the loop, not once per register', () => {
    // The accumulator is read one iteration later: 6 cycles around a three-instruction loop.
    const derived = derive(program([alu('R1', ['R1', 'R2', 'R3'], { latency: 6 }), alu('R2', ['R0']), branch(0, { guard: 'P0' }), exit()]));
    expect(stalls(derived).slice(0, 3).reduce((total, stall) => total + stall, 0)).toBe(6);
  });

  it('a waiter right after the load that sets its scoreboard gets the visibility delay as stall, no more', () => {
    const derived = derive(program([load('R0', ['R4']), alu('R1', ['R0'])], { visibilityDelay: 2 }));
    expect(stalls(derived)).toEqual([2, 1]);
    const later = derive(program([load('R0', ['R4']), alu('R5', ['R6']), alu('R1', ['R0'])], { visibilityDelay: 2 }));
    expect(stalls(later)).toEqual([1, 1, 1]);
  });
});

describe('annotate: DEPBAR.LE with immediates', () => {
  /** Three loads of one in-order queue on scoreboard 0, a reader of the first that waits for all three, other work, a reader of the rest. */
  const shared = (ordered: boolean, between = [alu('R5', ['R6'])]) => program([
    load('R0', ['R8'], { writeScoreboard: 0 }), load('R1', ['R8'], { writeScoreboard: 0 }), load('R2', ['R8'], { writeScoreboard: 0, stall: 2 }),
    alu('R3', ['R0'], { wait: [0] }), ...between, alu('R4', ['R1', 'R2'], { wait: [0] }),
  ], { ordered });

  it('a reader of the oldest of a run of loads sharing its scoreboard gets DEPBAR.LE SBn, k with k the later loads, proved safe', () => {
    const kernel = shared(true);
    const variant = depbarVariant(kernel, analyze(kernel));
    expect(variant).not.toBeNull();
    expect(variant!.instructions.map((instruction) => instruction.text)).toEqual(['LD R0, R8', 'LD R1, R8', 'LD R2, R8', 'DEPBAR.LE SB0, 2', 'ALU R3, R0', 'ALU R5, R6', 'ALU R4, R1, R2']);
    expect(variant!.instructions[3]!.depbar).toEqual({ scoreboard: 0, limit: 2 });
    expect(variant!.instructions[4]!.control.wait).toEqual([]);
    // The reader of the newest load keeps its wait: DEPBAR.LE SB0, 0 would be that wait, one instruction dearer.
    expect(variant!.instructions[6]!.control.wait).toEqual([0]);
    expect(analyze(variant!).suspicions).toEqual([]);
  });

  it('no DEPBAR where the next instruction waits for the scoreboard to empty anyway', () => {
    const kernel = shared(true, []);
    expect(depbarVariant(kernel, analyze(kernel))).toBeNull();
  });

  it('loads of an unordered queue complete in any order: no DEPBAR', () => {
    const kernel = shared(false);
    expect(depbarVariant(kernel, analyze(kernel))).toBeNull();
  });

  it('an inserted instruction takes the branches to the instruction it goes before', () => {
    const kernel = program([alu('R1', ['R0']), load('R0', ['R4']), branch(0, { guard: 'P0' }), branch(3), exit()]);
    const inserted = insertBefore(kernel, new Map([[0, [depbar(0, 1)]], [4, [depbar(1, 0)]]]));
    expect(inserted.instructions.map((instruction) => instruction.text)).toEqual(['DEPBAR.LE SB0, 1', 'ALU R1, R0', 'LD R0, R4', 'BRA L0', 'BRA L3', 'DEPBAR.LE SB1, 0', 'EXIT']);
    expect(inserted.instructions.map((instruction) => instruction.flow)).toEqual([
      { kind: 'next' }, { kind: 'next' }, { kind: 'next' }, { kind: 'branch', target: 0 }, { kind: 'branch', target: 4 }, { kind: 'next' }, { kind: 'exit' },
    ]);
  });

  it('a DEPBAR draws nothing from a schedule: with one more at the start, every run takes exactly its one issue cycle more', () => {
    const kernel = program([load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }), load('R1', ['R5'], { writeScoreboard: 1, stall: 2 }), alu('R2', ['R0', 'R1'], { wait: [0, 1] }), exit()]);
    const withDepbar = insertBefore(kernel, new Map([[0, [depbar(0, 63)]]]));
    expect(isControlOnly(withDepbar.instructions[0]!)).toBe(true);
    expect(isControlOnly(kernel.instructions[0]!)).toBe(false);
    for (let seed = 1; seed <= 20; seed++) expect(countCycles(withDepbar, seed, 8).cycles, `seed ${seed}`).toBe(countCycles(kernel, seed, 8).cycles + 1);
  });
});

describe('annotate on random kernels', () => {
  it('every derived kernel is proved by the analysis, and exhaustive search finds no hazard in it', () => {
    fc.assert(fc.property(sassProgramArbitrary({ maxInstructions: 6, loops: true }), (kernel) => {
      const annotated = annotateSassProgram(kernel);
      expect(annotated.left).toEqual([]);
      const exploration = exploreAll(sassSystem(annotated.program), { maxStates: 20_000 });
      expect(exploration.witnesses.map((witness) => witness.finding)).toEqual([]);
    }), { numRuns: 60 });
  });
});
