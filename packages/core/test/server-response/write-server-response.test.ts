// Writing on Node's ServerResponse, which the Express, Nest, Next.js (API routes) and h3 1 adapters
// share: on a real `http.ServerResponse`, over a socket, as those frameworks hand it over.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorContract, problems } from '../../src/index.js';
import { pathOfTarget, writeServerResponse, type WriteServerResponseOptions } from '../../src/adapter.js';

const contract = createErrorContract({ onError: () => {}, typeBaseUrl: 'https://docs.example.com/errors/' });

// what each request's handler does before the contract writes: set by the test, then the request sent
let before: (res: ServerResponse) => void = () => {};
let error: unknown = new Error('connection to db-7 failed: password=hunter2');
let options: WriteServerResponseOptions | undefined;

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  before(res);
  const request = { method: req.method ?? 'GET', path: pathOfTarget(req.url ?? '/'), headers: req.headers };
  writeServerResponse(res, contract.respond(error, request), options);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function given(setup: { before?: (res: ServerResponse) => void; error?: unknown; options?: WriteServerResponseOptions }): void {
  before = setup.before ?? (() => {});
  error = setup.error ?? new Error('connection to db-7 failed: password=hunter2');
  options = setup.options;
}

describe('writeServerResponse(res, response, options)', () => {
  it('writes the status, the contract headers and the body, its length in bytes', async () => {
    given({ error: problems.notFound('Widget "é" was not found.') });
    const res = await fetch(`${base}/widgets/%C3%A9`, { headers: { accept: 'application/json' } });
    const body = await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(JSON.parse(body)).toMatchObject({ status: 404, code: 'not_found', detail: 'Widget "é" was not found.', instance: '/widgets/%C3%A9' });
  });

  it("keeps the app's headers; removes those of the body it replaces", async () => {
    given({
      before: (res) => {
        res.setHeader('access-control-allow-origin', 'https://app.example.com');
        res.setHeader('vary', 'Origin');
        res.setHeader('content-encoding', 'gzip');
        res.setHeader('etag', '"abc"');
      },
    });
    const res = await fetch(`${base}/fail`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('vary')).toMatch(/^Origin\b/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
    expect(await res.text()).not.toContain('hunter2');
  });

  it('replacesBody: false leaves the headers alone (a refusal or a route miss: no handler ran)', async () => {
    given({ before: (res) => res.setHeader('etag', '"abc"'), options: { replacesBody: false } });
    const res = await fetch(`${base}/fail`, { headers: { accept: 'application/json' } });
    expect(res.headers.get('etag')).toBe('"abc"');
  });

  it('a HEAD answer: the headers, no body', async () => {
    given({ error: problems.notFound() });
    const res = await fetch(`${base}/nothing`, { method: 'HEAD', headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe('');
  });

  it('ends through the given end, and resets a status message the framework set', async () => {
    let ended = '';
    given({
      before: (res) => {
        res.statusMessage = 'Cannot find any path matching /nothing.';
      },
      error: problems.notFound(),
      options: {
        resetStatusMessage: true,
        end: function endThroughTheOriginal(this: void, body?: string) {
          ended = body ?? '';
        },
      },
    });
    // the given end records the body and ends nothing: end it here, as a wrapping framework's would
    const originalHandler = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      originalHandler(req, res);
      expect(res.statusMessage).toBe('Not Found');
      res.end(ended);
    });
    try {
      const res = await fetch(`${base}/nothing`, { headers: { accept: 'application/json' } });
      expect(res.statusText).toBe('Not Found');
      expect(JSON.parse(await res.text())).toMatchObject({ code: 'not_found' });
    } finally {
      server.removeAllListeners('request');
      server.on('request', originalHandler);
    }
  });
});
