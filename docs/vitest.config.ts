import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'docs',
    include: ['test/**/*.test.ts'],
    // building the site on a busy 2-core machine takes minutes (TypeDoc, tsc, VitePress)
    hookTimeout: 20 * 60_000,
    testTimeout: 10 * 60_000,
  },
});
