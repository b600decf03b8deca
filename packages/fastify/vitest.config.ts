import { defineProject } from 'vitest/config';
import { BUSY_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'fastify',
    include: ['test/**/*.test.ts'],
    // in-process work sized for a busy CI machine: ../../test-waits.ts
    testTimeout: BUSY_TEST_TIMEOUT_MS,
    hookTimeout: BUSY_TEST_TIMEOUT_MS,
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
  },
});
