// Raw bytes over node:net, because these requests are ones an HTTP client library refuses to send.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { createErrorContract } from '@error-contract/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors } from '../src/index.js';

function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('timed out')));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('answerClientErrors', () => {
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    answerClientErrors(server, createErrorContract({ onError: () => {}, shape: (r) => (r.path.startsWith('/v1/') ? 'compact' : 'detailed') }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'bad_request'],
    ['an unknown method token', 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
    ['a header with a bare CR', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n', 400, 'bad_request'],
    ['a header block over the limit', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'request_header_fields_too_large'],
  ])('%s: %d in the contract, the connection closed', async (_name, bytes, status, code) => {
    const answer = parse(await rawExchange(port, bytes));
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toMatchObject({ status, code });
  });

  it('names the path of a request line it could read, in the shape chosen for it', async () => {
    const answer = parse(await rawExchange(port, `GET /v1/x HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ code: 'request_header_fields_too_large', message: 'The request header fields are too large.' }] });
  });

  it('an unknown Expect is 417 in the contract', async () => {
    const answer = parse(await rawExchange(port, 'GET /x HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n'));
    expect(answer.status).toBe(417);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 417, code: 'expectation_failed', instance: '/x' });
  });

  it('a good request is untouched', async () => {
    expect(parse(await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).body).toBe('ok');
  });

  it('the server is the first argument', () => {
    expect(() => answerClientErrors({} as never)).toThrow(TypeError);
  });
});
