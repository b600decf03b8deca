// Issue 51: the same failing requests to every reference service give the same points of
// `error_contract.responses` (`http.route` aside, which each framework spells its own way); a
// success counts nothing; 10,000 distinct unknown paths stay in a handful of series. A real
// OpenTelemetry metrics SDK is registered in this file's worker, read on demand (delta: each
// collection holds what was counted since the last). Next's service runs as a `next start` process
// of its own, out of this reader's reach: its points are read from its Prometheus endpoint
// (METRICS_PORT, examples/next/instrumentation.ts), the OpenTelemetry exporter's reading of the
// same counter in that process, and compared with Express's. So are Nitro's (its built server, in
// a process of its own) and Elysia's (on Bun, in a process of its own).
import { casesFor, OTHER_PATH_CASES, PREFIXES, send } from '@error-contract/conformance';
import { startService as startElysia } from '@error-contract/example-elysia/server';
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startFastify } from '@error-contract/example-fastify/server';
import { startService as startH3 } from '@error-contract/example-h3/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';
import { startOnExpress as startNestExpress, startOnFastify as startNestFastify } from '@error-contract/example-nest/server';
import { NEXT_16 } from '@error-contract/example-next/build';
import { startNextService } from '@error-contract/example-next/server';
import { startService as startNitro } from '@error-contract/example-nitro/server';
import { POLL_INTERVAL_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import type { RunningServer, StartService } from '@error-contract/service-kit';
import { metrics } from '@opentelemetry/api';
import { AggregationTemporality, type DataPoint, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/free-port.js';

const FRAMEWORKS = [
  ['express', startExpress],
  ['koa', startKoa],
  ['hono', startHono],
  ['fastify', startFastify],
  ['nest-express', startNestExpress],
  ['nest-fastify', startNestFastify],
  ['h3', startH3],
] as const;

class DeltaReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.DELTA });
  }
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

type Point = { attributes: Record<string, string | number>; value: number };

const reader = new DeltaReader();

/** The points of `error_contract.responses` counted since the last call, in a stable order. */
async function counted(): Promise<Point[]> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((found) => found.descriptor.name === 'error_contract.responses');
  const points = ((metric?.dataPoints ?? []) as DataPoint<number>[])
    .filter((point) => point.value > 0)
    .map((point) => ({ attributes: { ...point.attributes } as Record<string, string | number>, value: point.value }));
  return points.sort((a, b) => JSON.stringify(a.attributes).localeCompare(JSON.stringify(b.attributes)));
}

/**
 * The points without `http.route`: the frameworks spell templates their own way, and know a route
 * at different moments (Hono's middleware runs once its router matched, Express's app-level
 * middleware before).
 */
function withoutRoute(points: Point[]): Point[] {
  const merged = new Map<string, Point>();
  for (const { attributes, value } of points) {
    // keys in one order, whichever reader made the point (the SDK's, or a Prometheus scrape's)
    const rest = Object.fromEntries(Object.entries(attributes).filter(([name]) => name !== 'http.route').sort(([a], [b]) => a.localeCompare(b)));
    const key = JSON.stringify(rest);
    const known = merged.get(key);
    if (known === undefined) merged.set(key, { attributes: rest, value });
    else known.value += value;
  }
  return [...merged.values()].sort((a, b) => JSON.stringify(a.attributes).localeCompare(JSON.stringify(b.attributes)));
}

// Prometheus's names for the counter's attributes (the exporter turns '.' into '_').
const PROMETHEUS_LABELS: Record<string, string> = {
  error_type: 'error.type',
  http_response_status_code: 'http.response.status_code',
  http_request_method: 'http.request.method',
  http_route: 'http.route',
  error_contract_mapper: 'error_contract.mapper',
};

/** The points of `error_contract_responses_total` in a Prometheus scrape, under the attributes' own names. */
function scraped(text: string): Point[] {
  const points: Point[] = [];
  for (const line of text.split('\n')) {
    const match = /^error_contract_responses_total\{(.*)\} (\S+)/.exec(line);
    if (match === null) continue;
    const attributes: Record<string, string | number> = {};
    for (const [, label, value] of match[1]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      const name = PROMETHEUS_LABELS[label!];
      if (name !== undefined) attributes[name] = name === 'http.response.status_code' ? Number(value) : value!;
    }
    points.push({ attributes, value: Number(match[2]) });
  }
  return points;
}

/** What was counted between two scrapes (a cumulative counter's increase per series). */
function increase(before: Point[], after: Point[]): Point[] {
  const earlier = new Map(before.map((point) => [JSON.stringify(point.attributes), point.value]));
  return after
    .map((point) => ({ attributes: point.attributes, value: point.value - (earlier.get(JSON.stringify(point.attributes)) ?? 0) }))
    .filter((point) => point.value > 0);
}

describe('error_contract.responses from every reference service (issue 51)', () => {
  const servers: RunningServer[] = [];
  const cases = [...PREFIXES.flatMap((prefix) => casesFor(prefix.path)), ...OTHER_PATH_CASES];
  const failing = cases.filter((kase) => kase.status >= 400);
  const succeeding = cases.filter((kase) => kase.status < 400);

  beforeAll(async () => {
    // registered before the services make their contracts and after: either way they count
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    for (const [, start] of FRAMEWORKS) servers.push(await start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    metrics.disable();
  });

  it('the same failing requests give the same points on every framework, http.route aside', async () => {
    expect(failing.length).toBeGreaterThan(50);
    await counted();
    const byFramework: Point[][] = [];
    for (const server of servers) {
      for (const kase of failing) await send(server.url, kase.request);
      byFramework.push(await counted());
    }
    const express = withoutRoute(byFramework[0]!);
    expect(express.reduce((sum, point) => sum + point.value, 0)).toBe(failing.length);
    // every code of the table is counted, under its status
    for (const kase of failing) expect(express.some((point) => point.attributes['error.type'] === kase.code && point.attributes['http.response.status_code'] === kase.status), `${kase.name}`).toBe(true);
    for (const [index, [name]] of FRAMEWORKS.entries()) expect(withoutRoute(byFramework[index]!), `${name} vs express`).toEqual(express);
    // a route miss and the checks before routing carry no route; a handler's failure does
    for (const points of byFramework) {
      for (const { attributes } of points) {
        if (attributes['error.type'] === 'not_found' && attributes['http.route'] === undefined) continue;
        if (['method_not_allowed', 'not_acceptable'].includes(String(attributes['error.type']))) expect(attributes['http.route'], JSON.stringify(attributes)).toBeUndefined();
      }
      expect(points.some((point) => typeof point.attributes['http.route'] === 'string' && /widgets/.test(String(point.attributes['http.route'])))).toBe(true);
    }
    // never the path called: every route recorded is a template the framework spells
    for (const points of byFramework) for (const { attributes } of points) if (attributes['http.route'] !== undefined) expect(String(attributes['http.route'])).not.toMatch(/\/(\d+|%|nothing)/);
    console.log(
      'routes per framework:\n' +
        FRAMEWORKS.map(([name], index) => `${name}: ${[...new Set(byFramework[index]!.map((point) => point.attributes['http.route']).filter((route) => route !== undefined))].join(', ')}`).join('\n'),
    );
  }, 120_000);

  /** Waits for a Prometheus endpoint in another process (it starts as that process does). */
  async function endpointReady(metricsPort: number): Promise<void> {
    for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))) {
      const ready = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((res) => res.ok, () => false);
      if (ready) return;
      if (Date.now() - started > PROCESS_WAIT_MS) throw new Error(`no Prometheus endpoint on METRICS_PORT ${metricsPort} within ${PROCESS_WAIT_MS} ms`);
    }
  }

  /**
   * A service in a process of its own, read through its Prometheus endpoint: the failing requests'
   * points (compared with Express's, read in this worker, `http.route` aside), then a success's (none).
   */
  async function pointsOverPrometheus(name: string, server: RunningServer, metricsPort: number): Promise<Point[]> {
    const scrape = async () => scraped(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    await endpointReady(metricsPort);
    const before = await scrape();
    for (const kase of failing) await send(server.url, kase.request);
    const points = increase(before, await scrape());
    await counted();
    for (const kase of failing) await send(servers[0]!.url, kase.request);
    const express = withoutRoute(await counted());
    expect(withoutRoute(points), `${name} vs express`).toEqual(express);
    // and a success counts nothing there either
    const quiet = await scrape();
    for (const kase of succeeding) expect((await send(server.url, kase.request)).status).toBeLessThan(400);
    expect(increase(quiet, await scrape())).toEqual([]);
    return points;
  }

  /** Starts a service whose process reads METRICS_PORT from the environment it inherits from this one. */
  async function startWithMetricsPort(start: StartService, metricsPort: number): Promise<RunningServer> {
    const earlier = process.env.METRICS_PORT;
    process.env.METRICS_PORT = String(metricsPort);
    try {
      return await start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} });
    } finally {
      if (earlier === undefined) delete process.env.METRICS_PORT;
      else process.env.METRICS_PORT = earlier;
    }
  }

  it("Next.js: the same failing requests give the same points, read from its Prometheus endpoint, and no http.route", async () => {
    const metricsPort = await freePort();
    const next = await startNextService(NEXT_16, { METRICS_PORT: String(metricsPort) })({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} });
    try {
      // Next calls instrumentation's register() as it starts, just after its ready line: the helper waits for the endpoint
      const points = await pointsOverPrometheus('next', next, metricsPort);
      // a route handler is not told its route's template (Next keeps it to itself): never http.route
      expect(points.filter((point) => point.attributes['http.route'] !== undefined)).toEqual([]);
    } finally {
      await next.close();
    }
  }, 240_000);

  // Nitro's built server (`node .output/server/index.mjs`) serves METRICS_PORT from a plugin
  // (examples/nitro/server/plugins/metrics.ts); Elysia's service runs on Bun (examples/elysia/src/main.ts),
  // where OpenTelemetry's Prometheus exporter serves it through Bun's node:http.
  for (const [name, start] of [
    ['nitro', startNitro],
    ['elysia', startElysia],
  ] as const) {
    it(`${name}: the same failing requests give the same points, read from its Prometheus endpoint, with route templates`, async () => {
      const metricsPort = await freePort();
      const server = await startWithMetricsPort(start, metricsPort);
      try {
        const points = await pointsOverPrometheus(name, server, metricsPort);
        expect(points.some((point) => typeof point.attributes['http.route'] === 'string' && /widgets/.test(String(point.attributes['http.route'])))).toBe(true);
        for (const { attributes } of points) {
          if (['method_not_allowed', 'not_acceptable'].includes(String(attributes['error.type']))) expect(attributes['http.route'], JSON.stringify(attributes)).toBeUndefined();
          if (attributes['http.route'] !== undefined) expect(String(attributes['http.route'])).not.toMatch(/\/(\d+|%|nothing)/);
        }
        console.log(`${name} routes: ${[...new Set(points.map((point) => point.attributes['http.route']).filter((route) => route !== undefined))].join(', ')}`);
      } finally {
        await server.close();
      }
    }, 240_000);
  }

  it('a success counts nothing', async () => {
    expect(succeeding.length).toBeGreaterThan(5);
    await counted();
    for (const server of servers) for (const kase of succeeding) expect((await send(server.url, kase.request)).status).toBeLessThan(400);
    expect(await counted()).toEqual([]);
  }, 60_000);

  it('10,000 distinct unknown paths are all counted, in a handful of series', async () => {
    await counted();
    const [express] = servers;
    const paths = Array.from({ length: 10_000 }, (_, index) => `/nothing/unknown-${index}/x${index}?q=${index}`);
    for (let start = 0; start < paths.length; start += 50) {
      await Promise.all(paths.slice(start, start + 50).map((path) => fetch(`${express!.url}${path}`, { headers: { accept: 'application/json', authorization: 'Bearer reader-token' } }).then((res) => res.arrayBuffer())));
    }
    const points = await counted();
    expect(points.length).toBeLessThanOrEqual(3);
    expect(points).toEqual([{ attributes: { 'error.type': 'not_found', 'http.response.status_code': 404, 'http.request.method': 'GET' }, value: 10_000 }]);
    expect(points.reduce((sum, point) => sum + point.value, 0)).toBe(10_000);
    expect(JSON.stringify(points)).not.toContain('unknown-');
    console.log(`10,000 unknown paths: ${points.length} series`, JSON.stringify(points));
  }, 120_000);
});
