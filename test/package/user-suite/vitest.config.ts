import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['hazardproof/vitest/setup'],
  },
});
