import { describe, expect, it } from 'vitest';
import { searchForFindings, type SearchMachine } from '../../explore/search.js';
import { RecordedStop } from '../../impl/budget.js';
import { checkProgram, DEFAULT_CHECK_OPTIONS } from '../../impl/check.js';
import { hp, PIPES } from '../helpers.js';

/** A machine whose exhaustive search needs `states` expansions and whose random runs find `found(seed)`. */
function machine(states: number, found: (seed: number) => string[] = () => []): SearchMachine<string, string> {
  return {
    exhaustive: (_onProgress, shouldStop) => {
      for (let expanded = 0; expanded < states; expanded++) {
        if (shouldStop() !== null) return { complete: false, states: expanded, transitions: expanded, found: [] };
      }
      return { complete: states <= 100, states: Math.min(states, 101), transitions: states, found: [] };
    },
    randomRun: (seed) => found(seed).map((finding) => ({ finding, schedule: [`run ${seed}`], seed })),
    findingKey: (finding) => finding,
    noun: 'finding(s)', covers: 'schedule', ruledOut: 'none is wrong', randomSchedules: 'test delays', nothingFound: 'nothing',
  };
}

/** A stop predicate that says stop after `calls` questions. */
function after(calls: number): () => string | null {
  let asked = 0;
  return () => (++asked > calls ? 'time budget of 5 ms reached (--timeout)' : null);
}

const options = { mode: 'auto' as const, seed: 10, runs: 50, maxStates: 100 };

describe('searchForFindings with a time budget (shouldStop)', () => {
  it('without a budget it is the plain search: complete exhaustive search proves', () => {
    expect(searchForFindings(machine(20), options).verdict).toBe('proved-safe');
  });

  it('a budget spent during exhaustive search gives unknown with the reason and the states covered', () => {
    const result = searchForFindings(machine(1000), { ...options, shouldStop: after(30) });
    expect(result).toMatchObject({ verdict: 'unknown', statesExplored: 30, exhaustiveComplete: false, schedulesExplored: 0 });
    expect(result.reason).toBe('time budget of 5 ms reached (--timeout) after exhaustive search of 30 states; nothing found so far');
  });

  it('a budget spent during the random schedules gives unknown with how many ran (never no-hazard-found)', () => {
    const result = searchForFindings(machine(1000), { ...options, mode: 'random' as const, shouldStop: after(7) });
    expect(result).toMatchObject({ verdict: 'unknown', schedulesExplored: 7 });
    expect(result.reason).toBe('time budget of 5 ms reached (--timeout) after 7 of 50 random schedules (test delays, seeds 10..16); nothing found so far');
  });

  it('what was found before the budget ran out is still a hazard, each finding with its schedule', () => {
    const result = searchForFindings(machine(1000, (seed) => (seed === 12 ? ['RAW on R1'] : [])), { ...options, mode: 'random' as const, shouldStop: after(5) });
    expect(result.verdict).toBe('hazard');
    expect(result.found).toEqual([{ finding: 'RAW on R1', schedule: ['run 12'], seed: 12 }]);
    expect(result.reason).toMatch(/^1 distinct finding\(s\) found in 5 of 50 random schedules .* before the search stopped \(time budget of 5 ms reached \(--timeout\)\)/);
  });

  it('the state budget alone is not the time budget: auto mode still falls back to random schedules', () => {
    const result = searchForFindings(machine(1000), { ...options, shouldStop: () => null });
    expect(result.verdict).toBe('no-hazard-found');
  });

  it('RecordedStop keeps the first reason it was given', () => {
    const reasons = ['first', 'second'];
    const stop = new RecordedStop(() => reasons.shift() ?? null);
    expect(stop.reason).toBeNull();
    expect(stop.ask()).toBe('first');
    expect(stop.ask()).toBe('first');
    expect(stop.reason).toBe('first');
  });
});

describe('checkProgram with a budget', () => {
  it('stops at once when the budget is already spent, and says so', () => {
    const program = hp(`${PIPES}.warps 4\n[B------:R-:W0:-:S01] TEX R0 <- R10\n[B0-----:R-:W-:-:S01] FMUL R1 <- R0, R0\n`);
    const result = checkProgram(program, { ...DEFAULT_CHECK_OPTIONS, seed: 1, shouldStop: () => 'time budget of 1 ms reached (--timeout)' });
    expect(result.verdict).toBe('unknown');
    expect(result.reason).toMatch(/^time budget of 1 ms reached \(--timeout\) after exhaustive search of 1 states/);
  });
});
