import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'example-elysia',
    include: ['test/**/*.test.ts'],
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    hookTimeout: PROCESS_TEST_TIMEOUT_MS,
  },
});
