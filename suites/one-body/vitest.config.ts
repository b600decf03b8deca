import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'one-body',
    include: ['test/**/*.test.ts'],
    // waits on other processes (start-ups, ready and log lines) are bounded by ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    // seven services started one after another, Next's as a `next start` process of its own
    hookTimeout: 2 * PROCESS_TEST_TIMEOUT_MS,
    // the Next and Nitro reference services are `next build` (about a minute) and `nitro build`
    // once per run, before any test starts them
    globalSetup: ['../../examples/next/test/global-setup.ts', '../../examples/nitro/test/global-setup.ts'],
  },
});
