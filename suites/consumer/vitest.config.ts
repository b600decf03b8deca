import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'consumer',
    include: ['test/**/*.test.ts'],
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    // packing nine packages and one npm install of the frameworks, then two tsc runs
    hookTimeout: 300_000,
  },
});
