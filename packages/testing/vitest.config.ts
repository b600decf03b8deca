import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testing',
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
    // the probe tests start the reference services, and one runs the built CLI as a child process
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
