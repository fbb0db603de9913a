/**
 * vitest's per-worker setup: every fast-check property runs under the run's seed unless it names
 * its own (fast-check then prints that seed and the path of a failure, as always).
 */
import fc from 'fast-check';
import { pinTestSeed } from './testSeed.js';

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: pinTestSeed() });
