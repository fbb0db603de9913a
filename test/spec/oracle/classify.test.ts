import { describe, expect, it } from 'vitest';
import { parseSchedule, replay } from '../../../spec/scoreboard/trace.js';
import { hazardKey } from '../../../spec/oracle/hazard.js';
import { sequentialSemantics } from '../../../spec/oracle/sequential.js';
import type { Program } from '../../../spec/scoreboard/program.js';
import { hp, PIPES } from '../../helpers.js';

function hazardsOf(program: Program, schedule: string) {
  const actions = parseSchedule(schedule);
  if (typeof actions === 'string') throw new Error(actions);
  return replay(program, actions).hazards;
}

describe('sequentialSemantics', () => {
  it('gives each read the latest earlier writer and each register its last writer', () => {
    const semantics = sequentialSemantics(hp(`${PIPES}MOV R0 <- R1\nMOV R1 <- R0\nMOV R0 <- R0, R1\nNOP\n`));
    expect(semantics.expectedReads.map((reads) => Object.fromEntries(reads))).toEqual([{ R1: null }, { R0: 0 }, { R0: 0, R1: 1 }, {}]);
    expect(Object.fromEntries(semantics.finalWriters)).toEqual({ R0: 2, R1: 1 });
  });
});

describe('hazard classification', () => {
  it('RAW: a read sees an older value because the producer has not written yet', () => {
    const program = hp(`${PIPES}TEX R0 <- R1\nFMUL R2 <- R0\n`);
    expect(hazardsOf(program, 'W R i0 W R i0')).toEqual([
      { kind: 'RAW', warp: 0, register: 'R0', producer: 0, consumer: 1, observer: null, cycle: 1 },
    ]);
  });

  it('WAR: a read sees the value of a later instruction', () => {
    const program = hp(`${PIPES}STG <- R2\nMOV R2 <- RZ\n`);
    expect(hazardsOf(program, 'W R i0 W R i0 W R t W R t W R t w2 W r1')).toEqual([
      { kind: 'WAR', warp: 0, register: 'R2', producer: 0, consumer: 1, observer: null, cycle: 5 },
    ]);
  });

  it('WAW in the final state: the earlier write landed last', () => {
    const program = hp(`${PIPES}LDG R1 <- R4\nMOV R1 <- RZ\n`);
    expect(hazardsOf(program, 'W R i0 W r1 R i0 W R t W R t W R t w2 w1')).toEqual([
      { kind: 'WAW', warp: 0, register: 'R1', producer: 0, consumer: 1, observer: null, cycle: 5 },
    ]);
  });

  it('WAW seen by a later read: the expected value landed and was overwritten by an older one', () => {
    const program = hp(`${PIPES}[B------:R-:W0:-:S01] LDG R1 <- R4\nMOV R1 <- RZ\n[B0-----:R-:W-:-:S01] FMUL R5 <- R1\n`);
    const hazards = hazardsOf(program, 'W R i0 W r1 R i0 W R t W R t W R t w2 W R t w1 W R i0');
    expect(hazards).toEqual([{ kind: 'WAW', warp: 0, register: 'R1', producer: 0, consumer: 1, observer: 2, cycle: 6 }]);
  });

  it('no hazard when every read sees its sequential value and the final state matches', () => {
    const program = hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\n[B0-----:R-:W-:-:S01] FMUL R2 <- R0\n`);
    expect(hazardsOf(program, 'W R i0 W r0 R t w0 W R i0 W R t W R t W R t w2')).toEqual([]);
  });

  it('constants and immediates never create dependencies', () => {
    const program = hp(`${PIPES}TEX RZ <- R1\nFMUL R2 <- RZ, PT, 0x4\nMOV PT <- RZ\n`);
    expect(hazardsOf(program, 'W R i0 W R i0 W R i0 W R t W R t w2 W R t w2 W r0 R t w0')).toEqual([]);
  });

  it('identifies a hazard by kind, warp, register and instructions, not by when it happened', () => {
    const a = { kind: 'RAW', warp: 0, register: 'R0', producer: 0, consumer: 1, observer: null, cycle: 1 } as const;
    expect(hazardKey(a)).toBe(hazardKey({ ...a, cycle: 9 }));
    expect(hazardKey(a)).not.toBe(hazardKey({ ...a, warp: 1 }));
  });
});
