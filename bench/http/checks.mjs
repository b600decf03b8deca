// Every measured window is also a test: a case that answers another status than the one expected
// (or drops connections) measures the wrong thing. Failures are collected, not thrown, so that one
// run reports all of them; bench/run.mjs prints them and exits non-zero.
import { measure } from './measure.mjs';

const failures = [];

export const checkFailures = () => [...failures];

export function fail(label, message) {
  failures.push(`${label}: ${message}`);
}

/**
 * `expect` is a status or a list of statuses (a mix). Returns true when every response had an
 * expected status, there were no errors or timeouts, and all requests were answered.
 */
export function checkWindow(label, result, expect, amount) {
  const allowed = new Set([expect].flat().map(String));
  const unexpected = Object.entries(result.statuses).filter(([code]) => !allowed.has(code));
  const before = failures.length;
  if (unexpected.length > 0) fail(label, `expected ${[...allowed].join('/')}, got ${unexpected.map(([code, count]) => `${count} × ${code}`).join(', ')}`);
  if (result.errors > 0) fail(label, `${result.errors} connection errors or timeouts`);
  if (result.requests < amount) fail(label, `${result.requests} of ${amount} requests answered`);
  return failures.length === before;
}

/** measure() and checkWindow() in one call. */
export async function measureChecked(server, request, options, expect, label) {
  const result = await measure(server, request, options);
  checkWindow(label, result, expect, options.requests);
  return result;
}
