/**
 * vitest's global setup: fixes the run's seed before any worker starts (they inherit the
 * environment) and prints it once, with how to replay the run.
 */
import { SEED_VARIABLE } from '../../format/defaultSeed.js';
import { pinTestSeed } from './testSeed.js';

/** Runs once per `vitest run`, in the main process. */
export default function setup(): void {
  const seed = pinTestSeed();
  console.log(`hazardproof tests: seed ${seed} (every property and every default seed; replay: ${SEED_VARIABLE}=${seed} npm test; fresh seeds: npm run soak)`);
}
