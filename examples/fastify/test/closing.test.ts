// While the service closes, a request already on its way over a keep-alive connection is still
// answered by the service, in the contract: Fastify's default (`return503OnClosing`) would answer
// it with its own 503 JSON, before any hook.
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { POLL_INTERVAL_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { startService } from '../src/server.js';

const head = (method: string, path: string, extra = '') =>
  `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: application/json\r\nauthorization: Bearer writer-token\r\n${extra}\r\n`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a condition, bounded for a busy machine (test-waits.ts), not for a guessed time. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + PROCESS_WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${PROCESS_WAIT_MS} ms`);
    await pause(POLL_INTERVAL_MS);
  }
}

/** Whether a new connection to the port is refused: the server has stopped listening. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });

it('a request pipelined on a busy connection while closing gets the contract, not Fastify\'s 503', async () => {
  const server = await startService({ port: 0, host: '127.0.0.1', rateLimit: 1_000, rateWindowS: 60, log: () => {} });
  const port = Number(new URL(server.url).port);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const ended = new Promise((resolve) => socket.once('close', resolve));
  try {
    // half a body keeps the connection busy, so closing does not reap it as idle; its `100 Continue`
    // says Fastify has taken the request in, before closing (a busy machine may take long for it)
    socket.write(`${head('POST', '/api/client/v2/widgets', 'content-type: application/json\r\ncontent-length: 14\r\nexpect: 100-continue\r\n')}{"name"`);
    await until(() => received.includes('HTTP/1.1 100 Continue'), 'taken in (100 Continue)');
    const closed = server.close();
    // Fastify is closing once the server stops listening (its close hook marks it first)
    await until(() => refused(port), 'closed to new connections');
    socket.write(`:"Cog"}${head('GET', '/api/client/v2/widgets/9')}`);
    await Promise.race([ended, pause(PROCESS_WAIT_MS)]);
    await closed;
  } finally {
    socket.destroy();
  }
  const answers = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '').split(/(?=HTTP\/1\.1 )/);
  expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 201', 'HTTP/1.1 404']);
  expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
  expect(answers[1]).toContain('{"type":"https://docs.example.com/errors/not_found"');
  expect(answers[1]).not.toContain('Service Unavailable');
});
