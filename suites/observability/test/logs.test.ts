// Issue 27, item 3: the log lines of a 500 and a 404, with and without the contract: pino (and
// pino-http on Express) writing to a stream, Koa's 'error' event and default line, the console
// line by default. The trace id in each line is the server span's, the one in the body.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { load, spansOf } from './otel.js';
import { type Framework, FRAMEWORKS, type Hooks, makeApp } from './apps.js';
import type { ErrorContractOptions } from '@error-contract/core';

const pino = load('pino') as typeof import('pino').default;
const pinoHttp = load('pino-http') as typeof import('pino-http').default;

interface Line {
  level: number;
  msg: string;
  [key: string]: any;
}

/** pino writing JSON lines to memory. */
function memoryPino() {
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  return { logger, lines };
}

async function call(framework: Framework, contract: ErrorContractOptions | undefined, hooks: Hooks, path: string) {
  const app = await makeApp(framework, load, contract, hooks).listen();
  try {
    const result = await spansOf(() => fetch(`${app.url}${path}`, { headers: { accept: 'application/json' } }));
    return { ...result, traceId: result.server.spanContext().traceId, body: JSON.parse(result.text.startsWith('{') ? result.text : '{}') as { traceId?: string } };
  } finally {
    await app.close();
  }
}

let consoleError: MockInstance;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** The contract's own lines. */
const contractLines = (lines: Line[]) => lines.filter((line) => line.msg.startsWith('error-contract:'));

describe.each(FRAMEWORKS)('%s: the logger option (pino)', (framework) => {
  it('a 500: one structured line with method, path, status, code, the trace id and the error with its stack', async () => {
    const { logger, lines } = memoryPino();
    const { traceId, body } = await call(framework, { logger, traceId: true }, {}, '/boom?token=secret');
    const [line, ...more] = contractLines(lines);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, msg: 'error-contract: GET /boom -> 500 internal_server_error', method: 'GET', path: '/boom', status: 500, code: 'internal_server_error', traceId });
    expect(line!.err).toMatchObject({ type: 'Error', message: 'connection to db-7 failed' });
    expect(line!.err.stack).toContain('connection to db-7 failed\n    at ');
    expect(body.traceId).toBe(traceId);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it.each(['/missing', '/nowhere'])('a 404 (%s): no line, unless logClientErrors asks for it (at warn)', async (path) => {
    const quiet = memoryPino();
    await call(framework, { logger: quiet.logger }, {}, path);
    expect(contractLines(quiet.lines)).toEqual([]);
    const asked = memoryPino();
    const { traceId } = await call(framework, { logger: asked.logger, logClientErrors: true }, {}, path);
    expect(contractLines(asked.lines)).toMatchObject([{ level: 40, status: 404, code: 'not_found', traceId }]);
  });
});

// before Hono's cases (apps.ts, FRAMEWORKS, says why)
describe("h3: h3 2's own stderr print, and the contract's line", () => {
  /** The console.error calls of one request, and whether each names the thrown error. */
  async function printed(contract: ErrorContractOptions | undefined, silent: boolean, path: string) {
    consoleError.mockClear();
    const result = await call('h3', contract, { h3Options: { silent } }, path);
    const calls = consoleError.mock.calls.map((args) => args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '));
    return { ...result, calls };
  }

  it("before: h3 prints a 5xx once itself (the error, wrapped in its HTTPError), nothing for a 404; silent: nothing", async () => {
    expect((await printed(undefined, false, '/boom')).calls).toEqual(['HTTPError: connection to db-7 failed']);
    expect((await printed(undefined, false, '/missing')).calls).toEqual([]);
    expect((await printed(undefined, true, '/boom')).calls).toEqual([]);
  });

  it("after, not silent: two lines per 5xx, h3's and the contract's (naming the trace id); none for a 404", async () => {
    const { calls, traceId } = await printed({}, false, '/boom');
    expect(calls).toEqual(['HTTPError: connection to db-7 failed', `error-contract: GET /boom -> 500 internal_server_error trace ${traceId} Error: connection to db-7 failed`]);
    expect((await printed({}, false, '/missing')).calls).toEqual([]);
  });

  it("after, with H3's silent: true (as the table sets it up): one line per 5xx, the contract's; none for a 404", async () => {
    const { calls, traceId } = await printed({}, true, '/boom');
    expect(calls).toEqual([`error-contract: GET /boom -> 500 internal_server_error trace ${traceId} Error: connection to db-7 failed`]);
    expect((await printed({}, true, '/missing')).calls).toEqual([]);
    expect((await printed({}, true, '/nowhere')).calls).toEqual([]);
  });
});

describe('express: pino-http finds the error on res.err', () => {
  const withPinoHttp = (logger: ReturnType<typeof memoryPino>['logger']): Hooks => ({ before: (app) => app.use(pinoHttp({ logger })) });

  it('before: its request line for a 500 names no error of the app', async () => {
    const { logger, lines } = memoryPino();
    await call('express', undefined, withPinoHttp(logger), '/boom');
    const request = lines.find((line) => line.res !== undefined)!;
    expect(request).toMatchObject({ res: { statusCode: 500 } });
    expect(request.err.message).toBe('failed with status code 500');
  });

  it('after: its request line carries the original error, with its stack', async () => {
    const { logger, lines } = memoryPino();
    await call('express', { logger: false }, withPinoHttp(logger), '/boom');
    const request = lines.find((line) => line.res !== undefined)!;
    expect(request).toMatchObject({ res: { statusCode: 500 }, err: { type: 'Error', message: 'connection to db-7 failed' } });
    expect(request.err.stack).toContain('connection to db-7 failed\n    at ');
  });

  it('a 404: its request line has no error, as before', async () => {
    for (const contract of [undefined, { logger: false as const }]) {
      const { logger, lines } = memoryPino();
      await call('express', contract, withPinoHttp(logger), '/missing');
      const request = lines.find((line) => line.res !== undefined)!;
      expect(request).toMatchObject({ res: { statusCode: 404 } });
      expect(request.err).toBeUndefined();
    }
  });
});

describe("koa: the 'error' event and Koa's default line", () => {
  it("before: Koa's default line is the stack alone", async () => {
    await call('koa', undefined, {}, '/boom');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toContain('Error: connection to db-7 failed');
    expect(String(consoleError.mock.calls[0]![0])).not.toContain('trace');
  });

  it("after: Koa's default line ends with the trace id, once; none for a 404", async () => {
    const { traceId } = await call('koa', {}, {}, '/boom');
    await call('koa', {}, {}, '/missing');
    expect(consoleError).toHaveBeenCalledTimes(1);
    const line = String(consoleError.mock.calls[0]![0]);
    expect(line).toContain('Error: connection to db-7 failed');
    expect(line.trimEnd().endsWith(`trace ${traceId}`)).toBe(true);
  });

  it("after: an 'error' listener logging with pino gets the original error with its traceId", async () => {
    const { logger, lines } = memoryPino();
    const seen: Error[] = [];
    const listen: Hooks = {
      after: (app) =>
        app.on('error', (error: Error) => {
          seen.push(error);
          logger.error({ err: error }, 'koa error');
        }),
    };
    const { traceId } = await call('koa', {}, listen, '/boom');
    await call('koa', {}, listen, '/missing');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.message).toBe('connection to db-7 failed');
    expect(lines).toMatchObject([{ msg: 'koa error', err: { message: 'connection to db-7 failed', traceId } }]);
    // Koa's own listener is not called once the app has one
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('the default console line (no logger option)', () => {
  it.each<Framework>(['express', 'hono'])('%s: before, no trace; after, one line naming the trace id', async (framework) => {
    await call(framework, undefined, {}, '/boom');
    expect(consoleError.mock.calls.flat().join(' ')).not.toMatch(/trace [\da-f]{32}/);
    consoleError.mockClear();
    const { traceId } = await call(framework, {}, {}, '/boom');
    await call(framework, {}, {}, '/missing');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]![0]).toBe(`error-contract: GET /boom -> 500 internal_server_error trace ${traceId}`);
    expect((consoleError.mock.calls[0]![1] as Error).message).toBe('connection to db-7 failed');
  });
});

describe("fastify: Fastify's own logger (loggerInstance), the contract's options without a logger", () => {
  const failureLines = (lines: Line[]) => lines.filter((line) => line.err !== undefined);

  it('a 500: one error line with the error and its stack, before and after; after, it names the trace id of the body', async () => {
    const before = memoryPino();
    await call('fastify', undefined, { fastifyLogger: before.logger }, '/boom');
    const [was, ...moreBefore] = failureLines(before.lines);
    expect(moreBefore).toEqual([]);
    expect(was).toMatchObject({ level: 50, msg: 'connection to db-7 failed', err: { type: 'Error', message: 'connection to db-7 failed' } });
    expect(was!.traceId).toBeUndefined();

    const after = memoryPino();
    const { traceId, body } = await call('fastify', { traceId: true }, { fastifyLogger: after.logger }, '/boom');
    const [is, ...moreAfter] = failureLines(after.lines);
    expect(moreAfter).toEqual([]);
    expect(is).toMatchObject({ level: 50, msg: 'connection to db-7 failed', err: { type: 'Error', message: 'connection to db-7 failed' }, traceId });
    expect(is!.err.stack).toContain('connection to db-7 failed\n    at ');
    expect(body.traceId).toBe(traceId);
  });

  it('a thrown 404: one info line, before and after, as Fastify logs a client error', async () => {
    for (const contract of [undefined, {}]) {
      const { logger, lines } = memoryPino();
      await call('fastify', contract, { fastifyLogger: logger }, '/missing');
      expect(failureLines(lines)).toMatchObject([{ level: 30, msg: 'No widget' }]);
    }
  });
});

describe.each<Framework>(['nest', 'nest-fastify'])("%s: Nest's own Logger (the app's logger, no logger option)", (framework) => {
  /** A Nest LoggerService keeping what it is given, as `NestFactory.create(..., { logger })` takes it. */
  function memoryNestLogger() {
    const lines: { level: string; message: unknown; rest: unknown[] }[] = [];
    const keep = (level: string) => (message: unknown, ...rest: unknown[]) => void lines.push({ level, message, rest });
    return { logger: { log: keep('log'), error: keep('error'), warn: keep('warn'), debug: keep('debug'), verbose: keep('verbose'), fatal: keep('fatal') }, lines };
  }
  const failureLines = (lines: ReturnType<typeof memoryNestLogger>['lines']) => lines.filter((line) => line.level === 'error' || line.level === 'warn' || line.level === 'fatal');

  it('a 500: one error line through the app logger, under ExceptionsHandler, naming the trace id, with the stack; nothing on the console', async () => {
    const { logger, lines } = memoryNestLogger();
    const { traceId, body } = await call(framework, { traceId: true }, { nestLogger: logger }, '/boom');
    const [line, ...more] = failureLines(lines);
    expect(more).toEqual([]);
    expect(line!.level).toBe('error');
    expect(line!.message).toBe(`error-contract: GET /boom -> 500 internal_server_error trace ${traceId}`);
    expect(String(line!.rest[0])).toContain('connection to db-7 failed\n    at ');
    expect(line!.rest.at(-1)).toBe('ExceptionsHandler');
    expect(body.traceId).toBe(traceId);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each(['/missing', '/nowhere'])('a 404 (%s): no line', async (path) => {
    const { logger, lines } = memoryNestLogger();
    await call(framework, { traceId: true }, { nestLogger: logger }, path);
    expect(failureLines(lines)).toEqual([]);
  });
});
