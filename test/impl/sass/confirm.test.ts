/**
 * Directed runs shared between the suspicions of a check (`DirectedRuns`) against one fresh run
 * per suspicion as before (`referenceConfirm`): the same hazard, schedule and path for every
 * suspicion, or null for the same ones. A run answered from another run's end must be exactly
 * the run it would have been.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../impl/sass/analysis/fixpoint.js';
import type { Suspicion } from '../../../impl/sass/analysis/suspicion.js';
import { confirmSuspicion, DirectedRuns, type ConfirmedHazard } from '../../../impl/sass/confirm.js';
import { sassProgramArbitrary } from '../../../properties/arbitraries/sassProgram.js';
import { sassActionCode } from '../../../spec/sass/machine/action.js';
import type { SassInstruction, SassProgram } from '../../../spec/sass/program.js';
import { referenceConfirm } from './analysis/reference.js';
import { syntheticKernel } from './analysis/syntheticKernel.js';
import { fixture, mutate, verdicts } from '../../spec/sass/ptxasFixtures.js';

/** A confirmation as text: the hazard, the schedule's codes and the issued instructions. */
function shown(result: ConfirmedHazard | null): string {
  return result === null ? 'null' : JSON.stringify({ hazard: result.hazard, schedule: result.schedule.map(sassActionCode).join(' '), path: result.path });
}

/** Every suspicion (up to `limit` of them) of `program`, confirmed through one shared record and by the reference, at a few step limits. */
function expectSameAsReference(program: SassProgram, runs: DirectedRuns, limit = Infinity): void {
  for (const suspicion of analyze(program).suspicions.slice(0, limit)) {
    for (const steps of [40 * program.instructions.length + 50, 2_000]) {
      expect(shown(confirmSuspicion(program, suspicion, steps, undefined, runs)), JSON.stringify(suspicion)).toBe(shown(referenceConfirm(program, suspicion, steps)));
    }
  }
}

const base = { guard: null, readAtIssue: [], drains: [], depbar: null, latencyClass: null, column: 1 } as const;
const control = (stall: number) => ({ wait: [], readScoreboard: null, writeScoreboard: null, yield: false, stall });

describe('directed runs shared between suspicions', () => {
  it('random small kernels with loops: every suspicion confirmed (or not) as by its own run, with a checkpoint at every instruction', () => {
    fc.assert(fc.property(sassProgramArbitrary({ maxInstructions: 8, loops: true }), (program) => {
      expectSameAsReference(program, new DirectedRuns(1));
    }), { numRuns: 120 });
  });

  it.each([1, 32])('a generated kernel of 300 instructions, checkpoints every %i: the same answers, and runs answered by others', (every) => {
    const program = syntheticKernel(5, 300);
    const runs = new DirectedRuns(every);
    expectSameAsReference(program, runs, 24);
    expect(runs.stats.reused).toBeGreaterThan(0);
    expect(runs.stats.resumed).toBeGreaterThan(0);
  });

  it('RAW and WAW on the registers of one pair of instructions are one run', () => {
    const program = syntheticKernel(2, 200);
    const suspicions = analyze(program).suspicions;
    const pair = suspicions.find((a) => suspicions.some((b) => b !== a && b.producer === a.producer && b.consumer === a.consumer && (b.kind === 'WAR') === (a.kind === 'WAR')));
    expect(pair).toBeDefined();
    const runs = new DirectedRuns();
    for (const suspicion of suspicions.filter((other) => other.producer === pair!.producer && other.consumer === pair!.consumer && (other.kind === 'WAR') === (pair!.kind === 'WAR'))) {
      confirmSuspicion(program, suspicion, undefined, undefined, runs);
    }
    expect(runs.stats.reused).toBeGreaterThan(0);
  });

  it('a run that comes back to a state it was in shows nothing, as going round to the step limit would, without simulating it', () => {
    // A store that reads R1 whenever it likes, then a branch to itself: held back, its read never
    // has to happen (nothing overwrites R1), so the run goes round until its step limit and shows
    // nothing. The suspicion (a WAR on R1 with the IADD3) is made up: only the run is under test.
    const instructions: SassInstruction[] = [
      { ...base, opcode: 'STG', destinations: [], sources: ['R0', 'R1'], unit: { kind: 'variable', queue: 0 }, flow: { kind: 'next' }, control: control(1), line: 1, text: 'STG [R0], R1' },
      { ...base, opcode: 'IADD3', destinations: ['R3'], sources: ['R2'], unit: { kind: 'fixed', latency: 4 }, flow: { kind: 'next' }, control: control(2), line: 2, text: 'IADD3 R3, R2' },
      { ...base, opcode: 'BRA', destinations: [], sources: [], unit: { kind: 'none' }, flow: { kind: 'branch', target: 2 }, control: control(2), line: 3, text: 'BRA 2' },
    ];
    const program: SassProgram = { name: 'spin', architecture: 'sm_75', queues: [{ name: 'global', ordered: false }], scoreboards: 6, visibilityDelay: 1, depbarVisibilityDelay: 1, readAfterWrite: null, instructions };
    const war: Suspicion = { kind: 'WAR', register: 'R1', producer: 0, consumer: 1, scoreboard: null, why: 'made up' };
    const runs = new DirectedRuns(1);
    expect(confirmSuspicion(program, war, 50_000, undefined, runs)).toBeNull();
    expect(referenceConfirm(program, war, 50_000)).toBeNull();
    expect(runs.stats.actions).toBeLessThan(1_000);
  });

  it('a held read goes as soon as a later write of its register has landed: the WAR shows before the thread ends (or never does)', () => {
    // The same store, R1 overwritten, then the branch to itself: the thread never gets stuck, but
    // the read may happen after the overwrite, which shows the WAR.
    const instructions: SassInstruction[] = [
      { ...base, opcode: 'STG', destinations: [], sources: ['R0', 'R1'], unit: { kind: 'variable', queue: 0 }, flow: { kind: 'next' }, control: control(1), line: 1, text: 'STG [R0], R1' },
      { ...base, opcode: 'IADD3', destinations: ['R1'], sources: ['R2'], unit: { kind: 'fixed', latency: 4 }, flow: { kind: 'next' }, control: control(2), line: 2, text: 'IADD3 R1, R2' },
      { ...base, opcode: 'BRA', destinations: [], sources: [], unit: { kind: 'none' }, flow: { kind: 'branch', target: 2 }, control: control(2), line: 3, text: 'BRA 2' },
    ];
    const program: SassProgram = { name: 'spin', architecture: 'sm_75', queues: [{ name: 'global', ordered: false }], scoreboards: 6, visibilityDelay: 1, depbarVisibilityDelay: 1, readAfterWrite: null, instructions };
    const war = analyze(program).suspicions.find((suspicion) => suspicion.kind === 'WAR' && suspicion.register === 'R1');
    expect(war).toBeDefined();
    const runs = new DirectedRuns(1);
    const shown = confirmSuspicion(program, war!, 50_000, undefined, runs);
    expect(shown?.hazard).toMatchObject({ kind: 'WAR', register: 'R1', producer: 0, consumer: 1 });
    expect(shown === null ? 'null' : JSON.stringify(shown.hazard)).toBe(JSON.stringify(referenceConfirm(program, war!, 50_000)?.hazard));
    expect(runs.stats.actions).toBeLessThan(100);
  });

  it('a run starts where another run was only if neither instruction of its pair issued on the way there', () => {
    // A's pair (3, 4) and B's (3, 1, round the loop) share the path 0 1 2 3 4. Run A skips the
    // guarded instruction 1; run B executes it (its own consumer), so B may not start from
    // where A was past 1: its schedule differs from there.
    const fixedAt = (line: number, text: string, destinations: string[], sources: string[], guard: SassInstruction['guard'] = null): SassInstruction => ({
      ...base, opcode: 'IADD3', destinations, sources, guard, unit: { kind: 'fixed', latency: 4 }, flow: { kind: 'next' }, control: control(1), line, text,
    });
    const instructions: SassInstruction[] = [
      fixedAt(1, 'IADD3 R9, R8', ['R9'], ['R8']),
      fixedAt(2, '@P0 IADD3 R3, R5', ['R3'], ['R5'], { predicate: 'P0', negated: false }),
      fixedAt(3, 'IADD3 R7, R6', ['R7'], ['R6']),
      { ...base, opcode: 'LDG', destinations: ['R5'], sources: ['R0'], unit: { kind: 'variable', queue: 0 }, flow: { kind: 'next' }, control: control(1), line: 4, text: 'LDG R5, [R0]' },
      fixedAt(5, 'IADD3 R10, R5', ['R10'], ['R5']),
      { ...base, opcode: 'BRA', destinations: [], sources: [], guard: { predicate: 'P1', negated: false }, unit: { kind: 'none' }, flow: { kind: 'branch', target: 1 }, control: control(1), line: 6, text: '@P1 BRA 1' },
      { ...base, opcode: 'EXIT', destinations: [], sources: [], unit: { kind: 'none' }, flow: { kind: 'exit' }, control: control(1), line: 7, text: 'EXIT' },
    ];
    const program: SassProgram = { name: 'loop', architecture: 'sm_75', queues: [{ name: 'global', ordered: false }], scoreboards: 6, visibilityDelay: 1, depbarVisibilityDelay: 1, readAfterWrite: null, instructions };
    const raw = (consumer: number): Suspicion => ({ kind: 'RAW', register: 'R5', producer: 3, consumer, scoreboard: null, why: 'test' });
    const runs = new DirectedRuns(1);
    expect(shown(confirmSuspicion(program, raw(4), undefined, undefined, runs))).toBe(shown(referenceConfirm(program, raw(4))));
    expect(shown(confirmSuspicion(program, raw(1), undefined, undefined, runs))).toBe(shown(referenceConfirm(program, raw(1))));
    expect(runs.stats.resumed).toBeGreaterThan(0);
  });

  it('a run the time budget stops shows nothing and is not remembered: asked again with time, it runs', () => {
    const program = syntheticKernel(5, 300);
    const suspicion: Suspicion = analyze(program).suspicions[0]!;
    const runs = new DirectedRuns(1);
    expect(confirmSuspicion(program, suspicion, undefined, () => 'time budget of 1 ms reached (--timeout)', runs)).toBeNull();
    expect(shown(confirmSuspicion(program, suspicion, undefined, undefined, runs))).toBe(shown(referenceConfirm(program, suspicion)));
  });
});

describe('a directed run keeps the pair\'s guard true (guardChoice)', () => {
  // `hazardproof fuzz --ptxas --seed 31415926 --ptxas-version 12.5 --arch sm_60,sm_86 --opt 3`, path 25
  // (test/spec/sass/fixtures/fuzz-guarded-pair.sm_60.ptx): line 95 @P0 FADD.FTZ R17 then line 96 @P0 FFMA
  // reading R17, after line 88's @P0 FFMA R15 on the same P0. Skipping that one commits P0 false, and
  // the pair could never execute: the run executes it instead, as the pair's guard has it.
  it('the FADD\'s stall lowered to 1 is shown as the hazard it is', () => {
    const text = fixture('ptxas-12.5.guarded-pair.sm_60.O3.sass');
    expect(verdicts(text, 'guarded-pair.sm_60.sass')).toEqual({ k: 'proved-safe' });
    // Line 95's control slot (stall 6 -> 1) in the word after line 93.
    expect(verdicts(mutate(text, '0x001f9840fec007f5', '0x001f9840fe2007f5'), 'guarded-pair.sm_60.sass')).toEqual({ k: 'hazard' });
  });
});
