import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'hostile-http',
    include: ['test/**/*.test.ts'],
    // the Next reference service is `next build` (about a minute) once per run, before any test starts it
    globalSetup: ['../../examples/next/test/global-setup.ts'],
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
});
