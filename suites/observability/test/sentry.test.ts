// Issue 27, item 4: the Sentry SDK set up as its docs say for each framework (its Express error
// handler before ours, Koa's app.on('error'), Hono's middleware that captures what onError saw,
// Fastify's setupFastifyErrorHandler before the routes),
// with a transport that keeps the envelopes in memory. Each 5xx is captured once, with the
// original error; a 4xx is not. Sentry runs its own tracing: this file does not load ./otel.js,
// and runs in a worker of its own. (This Sentry version registers no OpenTelemetry global, so the
// contract cannot read its spans: the body's trace id there is the traceparent's or a new one.)
import { createRequire } from 'node:module';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Framework, FRAMEWORKS, type Hooks, makeApp } from './apps.js';

const load = createRequire(import.meta.url);

interface SentryEvent {
  exception?: { values?: { type?: string; value?: string; mechanism?: { type?: string } }[] };
  contexts?: { trace?: { trace_id?: string } };
}

/** The part of @sentry/node used here (it ships no types in this version). */
interface SentryNode {
  init(options: Record<string, unknown>): unknown;
  createTransport(options: unknown, send: (request: { body: string | Uint8Array }) => Promise<{ statusCode: number }>): unknown;
  flush(timeout: number): Promise<boolean>;
  close(timeout: number): Promise<boolean>;
  setupExpressErrorHandler(app: unknown): void;
  setupKoaErrorHandler(app: unknown): void;
  honoMiddleware(app: unknown): unknown;
  setupFastifyErrorHandler(app: unknown): void;
  captureException(error: unknown): string;
}

// Sentry first, as its docs say (an instrument file loaded before the app).
const Sentry = load('@sentry/node') as SentryNode;
const envelopes: (string | Uint8Array)[] = [];
const originals: unknown[] = [];
Sentry.init({
  dsn: 'http://public@127.0.0.1:9/1',
  tracesSampleRate: 1,
  // Sentry's dedupe would drop a second capture of the same failure: off, so "once" is measured
  integrations: (defaults: { name: string }[]) => defaults.filter((integration) => integration.name !== 'Dedupe'),
  // the local transport: nothing leaves the process
  transport: (options: unknown) =>
    Sentry.createTransport(options, async (request) => {
      envelopes.push(request.body);
      return { statusCode: 200 };
    }),
  beforeSend(event: SentryEvent, hint: { originalException?: unknown }) {
    originals.push(hint.originalException);
    return event;
  },
});
afterAll(() => Sentry.close(2000));

/** The error events of the envelopes sent so far (one JSON line per header and per item). */
function errorEvents(): SentryEvent[] {
  const events: SentryEvent[] = [];
  for (const envelope of envelopes) {
    const lines = (typeof envelope === 'string' ? envelope : new TextDecoder().decode(envelope)).split('\n');
    for (let index = 1; index + 1 < lines.length; index += 2) {
      if ((JSON.parse(lines[index]!) as { type?: string }).type === 'event') events.push(JSON.parse(lines[index + 1]!) as SentryEvent);
    }
  }
  return events;
}

/** The setup Sentry's docs give for each framework. Nest's is @sentry/nestjs's, in nest-sentry.test.ts. */
const SETUP: Record<Exclude<Framework, 'nest' | 'nest-fastify' | 'h3'>, Hooks> = {
  // "Add this after all routes, but before any and other error-handling middlewares are defined"
  express: { after: (app) => Sentry.setupExpressErrorHandler(app) },
  // an 'error' listener on the app
  koa: { after: (app) => Sentry.setupKoaErrorHandler(app) },
  // a middleware that captures the error Hono handed to onError (c.error)
  hono: { before: (app) => app.use(Sentry.honoMiddleware(app)) },
  // "before any routes": its plugin's onError hook sees what a handler threw, before any error handler
  fastify: { before: (app) => Sentry.setupFastifyErrorHandler(app) },
};

const WITH_SENTRY_SETUP = FRAMEWORKS.filter((framework): framework is keyof typeof SETUP => framework in SETUP);

async function captured(framework: keyof typeof SETUP | 'h3', withContract: boolean, path: string) {
  envelopes.length = 0;
  originals.length = 0;
  // h3: @sentry/node has no h3 handler (its nitroIntegration runs inside a Nitro build): the
  // contract's onError hands each 5xx to Sentry, as the Nest and Next.js rows do
  const contract = framework === 'h3' ? { traceId: true, logger: false as const, onError: toSentry } : { traceId: true, logger: false as const };
  const app = await makeApp(framework, load, withContract ? contract : undefined, framework === 'h3' ? { h3Options: { silent: true } } : SETUP[framework]).listen();
  try {
    const response = await fetch(`${app.url}${path}`, { headers: { accept: 'application/json' } });
    const text = await response.text();
    await Sentry.flush(2000);
    return { status: response.status, text, events: errorEvents(), originals: [...originals] };
  } finally {
    await app.close();
  }
}

/** The contract's onError as the observability table sets it up for h3 and Nitro: 5xx to Sentry. */
function toSentry(error: unknown, problem: { status: number }): void {
  if (problem.status >= 500) Sentry.captureException(error);
}

beforeEach(() => {
  // the bare apps' own default logging is not what this file looks at
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

// before Hono's cases (apps.ts, FRAMEWORKS, says why)
describe('h3 with Sentry (the contract\'s onError)', () => {
  it('a 500 is captured once, with the original error', async () => {
    const { status, events, originals: seen } = await captured('h3', true, '/boom');
    expect(status).toBe(500);
    expect(events).toHaveLength(1);
    expect(events[0]!.exception?.values?.at(-1)).toMatchObject({ type: 'Error', value: 'connection to db-7 failed' });
    expect(seen).toHaveLength(1);
    expect((seen[0] as Error).message).toBe('connection to db-7 failed');
  });

  it.each(['/missing', '/nowhere'])('a 404 (%s) is not captured', async (path) => {
    const { status, events } = await captured('h3', true, path);
    expect(status).toBe(404);
    expect(events).toEqual([]);
  });

  it('without the contract, nothing reaches Sentry: @sentry/node sets up nothing for h3', async () => {
    const { status, events } = await captured('h3', false, '/boom');
    expect(status).toBe(500);
    expect(events).toEqual([]);
  });
});

describe.each(WITH_SENTRY_SETUP)('%s with Sentry', (framework) => {
  it('a 500 is captured once, with the original error, before and after', async () => {
    for (const withContract of [false, true]) {
      const { status, events, originals: seen } = await captured(framework, withContract, '/boom');
      expect(status).toBe(500);
      expect(events).toHaveLength(1);
      expect(events[0]!.exception?.values?.at(-1)).toMatchObject({ type: 'Error', value: 'connection to db-7 failed' });
      expect(seen).toHaveLength(1);
      expect((seen[0] as Error).message).toBe('connection to db-7 failed');
    }
  });

  it.each(['/missing', '/nowhere'])('a 404 (%s) is not captured with the contract', async (path) => {
    const { status, events } = await captured(framework, true, path);
    expect(status).toBe(404);
    expect(events).toEqual([]);
  });
});

describe('before the contract', () => {
  it("koa: Sentry's 'error' listener also captures a thrown 404, which Koa emits", async () => {
    const { status, events } = await captured('koa', false, '/missing');
    expect(status).toBe(404);
    expect(events).toHaveLength(1);
  });

  it.each<keyof typeof SETUP>(['express', 'hono', 'fastify'])('%s: a thrown 404 is not captured', async (framework) => {
    const { status, events } = await captured(framework, false, '/missing');
    expect(status).toBe(404);
    expect(events).toEqual([]);
  });
});
