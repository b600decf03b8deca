import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'library-errors',
    include: ['test/**/*.test.ts'],
    // PGlite starts a WASM Postgres per file, and test/real-postgres.test.ts a PostgreSQL cluster
    // (initdb, start, stop, start): give them room on a two-core machine
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
