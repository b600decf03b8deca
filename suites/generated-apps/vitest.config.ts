import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'generated-apps',
    include: ['test/**/*.test.ts'],
    // Each app's own test run starts Node's test runner, which starts one process per test file.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
