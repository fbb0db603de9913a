import { describe, expect, it } from 'vitest';
import { replayPath } from '../../../explore/run.js';
import { compileLrcProgram } from '../../../impl/lrc/compiled.js';
import { LrcSimulator, type LrcSimulationResult } from '../../../impl/lrc/simulator.js';
import { lrcTraceActions } from '../../../impl/lrc/traceActions.js';
import type { CounterClass, LrcInstruction, LrcProgram, Preload } from '../../../spec/lrc/program.js';
import { preloadCount, randomLrcSchedule, runLrcSchedule, type LrcSchedule } from '../../../spec/lrc/schedule.js';
import { lrcSystem } from '../../../spec/lrc/system.js';
import type { Operand } from '../../../spec/operand.js';

const reg = (name: string): Operand => ({ kind: 'register', name });
/** `op('ldg', ['r1'], ['r0'], [0])`: an instruction writing r1, reading r0, waiting for class 0. */
const op = (opcode: string, destinations: string[], sources: string[], waitFor: number[] = []): LrcInstruction =>
  ({ opcode, destinations: destinations.map(reg), sources: sources.map(reg), waitFor });
const LRC: CounterClass = { name: 'lrc', bits: 6, inOrder: false, opcodes: ['ldg', 'ldl'] };

function lrc(instructions: LrcInstruction[], options: { contexts?: number; threads?: number; counters?: CounterClass[]; preloads?: Preload[]; latency?: number } = {}): LrcProgram {
  const contexts = options.contexts ?? 1;
  return {
    contexts, threads: options.threads ?? contexts,
    units: [
      { kind: 'fixed', name: 'alu', latency: options.latency ?? 1, opcodes: ['add', 'mov'] },
      { kind: 'request', name: 'mem', opcodes: ['ldg', 'ldl'] },
      { kind: 'flow', name: 'flow', opcodes: ['nop'] },
    ],
    counters: options.counters ?? [LRC], preloads: options.preloads ?? [], initialPc: 0, instructions,
  };
}

/** A schedule with the same read and return delay for every request, and the same preload delay. */
function fixedSchedule(program: LrcProgram, read: number, ret: number, preload = 0): LrcSchedule {
  const size = program.threads * program.instructions.length;
  return {
    readDelay: new Uint16Array(size).fill(read), returnDelay: new Uint16Array(size).fill(ret),
    preloadDelay: new Uint16Array(program.threads * preloadCount(program)).fill(preload),
  };
}

/** Runs the simulator traced and checks it against the spec (same events, findings, finished flag; the trace replays). */
function simulate(program: LrcProgram, schedule: LrcSchedule): LrcSimulationResult {
  const impl = new LrcSimulator(compileLrcProgram(program)).run(schedule, true);
  const spec = runLrcSchedule(program, schedule);
  expect(impl.events).toEqual(spec.events);
  expect(impl.findings).toEqual(spec.findings);
  expect(impl.finished).toBe(spec.finished);
  const replay = replayPath(lrcSystem(program), lrcTraceActions(program, impl.events!));
  expect(replay.steps.flatMap((step) => step.events)).toEqual(impl.events);
  expect(replay.state.cycle).toBe(impl.lastCycle);
  return impl;
}

describe('LrcSimulator', () => {
  it('finds the RAW of a consumer without the dependency flag, and none with it', () => {
    const unflagged = lrc([op('ldg', ['r1'], ['r0']), op('add', ['r2'], ['r1'])]);
    const missing = simulate(unflagged, fixedSchedule(unflagged, 1, 3));
    expect(missing.findings).toEqual([{ kind: 'RAW', warp: 0, register: 'r1', producer: 0, consumer: 1, observer: null, cycle: 1 }]);
    const flagged = lrc([op('ldg', ['r1'], ['r0']), op('add', ['r2'], ['r1'], [0])]);
    const safe = simulate(flagged, fixedSchedule(flagged, 1, 3));
    expect(safe.findings).toEqual([]);
    expect(safe.finished).toBe(true);
    // ldg granted at 0, reads at 1, returns at 4; add held in DEP at 1..3, granted at 4, written at 5, emitted at 5.
    expect(safe.events!.filter((e) => e.type === 'grant').map((e) => e.cycle)).toEqual([0, 4]);
    expect(safe.stallCycles).toBe(3);
    expect(safe.lastCycle).toBe(6);
  });

  it('reports the spec\'s deadlock when INIT_LRC_VAL is above the preloads and an instruction waits on that class', () => {
    const program = lrc([op('add', ['r1'], ['r0'], [0]), op('mov', ['r2'], ['r1'])], { contexts: 2, threads: 3, preloads: [{ counter: 0, initialValue: 2, registers: ['r0'] }] });
    const impl = simulate(program, fixedSchedule(program, 1, 1, 2));
    expect(impl.finished).toBe(true);
    expect(impl.findings).toEqual([{
      kind: 'deadlock', cycle: 2, blocked: [
        { thread: 0, context: 0, status: 'DEP', instruction: 0, counter: 0, value: 1 },
        { thread: 1, context: 1, status: 'DEP', instruction: 0, counter: 0, value: 1 },
      ],
    }]);
    // The last preload return leaves both contexts held with nothing in flight: the spec stops inside the return phase.
    expect(impl.lastCycle).toBe(2);
  });

  it('halts at the grant that pushes a 2-bit counter past 3', () => {
    const program = lrc(Array.from({ length: 5 }, (_, k) => op('ldg', [`r${k}`], [])), { counters: [{ ...LRC, bits: 2 }] });
    const impl = simulate(program, fixedSchedule(program, 1, 10));
    expect(impl.finished).toBe(false);
    expect(impl.findings).toEqual([{ kind: 'overflow', thread: 0, context: 0, counter: 0, instruction: 3, value: 4, cycle: 3 }]);
    expect(impl.events!.at(-1)).toMatchObject({ type: 'overflow', cycle: 3, value: 4 });
    expect(impl.grants).toBe(4);
  });

  it('grants a unit round robin: the first waiting context after the one granted last', () => {
    const program = lrc([op('add', ['r1'], ['r0']), op('add', ['r2'], ['r1'])], { contexts: 3 });
    const impl = simulate(program, fixedSchedule(program, 1, 1));
    const grants = impl.events!.flatMap((e) => (e.type === 'grant' ? [[e.cycle, e.context, e.instruction]] : []));
    expect(grants).toEqual([[0, 0, 0], [1, 1, 0], [2, 2, 0], [3, 0, 1], [4, 1, 1], [5, 2, 1]]);
    expect(impl.maxWaitCycles).toBe(2);
    expect(impl.unitConflicts).toBe(0);
  });

  it('skips idle cycles: a return 1000 cycles away costs a handful of simulated cycles', () => {
    const program = lrc([op('ldg', ['r0'], ['r1'])]);
    const impl = simulate(program, fixedSchedule(program, 1, 1000));
    // Granted at 0, sources read at 1, data back at 1001, emitted at 1001: the spec's clock stops at 1002.
    expect(impl.events!.map((e) => `${e.type}@${e.cycle}`)).toEqual(['grant@0', 'read@1', 'write@1001', 'emit@1001']);
    expect(impl.lastCycle).toBe(1002);
    expect(impl.activeCycles).toBeLessThan(10);
  });

  it('returns an in-order class oldest first and lands the preloads of two classes like the spec', () => {
    const counters: CounterClass[] = [
      { name: 'sy', bits: 4, inOrder: true, opcodes: ['ldg'] },
      { name: 'ss', bits: 4, inOrder: false, opcodes: ['ldl'] },
    ];
    const program = lrc([op('ldg', ['r1'], []), op('ldg', ['r2'], []), op('ldl', ['r3'], ['r1'], [0]), op('add', ['r0'], ['r3', 'r2'], [0, 1])], {
      contexts: 2, threads: 3, counters,
      preloads: [{ counter: 0, initialValue: 2, registers: ['r5', 'r0'] }, { counter: 1, initialValue: 1, registers: ['r6'] }],
    });
    for (let seed = 0; seed < 60; seed++) simulate(program, randomLrcSchedule(program, seed, 6));
  });

  it('rejects a schedule made for another program', () => {
    const program = lrc([op('ldg', ['r1'], ['r0'])], { threads: 2 });
    expect(() => new LrcSimulator(compileLrcProgram(program)).run(fixedSchedule(lrc([]), 1, 1))).toThrow(/schedule/);
  });

  it('runs a program without instructions: contexts emit their preload data', () => {
    const program = lrc([], { contexts: 2, threads: 3, preloads: [{ counter: 0, initialValue: 1, registers: ['r0'] }] });
    const impl = simulate(program, fixedSchedule(program, 1, 1, 3));
    expect(impl.events!.filter((e) => e.type === 'emit')).toHaveLength(3);
  });

  it('agrees with the spec on fixed latencies above 1 (RAW on fixed results) and on several threads per context', () => {
    const program = lrc([op('ldg', ['r1'], ['r0']), op('add', ['r2'], ['r1'], [0]), op('mov', ['r3'], ['r2']), op('nop', [], ['r3']), op('ldl', ['r0'], ['r2'])], { contexts: 3, threads: 5, latency: 3 });
    for (let seed = 0; seed < 40; seed++) simulate(program, randomLrcSchedule(program, seed, 8));
  });
});
