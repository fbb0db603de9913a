import { describe, expect, it } from 'vitest';
import { actionCode } from '../../../../spec/scoreboard/machine/action.js';
import { enabledActions } from '../../../../spec/scoreboard/machine/enabled.js';
import { issueBlocker } from '../../../../spec/scoreboard/machine/readiness.js';
import { step } from '../../../../spec/scoreboard/machine/step.js';
import { parseSchedule, replay, type Trace } from '../../../../spec/scoreboard/trace.js';
import type { Program } from '../../../../spec/scoreboard/program.js';
import { hp, PIPES } from '../../../helpers.js';

/** Runs a schedule written as action codes and returns the trace. */
function run(program: Program, schedule: string, scoreboardMax?: number): Trace {
  const actions = parseSchedule(schedule);
  if (typeof actions === 'string') throw new Error(actions);
  return replay(program, actions, scoreboardMax);
}

function last(trace: Trace) {
  return trace.steps.at(-1)?.state ?? trace.initial;
}

function enabled(program: Program, schedule: string): string[] {
  return enabledActions(program, last(run(program, schedule))).map(actionCode);
}

describe('issue rules', () => {
  it('issues in order, one instruction per cycle, the next no earlier than t + stall', () => {
    const program = hp(`${PIPES}[B------:R-:W-:-:S04] NOP\nNOP\n`);
    expect(enabled(program, 'W R')).toEqual(['i0', 't']);
    for (const cycles of [1, 2, 3]) {
      expect(enabled(program, `W R i0 ${'W R t '.repeat(cycles - 1)}W R`)).toEqual(['t']);
    }
    expect(enabled(program, 'W R i0 W R t W R t W R t W R')).toEqual(['i0', 't']);
    expect(issueBlocker(program, last(run(program, 'W R i0 W R')), 0)).toEqual({ reason: 'stall', cyclesLeft: 3 });
  });

  it('counts a stall of 0 (dual issue in real listings) as 1', () => {
    const program = hp(`[B------:R-:W-:-:S00] NOP\nNOP\n`);
    expect(enabled(program, 'W R i0 W R')).toEqual(['i0', 't']);
  });

  it('holds an instruction until every scoreboard of its wait mask is 0', () => {
    const program = hp(`${PIPES}[B------:R-:W1:-:S01] TEX R0 <- R1\n[B-1----:R-:W-:-:S01] FMUL R2 <- R0\n`);
    const afterIssue = last(run(program, 'W R i0 W R'));
    expect(issueBlocker(program, afterIssue, 0)).toEqual({ reason: 'wait', scoreboard: 1, value: 1 });
    expect(enabled(program, 'W R i0 W r0 R t w0 W R')).toEqual(['i0', 't']);
  });

  it('holds DEPBAR.LE SBn, k until scoreboard n is at most k', () => {
    const program = hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\n[B------:R-:W0:-:S01] TEX R2 <- R1\nDEPBAR.LE SB0, 1\nNOP\n`);
    const before = last(run(program, 'W R i0 W R i0 W R'));
    expect(issueBlocker(program, before, 0)).toEqual({ reason: 'depbar', scoreboard: 0, value: 2, limit: 1 });
    expect(enabled(program, 'W R i0 W r0 R i0 w0 W R')).toEqual(['i0', 't']);
  });

  it('holds an instruction while its decoupled pipe has no free queue slot; a slot freed this cycle counts', () => {
    const program = hp(`${PIPES}LDG R0 <- R1\nLDG R2 <- R3\n`);
    expect(issueBlocker(program, last(run(program, 'W R i0 W R')), 0)).toEqual({ reason: 'queue-full', pipe: 1 });
    expect(enabled(program, 'W R i0 W r1 R')).toEqual(['i0', 't']);
  });

  it('makes DEPBAR and NOP occupy no pipe', () => {
    const program = hp(`.pipe lsu queue 1: LDG\nLDG R0 <- R1\nNOP\nDEPBAR.LE SB0, 0\n`);
    const trace = run(program, 'W R i0 W R i0 W R i0');
    expect(last(trace).pipes).toEqual([[{ warp: 0, instruction: 0, stage: 'queued', writeIn: 0 }]]);
  });
});

describe('scoreboards', () => {
  it('increments the read and the write scoreboard at issue, by one each even when they are the same', () => {
    const program = hp(`${PIPES}[B------:R2:W2:-:S01] TEX R0 <- R1\n`);
    const trace = run(program, 'W R i0 W r0 R t w0');
    expect(trace.steps.map((s) => s.state.warps[0]!.scoreboards[2])).toEqual([0, 0, 2, 2, 1, 1, 1, 0]);
  });

  it('releases a fixed pipe read scoreboard at issue and its write scoreboard when the result lands', () => {
    const program = hp(`${PIPES}[B------:R1:W2:-:S01] MOV R0 <- R1\n`);
    const afterIssue = last(run(program, 'W R i0'));
    expect(afterIssue.warps[0]!.scoreboards.slice(1, 3)).toEqual([0, 1]);
    const done = last(run(program, 'W R i0 W R t W R t W R t w2'));
    expect(done.warps[0]!.scoreboards[2]).toBe(0);
  });

  it('releases the write scoreboard of an instruction without destination when it completes', () => {
    const program = hp(`${PIPES}[B------:R-:W3:-:S01] STG <- R0, R1\n`);
    const trace = run(program, 'W R i0 W r1 R t w1');
    expect(trace.steps.at(-1)!.events).toEqual([{ type: 'write', cycle: 2, warp: 0, instruction: 0, registers: [] }]);
    expect(last(trace).warps[0]!.scoreboards[3]).toBe(0);
  });

  it('reports a counter pushed past its width as an overflow, not a wrapped value', () => {
    const program = hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\n[B------:R-:W0:-:S01] TEX R2 <- R1\n`);
    const trace = run(program, 'W R i0 W R i0', 1);
    expect(trace.hazards).toEqual([{ kind: 'overflow', warp: 0, scoreboard: 0, instruction: 1, value: 2, cycle: 1 }]);
    expect(last(trace).warps[0]!.scoreboards[0]).toBe(2);
  });
});

describe('pipes', () => {
  it('writes a fixed pipe result exactly L cycles after issue: the write is forced then, impossible before', () => {
    const program = hp(`${PIPES}MOV R0 <- R1\n`);
    expect(enabled(program, 'W R i0')).toEqual(['W']);
    expect(enabled(program, 'W R i0 W R t W R t W R t')).toEqual(['w2']);
    const trace = run(program, 'W R i0 W R t W R t W R t w2');
    expect(trace.steps.at(-1)!.events[0]).toMatchObject({ type: 'write', cycle: 4 });
  });

  it('reads a decoupled instruction in a later cycle than its issue and writes it later than its read', () => {
    const program = hp(`${PIPES}TEX R0 <- R1\n`);
    expect(enabled(program, 'W R i0')).toEqual(['W']);
    expect(enabled(program, 'W R i0 W')).toEqual(['r0', 'R']);
    expect(enabled(program, 'W R i0 W r0')).toEqual(['R']);
    expect(enabled(program, 'W R i0 W r0 R t')).toEqual(['w0', 'W']);
  });

  it('keeps reads in issue order and writes in issue order within a decoupled pipe', () => {
    const program = hp(`${PIPES}TEX R0 <- R5\nTEX R1 <- R6\n`);
    const trace = run(program, 'W R i0 W r0 R i0 W r0 R t w0 w0');
    const order = trace.steps.flatMap((s) => s.events).filter((e) => e.type !== 'issue').map((e) => `${e.type}${e.instruction}`);
    expect(order).toEqual(['read0', 'read1', 'write0', 'write1']);
  });

  it('lets a read at cycle c see a register written at cycle c', () => {
    const program = hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\n[B0-----:R-:W-:-:S01] FMUL R2 <- R0\n`);
    const trace = run(program, 'W R i0 W r0 R t w0 W R i0');
    const read = trace.steps.at(-1)!.events.find((e) => e.type === 'read');
    expect(read).toEqual({ type: 'read', cycle: 2, warp: 0, instruction: 1, seen: [{ register: 'R0', writer: 0 }] });
    expect(trace.hazards).toEqual([]);
  });

  it('writes several destinations at the same moment', () => {
    const program = hp(`${PIPES}TEX R0, R1 <- R2\n`);
    const trace = run(program, 'W R i0 W r0 R t w0');
    expect(last(trace).warps[0]!.registers).toEqual({ R0: 0, R1: 0 });
  });

  it('has no actions once everything issued and landed', () => {
    const program = hp(`${PIPES}TEX R0 <- R1\n`);
    const trace = run(program, 'W R i0 W r0 R t w0');
    expect(trace.finished).toBe(true);
    expect(enabledActions(program, last(trace))).toEqual([]);
  });

  it('refuses to take an action that is not enabled', () => {
    const program = hp(`${PIPES}TEX R0 <- R1\n`);
    const state = last(run(program, 'W R i0 W'));
    expect(() => step(program, state, { type: 'write', pipe: 0 })).toThrow('action w0 is not enabled at cycle 1 (read phase)');
  });
});

describe('.interlock registers (seed 003)', () => {
  const program = hp(`.interlock registers\n${PIPES}TEX R0 <- R1\nMOV R1 <- RZ\nTEX R2 <- R3\nFMUL R4 <- R2\nMOV R2 <- RZ\n`);

  it('holds an instruction whose destination still has a pending read', () => {
    expect(issueBlocker(program, last(run(program, 'W R i0 W R')), 0)).toEqual({ reason: 'interlock', register: 'R1', pending: 'read' });
    expect(enabled(program, 'W R i0 W r0 R')).toEqual(['i0', 't']);
  });

  it('holds an instruction whose source or destination still has a pending write', () => {
    const afterTex = 'W R i0 W r0 R i0 W R i0';
    expect(issueBlocker(program, last(run(program, `${afterTex} W R`)), 0)).toEqual({ reason: 'interlock', register: 'R2', pending: 'write' });
  });

  it('needs no annotations: every schedule is hazard-free', async () => {
    const { exploreExhaustive } = await import('../../../../spec/scoreboard/explore.js');
    const result = exploreExhaustive(program, { maxStates: 100_000 });
    expect(result.complete).toBe(true);
    expect(result.hazards).toEqual([]);
  });
});

describe('.warps', () => {
  const program = hp(`.warps 2\n.pipe tex queue 1: TEX\n[B------:R-:W0:-:S01] TEX R0 <- R1\n[B0-----:R-:W-:-:S01] TEX R2 <- R0\n`);

  it('lets the scheduler pick any ready warp, one issue per cycle', () => {
    expect(enabled(program, 'W R')).toEqual(['i0', 'i1', 't']);
    expect(enabled(program, 'W R i1')).toEqual(['W']);
  });

  it('gives each warp its own scoreboards and registers', () => {
    const state = last(run(program, 'W R i1 W r0 R t w0'));
    expect(state.warps[1]!.registers).toEqual({ R0: 0 });
    expect(state.warps[0]!.registers).toEqual({});
    expect(state.warps.map((w) => w.scoreboards[0])).toEqual([0, 0]);
  });

  it('shares queues between warps, first in first out across warps', () => {
    expect(issueBlocker(program, last(run(program, 'W R i1 W R')), 0)).toEqual({ reason: 'queue-full', pipe: 0 });
    const trace = run(program, 'W R i1 W r0 R i0 W R t W r0');
    expect(trace.steps.flatMap((s) => s.events).filter((e) => e.type === 'read').map((e) => e.warp)).toEqual([1, 0]);
  });
});
