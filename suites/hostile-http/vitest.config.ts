import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'hostile-http',
    include: ['test/**/*.test.ts'],
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    hookTimeout: PROCESS_TEST_TIMEOUT_MS,
    // the Next and Nitro reference services are `next build` (about a minute) and `nitro build`
    // once per run, before any test starts them
    globalSetup: ['../../examples/next/test/global-setup.ts', '../../examples/nitro/test/global-setup.ts'],
  },
});
