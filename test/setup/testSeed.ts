/**
 * The one seed of a test run. `npm test` must not fail by chance: every property and every
 * command that draws a default seed uses this one (fast-check's own repository pins its
 * DEFAULT_SEED in CI the same way). Fresh seeds are for `npm run soak` and `npm run fuzz`.
 */
import { SEED_VARIABLE, seedFromEnvironment } from '../../format/defaultSeed.js';

/** The seed of `npm test` when `HAZARDPROOF_SEED` is not set. */
export const DEFAULT_TEST_SEED = 20261127;

/** The seed of this test run: `HAZARDPROOF_SEED`, or `DEFAULT_TEST_SEED`. */
export function testSeed(): number {
  return seedFromEnvironment() ?? DEFAULT_TEST_SEED;
}

/** Puts the run's seed in the environment, where every command, child process and worker reads it. */
export function pinTestSeed(): number {
  const seed = testSeed();
  process.env[SEED_VARIABLE] = String(seed);
  return seed;
}
