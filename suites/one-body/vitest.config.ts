import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'one-body',
    include: ['test/**/*.test.ts'],
    // the Next reference service is `next build` (about a minute) once per run, before any test starts it
    globalSetup: ['../../examples/next/test/global-setup.ts'],
    // seven services started one after another, Next's as a `next start` process of its own
    hookTimeout: 60_000,
  },
});
