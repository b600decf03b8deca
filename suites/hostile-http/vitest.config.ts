import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'hostile-http',
    include: ['test/**/*.test.ts'],
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
});
