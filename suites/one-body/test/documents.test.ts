// "Declared, not discovered": every reference service serves an /openapi.json in which each
// operation declares exactly what it answers, and the documents agree, whoever built them (the
// service kit's for eight, @nestjs/swagger's for Nest). A Node server that answers its parser's
// refusals in the contract lists them too (408, 417, 431); Next's, Nitro's and Bun's do not.
import { startService as startElysia } from '@error-contract/example-elysia/server';
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startFastify } from '@error-contract/example-fastify/server';
import { startService as startH3 } from '@error-contract/example-h3/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';
import { startOnExpress as startNestExpress, startOnFastify as startNestFastify } from '@error-contract/example-nest/server';
import { startService as startNext } from '@error-contract/example-next/server';
import { startService as startNitro } from '@error-contract/example-nitro/server';
import type { RunningServer } from '@error-contract/service-kit';
import { declaredErrorCodes } from '@error-contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVICES = [
  ['express', startExpress, 'node'],
  ['koa', startKoa, 'node'],
  ['hono', startHono, 'node'],
  ['fastify', startFastify, 'node'],
  ['nest-express', startNestExpress, 'node'],
  ['nest-fastify', startNestFastify, 'node'],
  ['h3', startH3, 'node'],
  ['elysia', startElysia, 'other'],
  ['next', startNext, 'other'],
  ['nitro', startNitro, 'other'],
] as const;

const ALL = { '400': ['bad_request'], '401': ['unauthorized'], '406': ['not_acceptable'], '429': ['too_many_requests'], '500': ['internal_server_error'] };
const BODY = { '400': ['bad_request', 'validation_failed'], '413': ['payload_too_large'], '415': ['unsupported_media_type'] };
const NODE_REFUSALS = { '408': ['request_timeout'], '417': ['expectation_failed'], '431': ['request_header_fields_too_large'] };

/** What each operation answers, the table: the same under both prefixes. */
const EXPECTED: Record<string, Record<string, string[]>> = {
  'GET /widgets': ALL,
  'POST /widgets': { ...ALL, ...BODY, '403': ['forbidden'] },
  'GET /widgets/{id}': { ...ALL, '404': ['not_found'] },
  'DELETE /widgets/{id}': { ...ALL, '403': ['forbidden'], '404': ['not_found'] },
};

describe('declared errors: every reference service documents the same codes per operation', () => {
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    for (const [, start] of SERVICES) servers.push(await start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} }));
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it.each(SERVICES.map(([name, , server], index) => [name, server, index] as const))('%s', async (_name, server, index) => {
    const response = await fetch(`${servers[index]!.url}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown>; 'x-unmatched-responses'?: Record<string, unknown> };
    for (const prefix of ['/api/client/v1', '/api/client/v2']) {
      for (const [operation, expected] of Object.entries(EXPECTED)) {
        const [method, path] = operation.split(' ') as [string, string];
        const want = server === 'node' ? { ...expected, ...NODE_REFUSALS } : expected;
        const got = declaredErrorCodes(document, method, `${prefix}${path}`);
        // the same codes, status by status, each status's schema pinning `code` (none left open)
        expect(Object.fromEntries(Object.entries(got).map(([status, codes]) => [status, codes === undefined ? 'any code' : [...codes].sort()])), `${operation} under ${prefix}`).toEqual(
          Object.fromEntries(Object.entries(want).map(([status, codes]) => [status, [...codes].sort()])),
        );
      }
    }
    // 404 and 405 belong to requests that match no operation: the document states them once
    expect(Object.keys(document['x-unmatched-responses'] ?? {})).toEqual(['404', '405']);
  });
});
