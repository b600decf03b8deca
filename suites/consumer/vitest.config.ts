import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'consumer',
    include: ['test/**/*.test.ts'],
    // packing nine packages and one npm install of the frameworks, then two tsc runs
    hookTimeout: 300_000,
    testTimeout: 30_000,
  },
});
