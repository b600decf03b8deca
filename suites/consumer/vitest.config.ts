import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'consumer',
    include: ['test/**/*.test.ts'],
    // the tarballs every file installs, packed once for the run into packed/
    globalSetup: ['test/global-setup.ts'],
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    // one npm install of the frameworks, then five tsc runs: on a loaded two-core machine 300 s
    // was seen to run out (issue 48)
    hookTimeout: 600_000,
  },
});
