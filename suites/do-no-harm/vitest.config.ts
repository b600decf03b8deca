import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'do-no-harm',
    include: ['test/**/*.test.ts'],
    testTimeout: 10_000,
    hookTimeout: 10_000,
  },
});
