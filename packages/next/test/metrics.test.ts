// Issue 51: `error_contract.responses` from every entry of @error-contract/next: a route handler's
// failure, the proxy's refusal before routing, a Pages API route's failure, each one point with the
// contract's code, the status and the method, the same as any other adapter gives for the same
// failure. `http.route` is absent on Next: a route handler gets the request and `{ params }`, a
// Pages API route Node's request, the proxy runs before routing; Next keeps the route's pattern to
// itself (its work store). A real OpenTelemetry metrics SDK is registered in this file's worker.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics } from '@opentelemetry/api';
import { AggregationTemporality, type DataPoint, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '@error-contract/core';
import { errorContract } from '../src/index.js';

class DeltaReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.DELTA });
  }
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const reader = new DeltaReader();

/** The points of `error_contract.responses` counted since the last call. */
async function counted(): Promise<{ attributes: Record<string, unknown>; value: number }[]> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((found) => found.descriptor.name === 'error_contract.responses');
  return ((metric?.dataPoints ?? []) as DataPoint<number>[]).filter((point) => point.value > 0).map((point) => ({ attributes: { ...point.attributes }, value: point.value }));
}

// made before the MeterProvider is registered: it counts from the registration on
const errors = errorContract({ accept: 'strict', onError: () => {} });
const context = { params: Promise.resolve({}) };
const request = (path: string, method = 'GET', accept = 'application/json') => new NextRequest(`http://127.0.0.1:3000${path}`, { method, headers: { accept } });

beforeAll(() => metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] })));
afterAll(() => metrics.disable());

describe('error_contract.responses from @error-contract/next', () => {
  it('route handlers: a bug (500), a thrown contract error (409), a method the module lacks (405); a success counts nothing', async () => {
    const module = errors.route({
      GET: () => Response.json([]),
      POST: () => {
        throw new Error('connection to db-7 failed');
      },
      PUT: () => {
        throw conflict('Widget 7 changed.');
      },
    });
    await counted();
    expect((await module.GET(request('/api/widgets'), context)).status).toBe(200);
    expect(await counted()).toEqual([]);
    expect((await module.POST(request('/api/widgets', 'POST'), context)).status).toBe(500);
    expect((await module.PUT(request('/api/widgets/7', 'PUT'), context)).status).toBe(409);
    expect((await errors.route({ POST: () => Response.json({}) }).GET(request('/api/jobs'), context)).status).toBe(405);
    expect((await errors.notFoundRoute.DELETE(request('/api/nothing/here', 'DELETE'), context)).status).toBe(404);
    expect(await counted()).toEqual([
      { attributes: { 'error.type': 'internal_server_error', 'http.response.status_code': 500, 'http.request.method': 'POST' }, value: 1 },
      { attributes: { 'error.type': 'conflict', 'http.response.status_code': 409, 'http.request.method': 'PUT' }, value: 1 },
      { attributes: { 'error.type': 'method_not_allowed', 'http.response.status_code': 405, 'http.request.method': 'GET' }, value: 1 },
      { attributes: { 'error.type': 'not_found', 'http.response.status_code': 404, 'http.request.method': 'DELETE' }, value: 1 },
    ]);
  });

  it('the proxy: a refusal before routing (406) and what the app proxy throws, one point each, no route', async () => {
    const proxy = errors.proxy((req) => {
      if (req.headers.get('authorization') === null) throw conflict('No.');
    });
    await counted();
    expect((await proxy(request('/api/x', 'GET', 'text/csv'), {} as never))?.status).toBe(406);
    expect((await proxy(request('/api/x'), {} as never))?.status).toBe(409);
    expect(await counted()).toEqual([
      { attributes: { 'error.type': 'not_acceptable', 'http.response.status_code': 406, 'http.request.method': 'GET' }, value: 1 },
      { attributes: { 'error.type': 'conflict', 'http.response.status_code': 409, 'http.request.method': 'GET' }, value: 1 },
    ]);
  });

  it('a Pages API route: a bug (500) and an undeclared method (405) over real HTTP', async () => {
    const route = errors.apiRoute({
      GET: () => {
        throw new Error('connection to db-7 failed');
      },
    });
    const server = createServer((req, res) => void route(req as never, res as never));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await counted();
      expect((await fetch(`${base}/api/widgets?token=secret`, { headers: { accept: 'application/json' } })).status).toBe(500);
      expect((await fetch(`${base}/api/widgets`, { method: 'PATCH', headers: { accept: 'application/json' } })).status).toBe(405);
      const points = await counted();
      expect(points).toEqual([
        { attributes: { 'error.type': 'internal_server_error', 'http.response.status_code': 500, 'http.request.method': 'GET' }, value: 1 },
        { attributes: { 'error.type': 'method_not_allowed', 'http.response.status_code': 405, 'http.request.method': 'PATCH' }, value: 1 },
      ]);
      expect(JSON.stringify(points)).not.toContain('/api/widgets');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
