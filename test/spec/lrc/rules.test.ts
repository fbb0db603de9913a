import { describe, expect, it } from 'vitest';
import { exploreAll } from '../../../explore/exhaustive.js';
import { replayPath, runPath } from '../../../explore/run.js';
import { parseLrcProgram } from '../../../format/lrc/parse.js';
import { lrcActionCode, parseLrcActionCode, type LrcAction } from '../../../spec/lrc/action.js';
import type { LrcEvent } from '../../../spec/lrc/event.js';
import { lrcSystem } from '../../../spec/lrc/system.js';

const HEAD = `.machine lrc
.unit alu fixed 1: add, mov
.unit mem request: ldg, ldl
`;
const lrc = (text: string) => parseLrcProgram(text, 'test.hp').program;
/** Runs a program always taking the first enabled action (earliest returns, lowest context), recording events. */
const eagerEvents = (text: string): LrcEvent[] => [...runPath(lrcSystem(lrc(text)), (_s, enabled) => enabled[0]!).events];

describe('the LRC machine', () => {
  it('holds an instruction with a dependency flag in DEP until its counter is 0, in every schedule', () => {
    const safe = exploreAll(lrcSystem(lrc(`${HEAD}ldg r1 <- r0\n(lrc)add r2 <- r1\n`)), { maxStates: 10_000 });
    expect(safe.complete).toBe(true);
    expect(safe.witnesses).toEqual([]);
    const unsafe = exploreAll(lrcSystem(lrc(`${HEAD}ldg r1 <- r0\nadd r2 <- r1\n`)), { maxStates: 10_000 });
    expect(unsafe.witnesses.map((w) => w.finding.kind)).toEqual(['RAW']);
  });

  it('returns data of an in-order class oldest first, and of other classes in any order', () => {
    const returnsAfterReads = (counter: string) => {
      const system = lrcSystem(lrc(`${HEAD}.counter lrc ${counter}: ldg, ldl\nldg r1 <- r0\nldg r2 <- r0\n`));
      // grant both loads, read both sources, then look at the returns enabled.
      const path = replayPath(system, ['X', 'R', 'g1.0', 'X', 'R', 'g1.0', 'X', 'r0.0', 'r0.1', 'R'].map((code) => parseLrcActionCode(code)!));
      return system.actions(path.state).filter((a) => a.type === 'return').map(lrcActionCode);
    };
    expect(returnsAfterReads('6 in-order')).toEqual(['x0.0']);
    expect(returnsAfterReads('6')).toEqual(['x0.0', 'x0.1']);
  });

  it('grants a unit to at most one context per cycle, any waiting one, or to none', () => {
    const system = lrcSystem(lrc(`${HEAD}.threads 2\nadd r1 <- r0\n`));
    const start = replayPath(system, ['X', 'R'].map((code) => parseLrcActionCode(code)!)).state;
    expect(system.actions(start).map(lrcActionCode)).toEqual(['g0.0', 'g0.1', 'i0']);
    const after = system.step(start, { type: 'grant', unit: 0, context: 1 }).state;
    expect(after.phase).toBe('return'); // the only unit is decided: the cycle ended
    expect(after.contexts.map((c) => c.pc)).toEqual([0, 1]);
  });

  it('emits a thread only when its last data has returned, then hands the context the next thread', () => {
    const events = eagerEvents(`${HEAD}.launch 2\nadd r1 <- r0\nldg r2 <- r1\n`);
    const kinds = events.map((e) => `${e.type}${'thread' in e ? e.thread : ''}`);
    expect(kinds.indexOf('emit0')).toBeGreaterThan(kinds.lastIndexOf('write0'));
    expect(kinds.indexOf('launch1')).toBeGreaterThan(kinds.indexOf('emit0'));
    expect(kinds.filter((k) => k === 'emit1')).toHaveLength(1);
  });

  it('starts threads at INIT_PC with INIT_LRC_VAL and the preload data on its way', () => {
    const program = lrc(`${HEAD}.init-pc 1\n.preload lrc: r0\nldg r5 <- r5\n(lrc)add r1 <- r0\n`);
    const system = lrcSystem(program);
    expect(system.initial.contexts[0]).toMatchObject({ pc: 1, counters: [1], status: 'DEP' });
    const result = exploreAll(system, { maxStates: 1000 });
    expect(result.complete && result.witnesses.length === 0).toBe(true);
  });

  it('reports a counter below zero when INIT_LRC_VAL is smaller than the preloads', () => {
    const result = exploreAll(lrcSystem(lrc(`${HEAD}.preload lrc 1: r0, r1\nadd r2 <- r0, r1\n`)), { maxStates: 1000 });
    expect(result.witnesses.some((w) => w.finding.kind === 'overflow' && w.finding.value === -1)).toBe(true);
  });

  it('action codes read back as the same actions', () => {
    const actions: LrcAction[] = [
      { type: 'return', context: 2, instruction: 7, register: null }, { type: 'return', context: 0, instruction: -1, register: 'r0.x' },
      { type: 'endReturns' }, { type: 'read', context: 1, instruction: 3 }, { type: 'endReads' }, { type: 'grant', unit: 2, context: 1 }, { type: 'idle', unit: 0 },
    ];
    expect(actions.map((a) => parseLrcActionCode(lrcActionCode(a)))).toEqual(actions);
  });
});
