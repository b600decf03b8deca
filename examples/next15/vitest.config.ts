import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-next15',
    include: ['test/**/*.test.ts'],
    // `next build` (about a minute) once per run, before any test starts the service
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 180_000,
  },
});
