import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared-rate-limit',
    include: ['test/**/*.test.ts'],
    // a real redis-server is started and stopped; the outage case waits for reconnections
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
