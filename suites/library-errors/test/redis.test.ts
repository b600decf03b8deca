// redisErrors() on the real clients against a real redis-server (Debian's, started here on a free
// port of 127.0.0.1): a closed port, a server killed mid-use, a client closed, a server still loading
// its dataset (LOADING), one busy running a script (BUSY), a cluster node that serves no slot
// (CLUSTERDOWN). Each failure is the client's own error, caught as the app would catch it.
import { redisErrors } from '@error-contract/core/presets';
import { Cluster, Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/free-port.js';
import { RedisServer } from '../../../test-support/redis-server.js';
import { answer, caught, contractWith, SECRET_VALUE } from '../src/secrets.js';

const unnamed = contractWith(redisErrors({ retryAfter: 2 }));

/** 503 with Retry-After: 2, and nothing of the error in the answer. */
function expectUnavailable(error: unknown, contract = unnamed) {
  const { status, headers, body } = answer(contract, error);
  expect(status).toBe(503);
  expect(body.code).toBe('service_unavailable');
  expect(headers['retry-after']).toBe('2');
}

// a Lua loop that runs until SCRIPT KILL: the server answers BUSY to everyone else meanwhile
const ENDLESS_SCRIPT = 'local i = 0 while true do i = i + 1 end';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Repeats `action` until it fails (the script is running past the threshold), for up to 15 s. */
async function firstRefusal(action: () => Promise<unknown>): Promise<unknown> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await action();
    } catch (error) {
      return error;
    }
    if (Date.now() > deadline) throw new Error('the server never refused within 15 s');
    await wait(100);
  }
}

let busy: RedisServer;
let cluster: RedisServer;
let loading: RedisServer;

beforeAll(async () => {
  // busy-reply-threshold (lua-time-limit before Redis 7): after 100 ms a script makes others BUSY
  [busy, cluster, loading] = await Promise.all([
    RedisServer.start(['--busy-reply-threshold', '100']),
    RedisServer.start(['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf']),
    RedisServer.start(['--enable-debug-command', 'yes']),
  ]);
  // a dataset on disk, loaded slowly at the next start: 20 000 keys, 200 us each (4 s and
  // more on a busy machine), with the server answering between chunks of 1 KiB
  const filler = new Redis(loading.url);
  await filler.call('DEBUG', 'POPULATE', '20000');
  await filler.save();
  filler.disconnect();
  await loading.kill();
});

afterAll(async () => {
  await Promise.all([busy?.remove(), cluster?.remove(), loading?.remove()]);
});

/** Starts the loading server again; resolves while it is still loading its dataset. */
function startLoading(): Promise<void> {
  return loading.restart(['--key-load-delay', '200', '--loading-process-events-interval-bytes', '1024'], 'loading');
}

describe('redisErrors() on ioredis 5', () => {
  it('a closed port: connect() rejects with "Connection is closed." (the ECONNREFUSED goes to the `error` event only)', async () => {
    const port = await freePort();
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    const refusals: unknown[] = [];
    client.on('error', (error) => refusals.push(error));
    const error = await caught(() => client.connect());
    expect((error as Error).message).toBe('Connection is closed.');
    expectUnavailable(error);
    // the socket error itself, should an app rethrow it: Redis's only when `servers` names the port
    const refused = refusals.find((each) => (each as { code?: string }).code === 'ECONNREFUSED');
    expect(refused).toBeDefined();
    expectUnavailable(refused, contractWith(redisErrors({ retryAfter: 2, servers: `redis://127.0.0.1:${port}` })));
    expect(answer(unnamed, refused).status).toBe(500);
    expect(answer(contractWith(redisErrors({ servers: `127.0.0.1:${port + 1}` })), refused).status).toBe(500);
  });

  it('a closed port: MaxRetriesPerRequestError, and "Stream isn\'t writeable" without the offline queue', async () => {
    const port = await freePort();
    const retrying = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    retrying.on('error', () => {});
    const maxRetries = await caught(() => retrying.get('k'));
    retrying.disconnect();
    expect((maxRetries as Error).name).toBe('MaxRetriesPerRequestError');
    expectUnavailable(maxRetries);

    const offline = new Redis({ port, host: '127.0.0.1', enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    offline.on('error', () => {});
    const notWritable = await caught(() => offline.get('k'));
    expect((notWritable as Error).message).toBe("Stream isn't writeable and enableOfflineQueue options is false");
    expectUnavailable(notWritable);
  });

  it('a server killed mid-use: MaxRetriesPerRequestError while reconnecting, "Connection is closed." without retries', async () => {
    const server = await RedisServer.start();
    try {
      const retrying = new Redis({ port: server.port, host: '127.0.0.1', maxRetriesPerRequest: 1, retryStrategy: () => 50 });
      const once = new Redis({ port: server.port, host: '127.0.0.1', retryStrategy: () => null });
      for (const client of [retrying, once]) client.on('error', () => {});
      await Promise.all([retrying.set('k', SECRET_VALUE), once.get('k')]);
      // a command in flight when the server dies (BLPOP waits for 5 s)
      const inFlight = caught(() => once.blpop('list', 5));
      const inFlightRetried = caught(() => retrying.blpop('list', 5));
      await wait(500);
      await server.kill();
      const [closed, maxRetries] = await Promise.all([inFlight, inFlightRetried]);
      expect((closed as Error).message).toBe('Connection is closed.');
      expect((maxRetries as Error).name).toBe('MaxRetriesPerRequestError');
      expectUnavailable(closed);
      expectUnavailable(maxRetries);
      // and the next command on the client that gave up
      const next = await caught(() => once.get('k'));
      expect((next as Error).message).toBe('Connection is closed.');
      expectUnavailable(next);
      retrying.disconnect();
    } finally {
      await server.remove();
    }
  });

  it('a client the app closed: "Connection is closed."', async () => {
    const client = new Redis(busy.url);
    await client.ping();
    await client.quit();
    const error = await caught(() => client.get('k'));
    expect((error as Error).message).toBe('Connection is closed.');
    expectUnavailable(error);
  });

  it('BUSY: a script runs past busy-reply-threshold, another client is refused', async () => {
    const runner = new Redis(busy.url);
    const other = new Redis(busy.url);
    await other.ping();
    const script = caught(() => runner.eval(ENDLESS_SCRIPT, 0));
    const error = await firstRefusal(() => other.get('k'));
    await other.script('KILL');
    await script;
    expect((error as Error).name).toBe('ReplyError');
    expect((error as Error).message).toMatch(/^BUSY /);
    expectUnavailable(error);
    runner.disconnect();
    other.disconnect();
  });

  it('CLUSTERDOWN: a cluster node that serves no slot', async () => {
    const client = new Redis(cluster.url);
    const error = await caught(() => client.get('k'));
    client.disconnect();
    expect((error as Error).name).toBe('ReplyError');
    expect((error as Error).message).toMatch(/^CLUSTERDOWN /);
    expectUnavailable(error);
  });

  it('ioredis Cluster: "None of startup nodes is available", from a node serving no slot and from a closed port', async () => {
    for (const port of [cluster.port, await freePort()]) {
      const client = new Cluster([{ host: '127.0.0.1', port }], { clusterRetryStrategy: () => null });
      client.on('error', () => {});
      const error = await caught(() => client.get('k'));
      client.disconnect();
      expect((error as Error).message).toBe('None of startup nodes is available');
      expectUnavailable(error);
    }
  });

  it('LOADING: a server still loading its dataset (without the ready check ioredis would wait)', async () => {
    await startLoading();
    try {
      const client = new Redis({ port: loading.port, host: '127.0.0.1', enableReadyCheck: false });
      const error = await caught(() => client.get('k'));
      client.disconnect();
      expect((error as Error).name).toBe('ReplyError');
      expect((error as Error).message).toMatch(/^LOADING /);
      expectUnavailable(error);
    } finally {
      await loading.kill();
    }
  });

  it('an app mistake (WRONGTYPE) is left alone: 500', async () => {
    const client = new Redis(busy.url);
    await client.set('a-string', SECRET_VALUE);
    const error = await caught(() => client.lpush('a-string', SECRET_VALUE));
    client.disconnect();
    expect((error as Error).message).toMatch(/^WRONGTYPE /);
    expect(answer(unnamed, error).status).toBe(500);
  });
});

describe('redisErrors() on node-redis (redis 5)', () => {
  it('a closed port: the refused connection is 503 only with `servers` naming it', async () => {
    const port = await freePort();
    const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
    client.on('error', () => {});
    const error = await caught(() => client.connect());
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expectUnavailable(error, contractWith(redisErrors({ retryAfter: 2, servers: [`redis://127.0.0.1:${port}`] })));
    expect(answer(unnamed, error).status).toBe(500);
  });

  it('a server killed mid-use: SocketClosedUnexpectedlyError, then ClientClosedError', async () => {
    const server = await RedisServer.start();
    try {
      const once = createClient({ url: server.url, socket: { reconnectStrategy: false } });
      once.on('error', () => {});
      await once.connect();
      await once.set('k', SECRET_VALUE);
      const inFlight = caught(() => once.blPop('list', 5));
      await wait(500);
      await server.kill();
      const closedUnexpectedly = await inFlight;
      expect((closedUnexpectedly as Error).constructor.name).toBe('SocketClosedUnexpectedlyError');
      expectUnavailable(closedUnexpectedly);

      const closed = await caught(() => once.get('k'));
      expect((closed as Error).constructor.name).toBe('ClientClosedError');
      expectUnavailable(closed);

    } finally {
      await server.remove();
    }
  });

  it('BUSY, CLUSTERDOWN and LOADING replies (ErrorReply)', async () => {
    const runner = createClient({ url: busy.url });
    const other = createClient({ url: busy.url });
    const node = createClient({ url: cluster.url });
    await Promise.all([runner.connect(), other.connect(), node.connect()]);
    const script = caught(() => runner.eval(ENDLESS_SCRIPT));
    const busyReply = await firstRefusal(() => other.get('k'));
    await other.sendCommand(['SCRIPT', 'KILL']);
    await script;
    const clusterDown = await caught(() => node.get('k'));
    for (const client of [runner, other, node]) client.destroy();
    expect((busyReply as Error).message).toMatch(/^BUSY /);
    expect((clusterDown as Error).message).toMatch(/^CLUSTERDOWN /);
    expectUnavailable(busyReply);
    expectUnavailable(clusterDown);

    await startLoading();
    try {
      const client = createClient({ url: loading.url });
      client.on('error', () => {});
      // connect() sends no command a loading server refuses; the first GET is refused
      await client.connect();
      const loadingReply = await caught(() => client.get('k'));
      client.destroy();
      expect((loadingReply as Error).message).toMatch(/^LOADING /);
      expectUnavailable(loadingReply);
    } finally {
      await loading.kill();
    }
  });
});
