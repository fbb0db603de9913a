import { describe, expect, it } from 'vitest';
import { defaultSeed, MAX_SEED, SEED_VARIABLE, seedFromEnvironment } from '../../format/defaultSeed.js';
import { cli } from '../cli/run.js';
import { testSeed } from '../setup/testSeed.js';

describe('HAZARDPROOF_SEED: the seed of every run given none', () => {
  it('is read as a whole number from 0 to 2^32 - 1; unset or empty means none', () => {
    expect(seedFromEnvironment({})).toBeUndefined();
    expect(seedFromEnvironment({ [SEED_VARIABLE]: '' })).toBeUndefined();
    expect(seedFromEnvironment({ [SEED_VARIABLE]: '0' })).toBe(0);
    expect(seedFromEnvironment({ [SEED_VARIABLE]: String(MAX_SEED) })).toBe(MAX_SEED);
    for (const wrong of ['abc', '-1', '1.5', '0x10', '007', String(MAX_SEED + 1)]) {
      expect(() => seedFromEnvironment({ [SEED_VARIABLE]: wrong })).toThrow(new RangeError(`HAZARDPROOF_SEED must be a whole number from 0 to ${MAX_SEED}, got '${wrong}'`));
    }
  });

  it('is set for the whole test run (the setup pins it), so every default seed is the run\'s seed', () => {
    expect(process.env[SEED_VARIABLE]).toBe(String(testSeed()));
    expect(defaultSeed()).toBe(testSeed());
  });

  it('a command run with a mistyped HAZARDPROOF_SEED is a usage error (exit 2), not a run under a random seed', async () => {
    const kept = process.env[SEED_VARIABLE];
    process.env[SEED_VARIABLE] = '12x';
    try {
      const { code, stdout, stderr } = await cli('check', 'examples/war-missing-wait.hp');
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(`hazardproof: HAZARDPROOF_SEED must be a whole number from 0 to ${MAX_SEED}, got '12x'`);
    } finally {
      process.env[SEED_VARIABLE] = kept;
    }
  });

  it('a command given no --seed runs under it, and says so in its replay line', async () => {
    const { stdout } = await cli('check', '--mode', 'random', '--runs', '5', 'examples/war-missing-wait.hp');
    expect(stdout).toContain(`seed ${testSeed()} (same run: hazardproof check examples/war-missing-wait.hp --seed ${testSeed()})`);
  });
});
