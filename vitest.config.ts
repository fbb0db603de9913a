import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'properties/**/*.test.ts'],
    // A user's project that test/package/tarball.test.ts installs the packed package into and runs.
    exclude: [...configDefaults.exclude, 'test/package/user-suite/**'],
    testTimeout: 60_000,
  },
});
