import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'example-nitro',
    include: ['test/**/*.test.ts'],
    // `nitro build` once per run, before any test starts the service
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 180_000,
  },
});
