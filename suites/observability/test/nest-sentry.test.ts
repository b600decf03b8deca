// Issue 51: Nest (both platforms) with @sentry/nestjs set up as its docs say: `Sentry.init` before
// Nest is loaded and `SentryModule.forRoot()` in the app module. Its docs' answer for an app whose
// global filter catches everything (the contract's does) is to capture in that filter; the
// contract's filter is not the app's to decorate (`@SentryExceptionCaptured()`), so the capture is
// the contract's `onError`, for a 5xx only, with Nest's Logger kept as the 5xx line
// (`nestLogger(new Logger('ExceptionsHandler'))`: an `onError` otherwise replaces the default line).
// With SentryModule.forRoot() alone, no 5xx reaches Sentry. A transport keeps the envelopes in memory. Runs in a worker of its own, without ./otel.js:
// @sentry/nestjs (11.0.0-rc.1, the first to name Nest 12 in its peer range) runs its own tracing.
import { createRequire } from 'node:module';
import type { ErrorContractOptions } from '@error-contract/core';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const load = createRequire(import.meta.url);
const Sentry = load('@sentry/nestjs') as typeof import('@sentry/nestjs');
const envelopes: (string | Uint8Array)[] = [];
const originals: unknown[] = [];
Sentry.init({
  dsn: 'http://public@127.0.0.1:9/1',
  tracesSampleRate: 1,
  // Sentry's dedupe would drop a second capture of the same failure: off, so "once" is measured
  integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Dedupe'),
  // the local transport: nothing leaves the process
  transport: (options) =>
    Sentry.createTransport(options, async (request) => {
      envelopes.push(request.body);
      return { statusCode: 200 };
    }),
  beforeSend(event, hint) {
    originals.push(hint.originalException);
    return event;
  },
});
afterAll(() => Sentry.close(2000));

// loaded after Sentry.init, as its docs say (instrument.ts first)
const { SentryModule } = (await import('@sentry/nestjs/setup')) as typeof import('@sentry/nestjs/setup');
const { Logger } = await import('@nestjs/common');
const { nestLogger } = await import('@error-contract/nest');
const { makeApp } = await import('./apps.js');

interface SentryEvent {
  exception?: { values?: { type?: string; value?: string }[] };
}

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

/** The contract's options of this setup: a 5xx to Sentry, Nest's Logger for its line. */
const withSentry = (): ErrorContractOptions => ({
  traceId: true,
  logger: nestLogger(new Logger('ExceptionsHandler')),
  onError: (error, problem) => {
    if (problem.status >= 500) Sentry.captureException(error);
  },
});

async function captured(framework: 'nest' | 'nest-fastify', path: string) {
  envelopes.length = 0;
  originals.length = 0;
  const logged: unknown[][] = [];
  const nestLog = { log() {}, warn: (...args: unknown[]) => void logged.push(['warn', ...args]), error: (...args: unknown[]) => void logged.push(['error', ...args]) };
  const app = await makeApp(framework, load, withSentry(), { nestImports: [SentryModule.forRoot()], nestLogger: nestLog }).listen();
  try {
    const response = await fetch(`${app.url}${path}`, { headers: { accept: 'application/json' } });
    const text = await response.text();
    await Sentry.flush(2000);
    return { status: response.status, text, events: errorEvents(), originals: [...originals], logged };
  } finally {
    await app.close();
  }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

describe.each(['nest', 'nest-fastify'] as const)('%s with @sentry/nestjs alone (SentryModule.forRoot(), no onError)', (framework) => {
  it('a 500 is not captured: the contract\'s filter answers it, and nothing of Sentry sees it', async () => {
    envelopes.length = 0;
    originals.length = 0;
    const app = await makeApp(framework, load, { traceId: true }, { nestImports: [SentryModule.forRoot()], nestLogger: { log() {}, warn() {}, error() {} } }).listen();
    try {
      expect((await fetch(`${app.url}/boom`, { headers: { accept: 'application/json' } })).status).toBe(500);
      await Sentry.flush(2000);
      expect(errorEvents()).toEqual([]);
      // Sentry did see the request: its transaction was sent
      expect(envelopes.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe.each(['nest', 'nest-fastify'] as const)('%s with @sentry/nestjs', (framework) => {
  it('a 500 is captured once, with the original error, and logged once through Nest', async () => {
    const { status, events, originals: seen, logged, text } = await captured(framework, '/boom');
    expect(status).toBe(500);
    expect(events).toHaveLength(1);
    expect(events[0]!.exception?.values?.at(-1)).toMatchObject({ type: 'Error', value: 'connection to db-7 failed' });
    expect(seen).toHaveLength(1);
    expect((seen[0] as Error).message).toBe('connection to db-7 failed');
    expect(logged).toHaveLength(1);
    expect(logged[0]![1]).toMatch(/^error-contract: GET \/boom -> 500 internal_server_error trace [\da-f]{32}$/);
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_server_error' });
  });

  it.each(['/missing', '/nowhere'])('a 404 (%s) is not captured, nor logged', async (path) => {
    const { status, events, logged } = await captured(framework, path);
    expect(status).toBe(404);
    expect(events).toEqual([]);
    expect(logged).toEqual([]);
  });
});
