import { describe, expect, it } from 'vitest';
import { missingWaitProgram } from '../../../bench/programs.js';
import { deltaDebug } from '../../../impl/minimize/deltaDebug.js';
import { minimizeProgram } from '../../../impl/minimize/minimizeProgram.js';
import { exploreExhaustive } from '../../../spec/scoreboard/explore.js';

const effort = { seed: 1, runs: 30, maxLatency: 8, scoreboardMax: 63, exhaustiveUpTo: 12 };

describe('deltaDebug', () => {
  it('finds a 1-minimal failing subset', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(deltaDebug(items, (subset) => subset.includes(17) && subset.includes(83))).toEqual([17, 83]);
  });
});

describe('minimizeProgram', () => {
  it('shrinks a 2,000-instruction program with one missing wait to at most 5 instructions that still show the hazard', () => {
    const program = missingWaitProgram(2000);
    const result = minimizeProgram(program, { kind: 'RAW', register: 'R1' }, effort);
    expect(result.instructionsBefore).toBe(2000);
    expect(result.instructionsAfter).toBeLessThanOrEqual(5);
    const exhaustive = exploreExhaustive(result.program, { maxStates: 100_000 });
    expect(exhaustive.complete).toBe(true);
    expect(exhaustive.hazards.some(({ hazard }) => hazard.kind === 'RAW' && hazard.register === 'R1')).toBe(true);
  });
});
