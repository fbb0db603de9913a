import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'properties/**/*.test.ts'],
    // A user's project that test/package/tarball.test.ts installs the packed package into and runs.
    exclude: [...configDefaults.exclude, 'test/package/user-suite/**'],
    testTimeout: 60_000,
    // One seed for the whole run, printed at the start (test/setup/): a CI run cannot fail by chance.
    globalSetup: ['test/setup/printSeed.ts'],
    setupFiles: ['test/setup/fastCheckSeed.ts'],
    // vitest's default leaves a core idle (one worker on CI's 2 cores): the suite is CPU-bound
    // test files, so one worker per core ran it in 162 s instead of 269 s there.
    maxWorkers: availableParallelism(),
  },
});
