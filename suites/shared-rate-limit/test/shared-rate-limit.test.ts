// Beyond one instance: with REDIS_URL, two instances of each reference service share one rate
// limit through a real redis-server; the 429 is in the contract on both; and when Redis goes away
// mid-run the limit fails open (documented in docs/rate-limits.md): requests are served, in the contract,
// nothing crashes, and the shared limit is back once Redis is.
import { type Received, send } from '@error-contract/conformance';
import { startService as startElysia } from '@error-contract/example-elysia/server';
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startFastify } from '@error-contract/example-fastify/server';
import { startService as startH3 } from '@error-contract/example-h3/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';
import { startOnExpress as startNestExpress, startOnFastify as startNestFastify } from '@error-contract/example-nest/server';
import { startService as startNitro } from '@error-contract/example-nitro/server';
import type { RunningServer, ServiceConfig, StartService } from '@error-contract/service-kit';
import '@error-contract/testing/vitest';
import { POLL_INTERVAL_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedisServer, RedisServer } from '../../../test-support/redis-server.js';

const FRAMEWORKS: [string, StartService][] = [
  ['express', startExpress],
  ['koa', startKoa],
  ['hono', startHono],
  ['fastify', startFastify],
  ['nest-express', startNestExpress],
  ['nest-fastify', startNestFastify],
  ['h3', startH3],
  ['nitro', startNitro],
  // on Bun, in a process of its own: Bun is examples/elysia's devDependency (bunMissing says when not installed)
  ['elysia', startElysia],
];
const LIMIT = 4;
const WINDOW_S = 30;
const READER = 'Bearer reader-token';

const binary = findRedisServer();
if (binary === undefined) {
  console.warn('shared-rate-limit: SKIPPED, redis-server is not installed (apt-get install -y redis-server; .ci/run installs it)');
}

/** One client's request to the widget list of a version; `token` makes the client. */
function list(server: RunningServer, token: string, version: 'v1' | 'v2' = 'v2'): Promise<Received> {
  return send(server.url, { method: 'GET', path: `/api/client/${version}/widgets`, headers: { accept: 'application/json', authorization: token } });
}

function expectLimited(answer: Received, version: 'v1' | 'v2', what = ''): void {
  expect(answer, what).toBeProblem({
    status: 429,
    code: 'too_many_requests',
    shape: version === 'v1' ? 'compact' : 'detailed',
    headers: { 'retry-after': /^\d+$/, 'cache-control': 'no-store' },
  });
  const seconds = Number(answer.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(WINDOW_S);
}

interface Instances {
  pair: [RunningServer, RunningServer];
  logged: string[];
}

async function startPair(start: StartService, redisUrl: string | undefined): Promise<Instances> {
  const logged: string[] = [];
  const config: ServiceConfig = {
    port: 0,
    host: '127.0.0.1',
    rateLimit: LIMIT,
    rateWindowS: WINDOW_S,
    ...(redisUrl === undefined ? {} : { redisUrl }),
    log: (...args) => logged.push(args.map(String).join(' ')),
  };
  return { pair: [await start(config), await start(config)], logged };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = PROCESS_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

describe.skipIf(binary === undefined)('a rate limit shared through Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(() => redis?.remove());

  FRAMEWORKS.forEach(([name, start], index) => {
    describe(name, () => {
      let shared: Instances;
      let alone: Instances;
      beforeAll(async () => {
        shared = await startPair(start, redis.databaseUrl(index + 1));
        alone = await startPair(start, undefined);
      });
      afterAll(async () => {
        for (const server of [...(shared?.pair ?? []), ...(alone?.pair ?? [])]) await server.close();
      });

      it(`two instances allow ${LIMIT} requests of one client between them, then both answer 429 in the contract`, async () => {
        const [a, b] = shared.pair;
        const token = `Bearer shared-${name}`;
        const statuses: number[] = [];
        // alternating, as a load balancer would send them
        for (let request = 0; request < LIMIT; request++) statuses.push((await list(request % 2 === 0 ? a : b, token)).status);
        expect(statuses).toEqual(Array(LIMIT).fill(401));
        expectLimited(await list(a, token), 'v2');
        expectLimited(await list(b, token), 'v2');
        expectLimited(await list(b, token, 'v1'), 'v1');
        expectLimited(await list(a, token, 'v1'), 'v1');
        // another client is not limited, on either instance
        expect((await list(a, READER)).status).toBe(200);
        expect((await list(b, READER)).status).toBe(200);
        expect(shared.logged).toEqual([]);
      });

      it('the keys in Redis are the framework\'s own and hold no token (a shared Redis is readable by its other users)', async () => {
        const client = new Redis(redis.databaseUrl(index + 1));
        try {
          const keys = await client.keys('*');
          expect(keys.length).toBeGreaterThan(0);
          for (const key of keys) {
            expect(key).toMatch(new RegExp(`^reference-${name}:`));
            expect(key).not.toMatch(/shared-|reader-token/);
          }
        } finally {
          client.disconnect();
        }
      });

      it(`without Redis each instance counts alone: ${2 * LIMIT} requests pass before a 429 (why REDIS_URL exists)`, async () => {
        const [a, b] = alone.pair;
        const token = `Bearer alone-${name}`;
        const statuses: number[] = [];
        for (let request = 0; request < 2 * LIMIT; request++) statuses.push((await list(request % 2 === 0 ? a : b, token)).status);
        expect(statuses).toEqual(Array(2 * LIMIT).fill(401));
        expectLimited(await list(a, token), 'v2');
      });
    });
  });

  describe('Redis going away mid-run: the limit fails open, nothing crashes, and it comes back', () => {
    const running: { name: string; instances: Instances }[] = [];
    beforeAll(async () => {
      // a database of its own, after the frameworks' (1 to FRAMEWORKS.length)
      for (const [name, start] of FRAMEWORKS) running.push({ name, instances: await startPair(start, redis.databaseUrl(FRAMEWORKS.length + 1)) });
    });
    afterAll(async () => {
      for (const { instances } of running) for (const server of instances.pair) await server.close();
    });

    it('limits, then serves every request in the contract while Redis is down, then limits again', async () => {
      for (const { name, instances } of running) {
        const [a, b] = instances.pair;
        for (let request = 0; request < LIMIT; request++) await list(request % 2 === 0 ? a : b, 'Bearer before-outage');
        const limited = await list(b, 'Bearer before-outage');
        expect(limited.status, `${name} before the outage`).toBe(429);
        expectLimited(limited, 'v2');
      }

      await redis.kill();
      for (const { name, instances } of running) {
        for (const server of instances.pair) {
          // fail open: a limited client is served again, and no request waits or gets a 5xx
          const started = Date.now();
          for (let request = 0; request < LIMIT + 2; request++) {
            const answer = await list(server, 'Bearer before-outage');
            expect(answer, name).toBeProblem({ status: 401, code: 'unauthorized', shape: 'detailed' });
          }
          expect(Date.now() - started, `${name}: ${LIMIT + 2} requests during the outage`).toBeLessThan(5_000);
          expect((await list(server, READER, 'v1')).status).toBe(200);
        }
        // one line per outage and instance, naming the server and never a password
        const outages = instances.logged.filter((line) => line.includes('unavailable'));
        expect(outages.length, `${name}: ${instances.logged.join('\n')}`).toBe(2);
        expect(outages[0]).toMatch(new RegExp(`rate limit store at 127\\.0\\.0\\.1:${redis.port} unavailable .*served without a limit`));
      }

      await redis.restart();
      for (const { name, instances } of running) {
        await until(() => instances.logged.filter((line) => line.includes('the shared limit applies again')).length === 2, `${name} to reconnect`);
        const [a, b] = instances.pair;
        const token = `Bearer after-outage-${name}`;
        // a script cache emptied by the restart is reloaded by each store; the limit is shared again
        for (let request = 0; request < LIMIT; request++) expect((await list(request % 2 === 0 ? a : b, token)).status).toBe(401);
        expectLimited(await list(a, token), 'v2', `${name} after the outage: ${instances.logged.join('\n')}`);
        expectLimited(await list(b, token, 'v1'), 'v1', `${name} after the outage`);
      }
    });
  });

  it('a REDIS_URL that cannot be reached at start is a clear startup error, naming no password', async () => {
    const unreachable = `redis://user:hunter2@127.0.0.1:${redis.port + 1}/0`;
    for (const [name, start] of FRAMEWORKS) {
      const started = start({ port: 0, host: '127.0.0.1', rateLimit: LIMIT, rateWindowS: WINDOW_S, redisUrl: unreachable, log: () => {} });
      await expect(started, name).rejects.toThrow(new RegExp(`^REDIS_URL: cannot reach the rate limit store at 127\\.0\\.0\\.1:${redis.port + 1}: `));
      await expect(started).rejects.not.toThrow(/hunter2/);
    }
  });
});
