import { defineConfig } from 'vitest/config';

// One run over every package's tests, so that one totals line counts them all.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts', 'suites/*/vitest.config.ts', 'docs/vitest.config.ts'],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 95 },
    },
  },
});
