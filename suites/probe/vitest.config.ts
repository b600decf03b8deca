import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'probe',
    include: ['test/**/*.test.ts'],
    // each test starts real servers and runs the probe over HTTP at a high --rps
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
