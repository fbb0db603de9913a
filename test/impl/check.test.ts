import { describe, expect, it } from 'vitest';
import { checkProgram, DEFAULT_CHECK_OPTIONS } from '../../impl/check.js';
import { exploreExhaustive } from '../../spec/scoreboard/explore.js';
import { formatSchedule, parseSchedule, replay } from '../../spec/scoreboard/trace.js';
import { hp, PIPES } from '../helpers.js';

const SAFE = hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\n[B0-----:R-:W-:-:S01] FMUL R2 <- R0\n`);
const UNSAFE = hp(`${PIPES}[B------:R-:W0:-:S01] TEX R0 <- R1\nFMUL R2 <- R0\n`);
const options = { ...DEFAULT_CHECK_OPTIONS, seed: 7, runs: 50 };

describe('checkProgram', () => {
  it('proves a small protected program safe by exhaustive search, and says why that is complete', () => {
    const result = checkProgram(SAFE, options);
    expect(result.verdict).toBe('proved-safe');
    expect(result.schedulesExplored).toBe('all');
    expect(result.reason).toMatch(/explored all \d+ reachable states .* every latency schedule of any length/);
  });

  it('finds the hazard of an unprotected dependency with a shortest schedule', () => {
    const result = checkProgram(UNSAFE, options);
    expect(result.verdict).toBe('hazard');
    expect(result.hazards.map((h) => h.hazard.kind)).toEqual(['RAW']);
    expect(formatSchedule(result.hazards[0]!.schedule)).toBe('W R i0 W R i0');
  });

  it('says unknown, with the reason, when a forced exhaustive search runs out of states', () => {
    const result = checkProgram(SAFE, { ...options, mode: 'exhaustive', maxStates: 5 });
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toMatch(/5-state limit/);
  });

  it('falls back to random schedules in auto mode, and calls the outcome no-hazard-found, not a proof', () => {
    const result = checkProgram(SAFE, { ...options, maxStates: 5 });
    expect(result.verdict).toBe('no-hazard-found');
    expect(result.schedulesExplored).toBe(50);
    expect(result.reason).toMatch(/no hazard in 50 random schedules .*seeds 7\.\.56.*not a proof/);
  });

  it('finds the hazard with random schedules, each replayable from its own seed', () => {
    const result = checkProgram(UNSAFE, { ...options, mode: 'random' });
    expect(result.verdict).toBe('hazard');
    const found = result.hazards[0]!;
    expect(found.seed).not.toBeNull();
    const again = checkProgram(UNSAFE, { ...options, mode: 'random', seed: found.seed!, runs: 1 });
    expect(again.hazards[0]!.schedule).toEqual(found.schedule);
  });

  it('is deterministic for a given seed', () => {
    const a = checkProgram(UNSAFE, { ...options, mode: 'random' });
    const b = checkProgram(UNSAFE, { ...options, mode: 'random' });
    expect(b.hazards).toEqual(a.hazards);
  });
});

describe('exploreExhaustive', () => {
  it('stops at its state budget and says it is incomplete', () => {
    const result = exploreExhaustive(SAFE, { maxStates: 3 });
    expect(result.complete).toBe(false);
  });

  it('gives schedules that replay to the same hazard', () => {
    const result = exploreExhaustive(UNSAFE, { maxStates: 10_000 });
    for (const found of result.hazards) {
      expect(replay(UNSAFE, found.schedule).hazards).toContainEqual(found.hazard);
    }
  });
});

describe('schedules as text', () => {
  it('round-trips with repeat counts', () => {
    const schedule = parseSchedule('W R i0 t*3 w1 r2');
    expect(typeof schedule).not.toBe('string');
    expect(formatSchedule(schedule as never)).toBe('W R i0 t*3 w1 r2');
  });

  it('rejects what is not an action code', () => {
    expect(parseSchedule('W x1')).toMatch(/'x1' is not an action code/);
    expect(parseSchedule('t*0')).toMatch(/not an action code/);
    expect(parseSchedule('W3')).toMatch(/not an action code/);
  });
});
