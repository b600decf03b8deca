// Issue 51: the counter of answered failures, `error_contract.responses`. A real OpenTelemetry
// metrics SDK is registered in this file only (vitest runs each file in its own worker); core
// reads it through the API's global registration, without importing @opentelemetry/api.
import { metrics } from '@opentelemetry/api';
import { AggregationTemporality, type DataPoint, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { afterEach, describe, expect, it } from 'vitest';
import { createErrorContract, type ErrorMapper, conflict, notFound } from '../../src/index.js';
import { routeMiss } from '../../src/adapter.js';
import { jwtErrors } from '../../src/presets/index.js';
import { request } from '../helpers.js';

/** A reader collected on demand, each collection holding what was counted since the last one. */
class DeltaReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.DELTA });
  }
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

type Point = { attributes: Record<string, unknown>; value: number };

/** The points of `error_contract.responses` counted since the last call, with the metric's unit and description. */
async function collected(reader: DeltaReader): Promise<{ points: Point[]; unit?: string; description?: string }> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((found) => found.descriptor.name === 'error_contract.responses');
  if (metric === undefined) return { points: [] };
  const points = (metric.dataPoints as DataPoint<number>[]).map((point) => ({ attributes: { ...point.attributes }, value: point.value })).filter((point) => point.value > 0);
  return { points, unit: metric.descriptor.unit, description: metric.descriptor.description };
}

function registered(): DeltaReader {
  const reader = new DeltaReader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  return reader;
}

afterEach(() => metrics.disable());

describe('error_contract.responses', () => {
  it('without a MeterProvider nothing is counted and nothing throws', () => {
    const contract = createErrorContract({ onError: () => {} });
    expect(contract.respond(new Error('db down'), request()).status).toBe(500);
  });

  it('a MeterProvider registered after the contract was made counts the failures from then on', async () => {
    const contract = createErrorContract({ onError: () => {} });
    contract.respond(new Error('before'), request());
    const reader = registered();
    contract.respond(new Error('after'), request({ route: '/widgets/:id' }));
    const { points, unit, description } = await collected(reader);
    expect(unit).toBe('{response}');
    expect(description).toMatch(/Failures answered by the error contract/);
    expect(points).toEqual([
      {
        attributes: { 'error.type': 'internal_server_error', 'http.response.status_code': 500, 'http.request.method': 'GET', 'http.route': '/widgets/:id' },
        value: 1,
      },
    ]);
  });

  it('a second MeterProvider takes over from the first, and none after metrics.disable()', async () => {
    const contract = createErrorContract({ onError: () => {} });
    const first = registered();
    contract.respond(notFound(), request({ route: '/widgets/:id' }));
    expect((await collected(first)).points).toHaveLength(1);
    metrics.disable();
    const second = registered();
    contract.respond(notFound(), request({ route: '/widgets/:id' }));
    contract.respond(notFound(), request({ route: '/widgets/:id' }));
    expect((await collected(first)).points).toEqual([]);
    expect((await collected(second)).points.map((point) => point.value)).toEqual([2]);
    metrics.disable();
    contract.respond(notFound(), request());
    expect((await collected(second)).points).toEqual([]);
  });

  it('the code, the integer status, the method and the route template; no route for a route miss; an unknown method is _OTHER', async () => {
    const reader = registered();
    const contract = createErrorContract({ onError: () => {} });
    contract.respond(conflict('Taken.'), request({ method: 'POST', route: '/widgets' }));
    contract.respond(routeMiss('DELETE', ['GET', 'POST']), request({ method: 'DELETE', path: '/widgets' }));
    contract.respond(new Error('x'), request({ method: 'BREW', path: '/pot?q=secret' }));
    const { points } = await collected(reader);
    expect(points).toEqual([
      { attributes: { 'error.type': 'conflict', 'http.response.status_code': 409, 'http.request.method': 'POST', 'http.route': '/widgets' }, value: 1 },
      { attributes: { 'error.type': 'method_not_allowed', 'http.response.status_code': 405, 'http.request.method': 'DELETE' }, value: 1 },
      { attributes: { 'error.type': 'internal_server_error', 'http.response.status_code': 500, 'http.request.method': '_OTHER' }, value: 1 },
    ]);
    expect(JSON.stringify(points)).not.toContain('secret');
  });

  it('the checks before routing count without a route, even when the adapter passed one', async () => {
    const reader = registered();
    const contract = createErrorContract({ accept: 'json', onError: () => {} });
    expect(contract.checkRequest(request({ headers: { accept: 'text/csv' }, route: '/widgets/:id' }))?.status).toBe(406);
    const { points } = await collected(reader);
    expect(points).toEqual([{ attributes: { 'error.type': 'not_acceptable', 'http.response.status_code': 406, 'http.request.method': 'GET' }, value: 1 }]);
  });

  it('10,000 distinct unknown paths are all counted, in one series', async () => {
    const reader = registered();
    const contract = createErrorContract({ onError: () => {} });
    for (let index = 0; index < 10_000; index++) contract.respond(notFound(), request({ path: `/unknown/${index}?token=${index}` }));
    const { points } = await collected(reader);
    expect(points).toEqual([{ attributes: { 'error.type': 'not_found', 'http.response.status_code': 404, 'http.request.method': 'GET' }, value: 10_000 }]);
  });

  it("a mapped failure counts under the mapped code, with the preset's name or the app mapper's function name", async () => {
    const reader = registered();
    const duplicateName: ErrorMapper = (error) => ((error as Error).message === 'duplicate' ? conflict('A widget with this name already exists.') : undefined);
    const contract = createErrorContract({ map: [duplicateName, jwtErrors()], onError: () => {} });
    contract.respond(new Error('duplicate'), request({ method: 'POST', route: '/widgets' }));
    const expired = Object.assign(new Error('jwt expired'), { name: 'TokenExpiredError', expiredAt: new Date(0) });
    contract.respond(expired, request({ route: '/widgets/:id' }));
    contract.respond(new Error('not mapped'), request({ route: '/widgets/:id' }));
    const { points } = await collected(reader);
    expect(points).toEqual([
      {
        attributes: { 'error.type': 'conflict', 'http.response.status_code': 409, 'http.request.method': 'POST', 'http.route': '/widgets', 'error_contract.mapper': 'duplicateName' },
        value: 1,
      },
      {
        attributes: { 'error.type': 'unauthorized', 'http.response.status_code': 401, 'http.request.method': 'GET', 'http.route': '/widgets/:id', 'error_contract.mapper': 'jwtErrors' },
        value: 1,
      },
      { attributes: { 'error.type': 'internal_server_error', 'http.response.status_code': 500, 'http.request.method': 'GET', 'http.route': '/widgets/:id' }, value: 1 },
    ]);
  });

  it('a meter that throws costs nothing of the answer', () => {
    metrics.setGlobalMeterProvider({
      getMeter: () => {
        throw new Error('broken meter');
      },
    });
    const contract = createErrorContract({ onError: () => {} });
    expect(contract.respond(conflict('Taken.'), request()).status).toBe(409);
  });
});

describe('checkDeclaredCodes: a code the matched route does not declare', () => {
  const declared = (codes: readonly string[]) => ({ ...request({ path: '/widgets/7' }), route: '/widgets/:id', declaredCodes: codes });

  it('is told once per route and code, and counted with error_contract.undeclared', async () => {
    const reader = registered();
    const warnings: unknown[][] = [];
    const contract = createErrorContract({ checkDeclaredCodes: true, logger: { error: () => {}, warn: (...args: unknown[]) => warnings.push(args) } });
    const first = contract.respond(conflict('Widget 7 is locked.'), declared(['not_found']));
    contract.respond(conflict('Widget 7 is locked.'), declared(['not_found']));
    // what goes out is not changed by it
    expect(first.status).toBe(409);
    expect(JSON.parse(first.body!)).toMatchObject({ code: 'conflict', detail: 'Widget 7 is locked.' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toBe("error-contract: GET /widgets/:id answered 409 conflict, which the route does not declare (it declares: not_found). Add it to the route's declaration, or stop answering it.");
    const { points } = await collected(reader);
    expect(points).toEqual([expect.objectContaining({ attributes: expect.objectContaining({ 'error.type': 'conflict', 'error_contract.undeclared': true }), value: 2 })]);
  });

  it('a declared code, one the contract answers on any route (401, 500), or a route without a declaration: nothing said', async () => {
    const reader = registered();
    const warnings: unknown[] = [];
    const contract = createErrorContract({ checkDeclaredCodes: true, logger: { error: () => {}, warn: (...args: unknown[]) => warnings.push(args) } });
    contract.respond(notFound(), declared(['not_found']));
    contract.respond(new Error('db down'), declared(['not_found']));
    contract.respond(conflict(), request());
    expect(warnings).toEqual([]);
    const { points } = await collected(reader);
    expect(points.some((point) => 'error_contract.undeclared' in point.attributes)).toBe(false);
  });

  it('without the option nothing is read: a declaration is ignored', () => {
    const warnings: unknown[] = [];
    const contract = createErrorContract({ logger: { error: () => {}, warn: (...args: unknown[]) => warnings.push(args) } });
    const like = { ...request(), get declaredCodes(): string[] {
      throw new Error('read without checkDeclaredCodes');
    } };
    expect(contract.respond(conflict(), like).status).toBe(409);
    expect(warnings).toEqual([]);
    expect(() => createErrorContract({ checkDeclaredCodes: 'yes' as never })).toThrow(/`checkDeclaredCodes` must be a boolean/);
  });
});
