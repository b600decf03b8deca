import { defineProject } from 'vitest/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-waits.js';

export default defineProject({
  test: {
    name: 'library-errors',
    include: ['test/**/*.test.ts'],
    // PGlite starts a WASM Postgres per file, and test/real-postgres.test.ts a PostgreSQL cluster
    // (initdb, start, stop, start); waits on other processes (start-ups, ready and log lines) are
    // bounded by ../../test-waits.ts, sized for a busy two-core machine
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    hookTimeout: PROCESS_TEST_TIMEOUT_MS,
  },
});
