// The testing kit's runConformance and describeConformance against the reference services, as a
// user's own tests would call them (the package's public entries).
import { type ConformanceRoutes, runConformance } from '@error-contract/testing';
import { describeConformance } from '@error-contract/testing/vitest';
import { startService as startHono } from '@error-contract/example-hono/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_SERVICES, type Running, startReference, WRITER } from './kit/reference-services.js';

const routesUnder = (prefix: string): ConformanceRoutes => ({
  existing: `${prefix}/widgets`,
  wrongMethod: { path: `${prefix}/widgets`, method: 'put', allow: 'GET, HEAD, POST' },
  protected: { path: `${prefix}/widgets`, headers: WRITER },
  jsonBody: { path: `${prefix}/widgets`, method: 'post' },
  strictAccept: true,
});

describe.each(REFERENCE_SERVICES)('runConformance against the %s reference service', (_name, start) => {
  let server: Running;
  beforeAll(async () => {
    server = await startReference(start);
  });
  afterAll(() => server.close());

  it.each(['/api/client/v1', '/api/client/v2'])('every case under %s passes', async (prefix) => {
    const results = await runConformance({ baseUrl: server.url }, routesUnder(prefix));
    expect(results.filter((result) => !result.passed).map((result) => [result.case.name, result.problems])).toEqual([]);
    expect(results).toHaveLength(8);
    const shape = prefix.endsWith('v1') ? 'compact' : 'detailed';
    expect(results.filter((result) => result.case.id !== 'existing').every((result) => result.shape === shape)).toBe(true);
  });

  it('a base URL with a path: the routes are below it', async () => {
    const results = await runConformance({ baseUrl: `${server.url}/api/client/v2/` }, routesUnder(''));
    expect(results.every((result) => result.passed)).toBe(true);
  });
});

// describeConformance declares its tests at collection: this call is itself the test of it.
const prefix = '/api/client/v2';
describeConformance('describeConformance: the Hono reference service, started by the suite', {
  start: () => startReference(startHono),
  routes: {
    existing: `${prefix}/widgets`,
    wrongMethod: { path: `${prefix}/widgets`, method: 'DELETE', allow: 'GET, HEAD, POST' },
    protected: { path: `${prefix}/widgets`, headers: WRITER },
    jsonBody: { path: `${prefix}/widgets`, method: 'POST' },
    strictAccept: true,
  },
});
