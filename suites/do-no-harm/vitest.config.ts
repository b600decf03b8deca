import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'do-no-harm',
    include: ['test/**/*.test.ts'],
    // the Next fixture (next-app/) is `next build` (about a minute) once per run, before its tests start it
    globalSetup: ['test/next-global-setup.ts'],
    testTimeout: 10_000,
    hookTimeout: 10_000,
  },
});
