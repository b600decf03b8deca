// How long the tests wait on another process (a ready line, a log line, a port, a span another
// process records, a child that must exit), in one place. Sized for a busy two-core CI machine,
// where a `node` start-up alone can take seconds: the bounds are upper bounds, and every wait ends
// as soon as its condition holds, so a quiet machine runs no slower. Imported by each project's
// vitest.config.ts and by the tests that wait (relative import, as tsup.base.ts is).

/**
 * The longest a single wait on another process may take before the test fails, saying what it
 * waited for. 30 s ran out once under two CPU hogs and seven other workloads on two cores (the
 * Nest demo's ready line, suites/first-hour): 60 s.
 */
export const PROCESS_WAIT_MS = 60_000;

/** A test or hook that waits on another process: room for one full wait and the work around it. */
export const PROCESS_TEST_TIMEOUT_MS = 2 * PROCESS_WAIT_MS;

/**
 * A test whose work is all in its own process (a property test's thousand runs, an app driven in
 * memory, a typecheck): vitest's 5 s default ran out under two CPU hogs (the client's property
 * test took 5.4 s on a fresh clone). An upper bound, like the others: a quiet machine is not slowed.
 */
export const BUSY_TEST_TIMEOUT_MS = 30_000;

/** How often a poll asks again: often enough not to slow a quiet machine, rarely enough not to load a busy one. */
export const POLL_INTERVAL_MS = 50;
