import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'example-next',
    include: ['test/**/*.test.ts'],
    // `next build` (about a minute) once per run, before any test starts the service
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 180_000,
    // requests to the started service: ../../test-waits.ts
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
  },
});
