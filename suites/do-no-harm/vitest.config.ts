import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'do-no-harm',
    include: ['test/**/*.test.ts'],
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    hookTimeout: PROCESS_TEST_TIMEOUT_MS,
    // the Next fixture (next-app/) is `next build` (about a minute) once per run, before its tests start it
    globalSetup: ['test/next-global-setup.ts'],
  },
});
