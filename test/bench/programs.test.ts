import { describe, expect, it } from 'vitest';
import { benchmarkProgram } from '../../bench/programs.js';
import { exploreExhaustive } from '../../spec/scoreboard/explore.js';

describe('benchmarkProgram', () => {
  it('has the requested size and is hazard-free under every schedule', () => {
    const program = benchmarkProgram(64);
    expect(program.instructions).toHaveLength(64);
    const result = exploreExhaustive(program, { maxStates: 200_000 });
    expect(result.complete).toBe(true);
    expect(result.hazards).toEqual([]);
  });
});
