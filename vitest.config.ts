import { defineConfig } from 'vitest/config';

/**
 * The two runs `pnpm test` makes side by side (scripts/run-tests.mjs), chosen by TEST_GROUP:
 * the packages' own tests, which work in their own process (CPU-bound, measured by coverage),
 * and the examples, suites and site tests, which start servers, builds and browsers and mostly
 * wait on them. Without TEST_GROUP, one run over every project (an editor's, `vitest` by hand).
 */
export const TEST_GROUPS = {
  'in-process': ['packages/*/vitest.config.ts'],
  processes: ['examples/*/vitest.config.ts', 'suites/*/vitest.config.ts', 'docs/vitest.config.ts'],
} as const;

const group = process.env.TEST_GROUP as keyof typeof TEST_GROUPS | undefined;
if (group !== undefined && !(group in TEST_GROUPS)) throw new Error(`TEST_GROUP=${group}: expected one of ${Object.keys(TEST_GROUPS).join(', ')}`);

export default defineConfig({
  test: {
    projects: group === undefined ? Object.values(TEST_GROUPS).flat() : [...TEST_GROUPS[group]],
    coverage: {
      provider: 'v8',
      // the examples and suites load the packages' builds, never their sources: only the
      // packages' own tests measure these lines
      include: ['packages/*/src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 95 },
    },
  },
});
