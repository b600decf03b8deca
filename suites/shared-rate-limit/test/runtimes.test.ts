// REDIS_URL on the Hono service's other runtimes: on Bun and Deno two instances share one limit
// through a real redis-server, as on Node (test/shared-rate-limit.test.ts); on workerd, which has no
// TCP client for ioredis, the start script refuses REDIS_URL instead of silently counting alone.
import { spawnSync } from 'node:child_process';
import { type Received, send } from '@error-contract/conformance';
import { EXAMPLE, runtimeMissing, startCommand, startOn } from '@error-contract/example-hono/runtimes';
import type { RunningServer } from '@error-contract/service-kit';
import '@error-contract/testing/vitest';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';
import { findRedisServer, RedisServer } from '../../../test-support/redis-server.js';

const LIMIT = 4;
const binary = findRedisServer();
const list = (server: RunningServer, token: string): Promise<Received> =>
  send(server.url, { method: 'GET', path: '/api/client/v2/widgets', headers: { accept: 'application/json', authorization: token } });

describe.skipIf(binary === undefined)('REDIS_URL on Bun and Deno', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(() => redis?.remove());

  // databases after the ones test/shared-rate-limit.test.ts uses (its own redis-server, but kept apart all the same)
  (['bun', 'deno'] as const).forEach((runtime, index) => {
    const missing = runtimeMissing(runtime);
    it.skipIf(missing !== undefined && !process.env.CI)(`${runtime}: two instances allow ${LIMIT} requests of one client between them, then both answer 429`, async () => {
      expect(missing).toBeUndefined();
      const logged: unknown[] = [];
      const config = { port: 0, host: '127.0.0.1', rateLimit: LIMIT, rateWindowS: 30, redisUrl: redis.databaseUrl(10 + index), log: (...args: unknown[]) => logged.push(...args) };
      const pair = [await startOn(runtime)(config), await startOn(runtime)(config)] as const;
      try {
        const token = `Bearer shared-${runtime}`;
        for (let request = 0; request < LIMIT; request++) expect((await list(pair[request % 2]!, token)).status).toBe(401);
        for (const server of pair) expect(await list(server, token)).toBeProblem({ status: 429, code: 'too_many_requests', shape: 'detailed', headers: { 'retry-after': /^\d+$/ } });
        expect((await list(pair[1], 'Bearer reader-token')).status).toBe(200);
        const client = new Redis(redis.databaseUrl(10 + index));
        try {
          const keys = await client.keys('*');
          expect(keys.length).toBeGreaterThan(0);
          for (const key of keys) expect(key).toMatch(/^reference-hono:/);
        } finally {
          client.disconnect();
        }
        expect(logged).toEqual([]);
      } finally {
        for (const server of pair) await server.close();
      }
    }, 60_000);
  });
});

it.skipIf(runtimeMissing('workerd') !== undefined && !process.env.CI)('workerd: REDIS_URL is refused at start (exit code 2), saying why', () => {
  const [command, ...args] = startCommand('workerd');
  const run = spawnSync(command!, args, { cwd: EXAMPLE, env: { ...process.env, PORT: '0', REDIS_URL: 'redis://127.0.0.1:6379' }, encoding: 'utf8', timeout: PROCESS_WAIT_MS });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('REDIS_URL: the Redis rate limit store needs Node sockets and is left out on workerd');
  expect(run.stdout).not.toContain('listening on');
});
