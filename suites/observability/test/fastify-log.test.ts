// Issue 39: with the Fastify guide's setup (docs/guides/fastify.md) (a contract from createErrorContract, handed to the
// plugin) and `Fastify({ logger: true })`, each 5xx was logged twice (core's console line and
// Fastify's pino line), and Fastify's line said `res.statusCode: 200` for a 500. Now: one line per
// 5xx, at error level, with its status, whether or not Fastify's logger is on; none on the console
// when it is.
import { createErrorContract } from '@error-contract/core';
import { errorContract } from '@error-contract/fastify';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

interface Line {
  level: number;
  msg: string;
  [key: string]: any;
}

function memoryPino() {
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  return { logger, lines };
}

type Setup = 'README (a contract handed to the plugin)' | 'options to the plugin';

async function appWith(setup: Setup, logger: ReturnType<typeof memoryPino>['logger'] | undefined) {
  const app = Fastify(logger === undefined ? {} : { loggerInstance: logger as never });
  if (setup === 'options to the plugin') await app.register(errorContract, { typeBaseUrl: 'https://docs.example.com/errors/' });
  else await app.register(errorContract, { contract: createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/' }) });
  app.get('/boom', async () => {
    throw new Error('connection to db-7 failed');
  });
  app.get('/bare', async (_request, reply) => reply.code(503).send());
  app.get('/missing', async () => {
    throw Object.assign(new Error('No widget'), { statusCode: 404, expose: true });
  });
  return app;
}

let consoleError: MockInstance;
let consoleWarn: MockInstance;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const failureLines = (lines: Line[]) => lines.filter((line) => line.level >= 40 || line.err !== undefined);

describe.each<Setup>(['README (a contract handed to the plugin)', 'options to the plugin'])('fastify, %s', (setup) => {
  it("Fastify's logger on: a 500 is one error line on Fastify's log, with res.statusCode 500, and nothing on the console", async () => {
    const { logger, lines } = memoryPino();
    const app = await appWith(setup, logger);
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const [line, ...more] = failureLines(lines);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, msg: 'connection to db-7 failed', res: { statusCode: 500 }, err: { type: 'Error', message: 'connection to db-7 failed' } });
    expect(line!.err.stack).toContain('connection to db-7 failed\n    at ');
    expect(line!.req).toMatchObject({ method: 'GET', url: '/boom' });
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
    await app.close();
  });

  it("Fastify's logger on: a bare 503 is one error line with its status", async () => {
    const { logger, lines } = memoryPino();
    const app = await appWith(setup, logger);
    expect((await app.inject({ method: 'GET', url: '/bare' })).statusCode).toBe(503);
    const [line, ...more] = failureLines(lines);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, res: { statusCode: 503 } });
    expect(consoleError).not.toHaveBeenCalled();
    await app.close();
  });

  it("Fastify's logger on: a 4xx is Fastify's one info line, as before, with its status", async () => {
    const { logger, lines } = memoryPino();
    const app = await appWith(setup, logger);
    expect((await app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(404);
    expect(lines.filter((line) => line.err !== undefined)).toMatchObject([{ level: 30, msg: 'No widget', res: { statusCode: 404 } }]);
    expect(failureLines(lines).filter((line) => line.level >= 40)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    await app.close();
  });

  it("Fastify's logger off: a 500 is one line, core's, on the console", async () => {
    const app = await appWith(setup, undefined);
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]![0]).toBe('error-contract: GET /boom -> 500 internal_server_error');
    expect((consoleError.mock.calls[0]![1] as Error).message).toBe('connection to db-7 failed');
    await app.close();
  });
});

describe("fastify: a contract with a logger of its own, Fastify's logger on", () => {
  it("a 500 is one line, in the contract's logger, and none on Fastify's", async () => {
    const fastifyLog = memoryPino();
    const contractLog = memoryPino();
    const app = Fastify({ loggerInstance: fastifyLog.logger as never });
    await app.register(errorContract, { contract: createErrorContract({ logger: contractLog.logger }) });
    app.get('/boom', async () => {
      throw new Error('connection to db-7 failed');
    });
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    expect(failureLines(fastifyLog.lines)).toEqual([]);
    expect(failureLines(contractLog.lines)).toMatchObject([{ level: 50, status: 500, msg: 'error-contract: GET /boom -> 500 internal_server_error' }]);
    expect(consoleError).not.toHaveBeenCalled();
    await app.close();
  });
});

describe("fastify: a contract with an onError of its own (an error tracker), Fastify's logger on", () => {
  it("a 500 is still Fastify's one line, and onError sees it once", async () => {
    const fastifyLog = memoryPino();
    const seen: unknown[] = [];
    const app = Fastify({ loggerInstance: fastifyLog.logger as never });
    await app.register(errorContract, { contract: createErrorContract({ onError: (error) => void seen.push(error) }) });
    app.get('/boom', async () => {
      throw new Error('connection to db-7 failed');
    });
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    expect(failureLines(fastifyLog.lines)).toMatchObject([{ level: 50, msg: 'connection to db-7 failed', res: { statusCode: 500 } }]);
    expect(seen).toHaveLength(1);
    expect(consoleError).not.toHaveBeenCalled();
    await app.close();
  });

  it("Fastify's logger off: onError alone, no console line (core's rule for onError)", async () => {
    const seen: unknown[] = [];
    const app = Fastify();
    await app.register(errorContract, { contract: createErrorContract({ onError: (error) => void seen.push(error) }) });
    app.get('/boom', async () => {
      throw new Error('connection to db-7 failed');
    });
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    expect(seen).toHaveLength(1);
    expect(consoleError).not.toHaveBeenCalled();
    await app.close();
  });
});
