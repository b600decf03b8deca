// upstreamErrors() on the real HTTP clients against real servers on 127.0.0.1: a closed port
// (refused), a server that accepts and never answers (the client's timeout), one that destroys the
// socket (reset), and one that answers 500 with a planted secret in a header, the status text and
// the body. Each through the global fetch (undici), axios, got, ky and our own client; the answer
// is 502 or 504 and carries nothing of the other service's.
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createFetch } from '@error-contract/client';
import { redisErrors, upstreamErrors } from '@error-contract/core/presets';
import axios from 'axios';
import got from 'got';
import ky from 'ky';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/free-port.js';
import { answer, caught, contractWith } from '../src/secrets.js';

const SECRET_HEADER = 'planted-upstream-header-3c9d';
const SECRET_BODY = 'planted-upstream-body-8e1f';
const SECRET_REASON = 'Planted Upstream Reason 5a7b';
const SECRET_PATH = 'planted-upstream-path-2b6c';
const UPSTREAM_SECRETS = [SECRET_HEADER, SECRET_BODY, SECRET_REASON, SECRET_PATH];
// the client's own timeout for the server that never answers: long enough that a busy machine
// still connects, short enough for a test
const TIMEOUT_MS = 1_500;

const contract = contractWith(upstreamErrors());

function expectAnswer(error: unknown, status: 502 | 504) {
  const { status: sent, headers, body } = answer(contract, error, UPSTREAM_SECRETS);
  expect(sent).toBe(status);
  expect(body.code).toBe(status === 502 ? 'bad_gateway' : 'gateway_timeout');
  expect(body.detail).toBe(status === 502 ? 'Bad Gateway.' : 'Gateway Timeout.');
  // none of the upstream's headers, and no Retry-After it sent
  expect(Object.keys(headers).sort()).toEqual(['cache-control', 'content-type']);
  // and without the preset, the same failure is our 500, as today
  expect(answer(contractWith(), error, UPSTREAM_SECRETS).status).toBe(500);
}

let closedUrl: string;
let hangUrl: string;
let resetUrl: string;
let errorUrl: string;
let hanging: TcpServer;
let resetting: TcpServer;
let failing: Server;
const sockets = new Set<Socket>();

function listen(server: TcpServer | Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/${SECRET_PATH}`)));
}

beforeAll(async () => {
  closedUrl = `http://127.0.0.1:${await freePort()}/${SECRET_PATH}`;
  // accepts the connection, reads the request, never answers
  hanging = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  // reads the request, then destroys the socket (the client sees a reset or "other side closed")
  resetting = createTcpServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => socket.resetAndDestroy());
  });
  failing = createServer((_request, response) => {
    response.writeHead(500, SECRET_REASON, { 'x-upstream-secret': SECRET_HEADER, 'retry-after': '120', 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: SECRET_BODY, detail: SECRET_BODY }));
  });
  [hangUrl, resetUrl, errorUrl] = await Promise.all([listen(hanging), listen(resetting), listen(failing)]);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  failing.closeAllConnections();
  await Promise.all([hanging, resetting, failing].map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('upstreamErrors() on the global fetch (undici)', () => {
  it('refused: TypeError "fetch failed", cause ECONNREFUSED -> 502', async () => {
    const error = await caught(() => fetch(closedUrl));
    expect((error as Error).message).toBe('fetch failed');
    expect(((error as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    expectAnswer(error, 502);
  });

  it('reset: "fetch failed", cause UND_ERR_SOCKET -> 502', async () => {
    const error = await caught(() => fetch(resetUrl));
    expect((error as Error).message).toBe('fetch failed');
    expect(((error as Error).cause as { code?: string }).code).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
    expectAnswer(error, 502);
  });

  it('no answer within AbortSignal.timeout(): TimeoutError -> 504', async () => {
    const error = await caught(() => fetch(hangUrl, { signal: AbortSignal.timeout(TIMEOUT_MS) }));
    expect((error as Error).name).toBe('TimeoutError');
    expectAnswer(error, 504);
  });

  it('a 500 is no error to fetch; our client makes it an ApiError -> 502', async () => {
    const error = await caught(() => createFetch()(errorUrl));
    expect((error as Error).name).toBe('ApiError');
    expectAnswer(error, 502);
  });

  it('our client on a refused connection and a timeout: fetch\'s own errors -> 502, 504', async () => {
    expectAnswer(await caught(() => createFetch()(closedUrl)), 502);
    expectAnswer(await caught(() => createFetch()(hangUrl, { signal: AbortSignal.timeout(TIMEOUT_MS) })), 504);
  });
});

describe('upstreamErrors() on axios 1', () => {
  it('refused: AxiosError ECONNREFUSED -> 502', async () => {
    const error = await caught(() => axios.get(closedUrl));
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expectAnswer(error, 502);
  });

  it('reset: AxiosError ECONNRESET -> 502', async () => {
    const error = await caught(() => axios.get(resetUrl));
    expect((error as { code?: string }).code).toBe('ECONNRESET');
    expectAnswer(error, 502);
  });

  it('its `timeout` (ECONNABORTED), with clarifyTimeoutError (ETIMEDOUT), and AbortSignal.timeout() (ERR_CANCELED) -> 504', async () => {
    const aborted = await caught(() => axios.get(hangUrl, { timeout: TIMEOUT_MS }));
    expect((aborted as { code?: string }).code).toBe('ECONNABORTED');
    expectAnswer(aborted, 504);
    const clarified = await caught(() => axios.get(hangUrl, { timeout: TIMEOUT_MS, transitional: { clarifyTimeoutError: true } }));
    expect((clarified as { code?: string }).code).toBe('ETIMEDOUT');
    expectAnswer(clarified, 504);
    const canceled = await caught(() => axios.get(hangUrl, { signal: AbortSignal.timeout(TIMEOUT_MS) }));
    expect((canceled as { code?: string }).code).toBe('ERR_CANCELED');
    expectAnswer(canceled, 504);
  });

  it('a cancel the app chose is left alone', async () => {
    const controller = new AbortController();
    const pending = caught(() => axios.get(hangUrl, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 200);
    const error = await pending;
    expect((error as { code?: string }).code).toBe('ERR_CANCELED');
    expect(answer(contract, error).status).toBe(500);
  });

  it('a 500 with a planted header and body: AxiosError with `response` -> 502', async () => {
    const error = await caught(() => axios.get(errorUrl));
    expect((error as { response?: { status: number } }).response?.status).toBe(500);
    expectAnswer(error, 502);
  });
});

describe('upstreamErrors() on got 14', () => {
  const noRetry = { retry: { limit: 0 } };
  it('refused: RequestError ECONNREFUSED -> 502', async () => {
    const error = await caught(() => got(closedUrl, noRetry));
    expect((error as Error).name).toBe('RequestError');
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expectAnswer(error, 502);
  });

  it('reset: RequestError ECONNRESET -> 502', async () => {
    const error = await caught(() => got(resetUrl, noRetry));
    expect((error as { code?: string }).code).toBe('ECONNRESET');
    expectAnswer(error, 502);
  });

  it('its `timeout`: TimeoutError ETIMEDOUT -> 504', async () => {
    const error = await caught(() => got(hangUrl, { ...noRetry, timeout: { request: TIMEOUT_MS } }));
    expect((error as Error).name).toBe('TimeoutError');
    expectAnswer(error, 504);
  });

  it('a 500 with a planted header and body: HTTPError -> 502', async () => {
    const error = await caught(() => got(errorUrl, noRetry));
    expect((error as Error).name).toBe('HTTPError');
    expectAnswer(error, 502);
  });
});

describe('upstreamErrors() on ky 1', () => {
  const noRetry = { retry: 0 };
  it('refused and reset: fetch\'s TypeError passed through -> 502', async () => {
    expectAnswer(await caught(() => ky.get(closedUrl, noRetry)), 502);
    expectAnswer(await caught(() => ky.get(resetUrl, noRetry)), 502);
  });

  it('its `timeout`: TimeoutError -> 504', async () => {
    const error = await caught(() => ky.get(hangUrl, { ...noRetry, timeout: TIMEOUT_MS }));
    expect((error as Error).name).toBe('TimeoutError');
    expectAnswer(error, 504);
  });

  it('a 500 with a planted header and body: HTTPError -> 502', async () => {
    const error = await caught(() => ky.get(errorUrl, noRetry));
    expect((error as Error).name).toBe('HTTPError');
    expectAnswer(error, 502);
  });
});

describe('the order of the map', () => {
  it('a preset told its server answers that server\'s refusal first; any other refusal is 502', async () => {
    const redisPort = await freePort();
    const map = contractWith(redisErrors({ servers: `127.0.0.1:${redisPort}`, retryAfter: 2 }), upstreamErrors());
    const { connect } = await import('node:net');
    const redisRefusal = await new Promise<Error>((resolve) => connect({ host: '127.0.0.1', port: redisPort }).once('error', resolve));
    expect(answer(map, redisRefusal).status).toBe(503);
    expect(answer(map, await caught(() => fetch(closedUrl))).status).toBe(502);
  });
});
