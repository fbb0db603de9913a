import { randomInt } from 'node:crypto';

/**
 * The environment variable that fixes the seed of every run given none. `npm test` sets it (to
 * `DEFAULT_TEST_SEED` unless it is set already), so a test run cannot differ from the last one by
 * chance; `npm run soak` sets a fresh one per round. Users may set it to make a CI job repeatable.
 */
export const SEED_VARIABLE = 'HAZARDPROOF_SEED';

/** Largest seed every command accepts (`--seed`). */
export const MAX_SEED = 2 ** 32 - 1;

/**
 * The seed `HAZARDPROOF_SEED` fixes, or undefined when it is unset or empty. A value that is not a
 * whole number from 0 to 2^32 - 1 is a `RangeError` naming the variable: a mistyped seed silently
 * replaced by a random one would make a "replayed" run a different run.
 */
export function seedFromEnvironment(environment: NodeJS.ProcessEnv = process.env): number | undefined {
  const text = environment[SEED_VARIABLE];
  if (text === undefined || text === '') return undefined;
  const seed = /^(0|[1-9][0-9]*)$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(seed) || seed > MAX_SEED) throw new RangeError(`${SEED_VARIABLE} must be a whole number from 0 to ${MAX_SEED}, got '${text}'`);
  return seed;
}

/** The seed of a run given none: `HAZARDPROOF_SEED` when set, otherwise a fresh random one (printed by every command, so it can be replayed). */
export function defaultSeed(): number {
  return seedFromEnvironment() ?? randomInt(0, 2 ** 31);
}
