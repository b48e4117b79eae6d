import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Whole builds and browsers share two cores; running files two at a time keeps timings sane.
    maxWorkers: 2,
  },
});
