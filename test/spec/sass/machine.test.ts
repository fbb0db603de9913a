import { describe, expect, it } from 'vitest';
import { exploreAll } from '../../../explore/exhaustive.js';
import { replayPath, runPath } from '../../../explore/run.js';
import type { Hazard } from '../../../spec/oracle/hazard.js';
import type { SassProgram } from '../../../spec/sass/program.js';
import { sassSystem } from '../../../spec/sass/system.js';
import { alu, branch, depbar, exit, load, program } from './build.js';

/** Every schedule of the program on the reference machine; the hazards found, as `RAW R0 0->1`. */
function explore(kernel: SassProgram) {
  const system = sassSystem(kernel);
  const exploration = exploreAll(system, { maxStates: 200_000 });
  const hazards = exploration.witnesses.map(({ finding }) => short(finding));
  return { exploration, hazards, boundReached: system.boundReached() };
}

function short(hazard: Hazard): string {
  return hazard.kind === 'overflow' ? `overflow SB${hazard.scoreboard} ${hazard.instruction}` : `${hazard.kind} ${hazard.register} ${hazard.producer}->${hazard.consumer}`;
}

describe('sassSystem: scoreboard visibility', () => {
  // LD R0 with write scoreboard 0, then its consumer waiting on SB0.
  const kernel = (stall: number, visibilityDelay = 2) => program([
    load('R0', ['R4'], { writeScoreboard: 0, stall }),
    alu('R1', ['R0'], { wait: [0] }),
  ], { visibilityDelay });

  it('a waiter right after its setter with stall 1 issues before the increment is visible: RAW', () => {
    const { exploration, hazards } = explore(kernel(1));
    expect(exploration.complete).toBe(true);
    expect(hazards).toEqual(['RAW R0 0->1']);
  });

  it('with stall 2 the wait sees the increment: no hazard in any schedule', () => {
    const { exploration, hazards } = explore(kernel(2));
    expect(exploration.complete).toBe(true);
    expect(exploration.finalStates).toBeGreaterThan(0);
    expect(hazards).toEqual([]);
  });

  it('with a visibility delay of 1, stall 1 is enough', () => {
    expect(explore(kernel(1, 1)).hazards).toEqual([]);
  });
});

describe('sassSystem: queue order and DEPBAR', () => {
  // Two loads on SB0; DEPBAR.LE SB0, 1 lets one be outstanding, and the first load's result is used.
  const kernel = (ordered: boolean, limit = 1) => program([
    load('R0', ['R4'], { writeScoreboard: 0, stall: 2 }),
    load('R1', ['R5'], { writeScoreboard: 0, stall: 2 }),
    depbar(0, limit, { stall: 2 }),
    alu('R2', ['R0']),
  ], { ordered });

  it('an unordered queue may complete the second load first: DEPBAR.LE SB0, 1 does not protect the first load', () => {
    const { exploration, hazards } = explore(kernel(false));
    expect(exploration.complete).toBe(true);
    expect(hazards).toEqual(['RAW R0 0->3']);
  });

  it('an ordered queue completes the first load first: DEPBAR.LE SB0, 1 protects it', () => {
    const { exploration, hazards } = explore(kernel(true));
    expect(exploration.complete).toBe(true);
    expect(hazards).toEqual([]);
  });

  it('DEPBAR.LE SB0, 0 protects it on an unordered queue too', () => {
    expect(explore(kernel(false, 0)).hazards).toEqual([]);
  });

  it('a DEPBAR right after its setter (stall 1) does not see the increment yet', () => {
    const early = program([load('R0', ['R4'], { writeScoreboard: 0, stall: 1 }), depbar(0, 0, { stall: 2 }), alu('R2', ['R0'])]);
    expect(explore(early).hazards).toEqual(['RAW R0 0->2']);
    // ...unless DEPBAR sees increments one cycle sooner than wait masks (Maxwell/Pascal).
    expect(explore({ ...early, depbarVisibilityDelay: 1 }).hazards).toEqual([]);
  });
});

describe('sassSystem: guards', () => {
  const kernel = (wait: number[]) => program([
    load('R0', ['R4'], { guard: 'P0', writeScoreboard: 0, stall: 2 }),
    alu('R1', ['R0'], { wait }),
  ]);

  it('a guarded producer still needs its wait: the run where the guard holds has a RAW', () => {
    const { exploration, hazards } = explore(kernel([]));
    expect(exploration.complete).toBe(true);
    expect(hazards).toEqual(['RAW R0 0->1']);
    // The witness took the guard as true.
    const witness = exploration.witnesses[0]!;
    expect(witness.path.find((action) => action.type === 'issue')).toEqual({ type: 'issue', taken: true });
  });

  it('with the wait, neither guard value gives a hazard', () => {
    const { exploration, hazards } = explore(kernel([0]));
    expect(exploration.complete).toBe(true);
    expect(hazards).toEqual([]);
  });

  it('a guarded-off producer still releases its scoreboard: the waiter issues and the thread finishes', () => {
    // Guard false, results and reads as early as possible, otherwise let time pass.
    const order = ['write', 'writeFixed', 'read', 'endWrites', 'endReads', 'issue', 'tick'];
    const run = runPath(sassSystem(kernel([0])), (_state, enabled, k) => {
      if (k > 1_000) throw new Error('the thread does not finish');
      const skip = enabled.find((action) => action.type === 'issue' && !action.taken);
      return skip ?? [...enabled].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))[0]!;
    });
    expect(run.finished).toBe(true);
    expect(run.findings).toEqual([]);
    expect(run.events.filter((event) => event.type === 'issue').map((event) => event.type === 'issue' && [event.instruction, event.taken])).toEqual([[0, false], [1, true]]);
  });
});

describe('sassSystem: loops', () => {
  // 0: consumer of R0 at the loop head; 1: the load of R0 at the loop end (it waits for the
  // previous iteration's load, so at most one is in flight); 2: back to the head while P0.
  const loop = (headWaits: boolean) => program([
    alu('R1', ['R0'], { wait: headWaits ? [0] : [], stall: 2 }),
    load('R0', ['R4'], { wait: [0], writeScoreboard: 0, stall: 2 }),
    branch(0, { guard: 'P0', stall: 2 }),
    exit(),
  ]);

  it('explores a loop to completion and finds a hazard that needs two iterations', () => {
    const { exploration, hazards, boundReached } = explore(loop(false));
    expect(exploration.complete).toBe(true);
    expect(boundReached).toBe(false);
    expect(hazards).toEqual(['RAW R0 1->0']);
    // The witness runs the loop head twice.
    const replayed = replayPath(sassSystem(loop(false)), exploration.witnesses[0]!.path);
    const headIssues = replayed.steps.flatMap((step) => step.events).filter((event) => event.type === 'issue' && event.instruction === 0);
    expect(headIssues.length).toBe(2);
    expect(replayed.findings.map(short)).toContain('RAW R0 1->0');
  });

  it('the same body without the back edge has no hazard', () => {
    const straight = loop(false);
    const noBackEdge = { ...straight, instructions: straight.instructions.map((instruction, index) => (index === 2 ? { ...instruction, flow: { kind: 'exit' as const } } : instruction)) };
    expect(explore(noBackEdge).hazards).toEqual([]);
  });

  it('with the wait at the loop head, every iteration count is safe (and the search still ends)', () => {
    const { exploration, hazards, boundReached } = explore(loop(true));
    expect(exploration.complete).toBe(true);
    expect(boundReached).toBe(false);
    expect(hazards).toEqual([]);
  });
});

describe('sassSystem: read-after-write matrices', () => {
  // An alu writer of R0 (latency 3); a reader of class `mem` may read it after 1 cycle, an alu reader after 3.
  const readAfterWrite = { general: { alu: { alu: 3, mem: 1 } } };
  const kernel = (reader: 'mem' | 'alu', stall = 1, matrices: typeof readAfterWrite | null = readAfterWrite) => program([
    alu('R0', ['R4'], { latency: 3, stall }),
    reader === 'mem' ? load('R1', ['R0']) : alu('R1', ['R0']),
  ], { readAfterWrite: matrices });

  it('a mem reader may read an alu result sooner than the alu latency', () => {
    const { exploration, hazards } = explore(kernel('mem'));
    expect(exploration.complete).toBe(true);
    expect(hazards).toEqual([]);
  });

  it('an alu reader may not', () => {
    expect(explore(kernel('alu')).hazards).toEqual(['RAW R0 0->1']);
    expect(explore(kernel('alu', 3)).hazards).toEqual([]);
  });

  it('without matrices every reader waits the writer latency', () => {
    expect(explore(kernel('mem', 1, null)).hazards).toEqual(['RAW R0 0->1']);
    expect(explore(kernel('mem', 3, null)).hazards).toEqual([]);
  });
});
