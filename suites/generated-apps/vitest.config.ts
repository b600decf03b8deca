import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'generated-apps',
    include: ['test/**/*.test.ts'],
    // Each app's own test run starts Node's test runner, which starts one process per test file.
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    hookTimeout: PROCESS_TEST_TIMEOUT_MS,
  },
});
