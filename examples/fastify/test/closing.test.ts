// While the service closes, a request already on its way over a keep-alive connection is still
// answered by the service, in the contract: Fastify's default (`return503OnClosing`) would answer
// it with its own 503 JSON, before any hook.
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startService } from '../src/server.js';

const head = (method: string, path: string, extra = '') =>
  `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: application/json\r\nauthorization: Bearer writer-token\r\n${extra}\r\n`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a request pipelined on a busy connection while closing gets the contract, not Fastify\'s 503', async () => {
  const server = await startService({ port: 0, host: '127.0.0.1', rateLimit: 1_000, rateWindowS: 60, log: () => {} });
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const ended = new Promise((resolve) => socket.once('close', resolve));
  try {
    // half a body keeps the connection busy, so closing does not reap it as idle
    socket.write(`${head('POST', '/api/client/v2/widgets', 'content-type: application/json\r\ncontent-length: 14\r\n')}{"name"`);
    await pause(100);
    const closed = server.close();
    await pause(50);
    socket.write(`:"Cog"}${head('GET', '/api/client/v2/widgets/9')}`);
    await Promise.race([ended, pause(5_000)]);
    await closed;
  } finally {
    socket.destroy();
  }
  const answers = received.split(/(?=HTTP\/1\.1 )/);
  expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 201', 'HTTP/1.1 404']);
  expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
  expect(answers[1]).toContain('{"type":"https://docs.example.com/errors/not_found"');
  expect(answers[1]).not.toContain('Service Unavailable');
});
