/**
 * `hazardproof/vitest/setup`: add it to `setupFiles` and every test file has the hazard matchers;
 * Z3's threads are stopped after each file so that the run exits.
 * @packageDocumentation
 */
import { afterAll, expect } from 'vitest';
import { stopSolver } from '../prove.js';
import { hazardMatchers } from './matchers.js';

expect.extend(hazardMatchers);
afterAll(async () => {
  await stopSolver();
});
