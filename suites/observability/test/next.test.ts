// Issue 51: Next.js (16, `next build` and `next start`) with OpenTelemetry as Next's docs set it up
// by hand (instrumentation.ts registers a tracer provider; Next makes its own spans, its request's
// server span among them) and with @sentry/nextjs as its docs set it up (withSentryConfig,
// instrumentation.ts importing sentry.server.config, `onRequestError`). The app is next-app/; its
// server writes finished spans or Sentry envelopes to a file this test reads. Nothing leaves
// 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { INCOMING_TRACE_ID, TRACEPARENT } from './apps.js';

const APP = join(dirname(fileURLToPath(import.meta.url)), '..', 'next-app');
const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');
const SOURCES = ['app', 'lib', 'instrumentation.ts', 'otel-setup.ts', 'sentry.server.config.ts', 'next.config.ts', '../../../packages/next/dist', '../../../packages/core/dist'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  return stat.isDirectory() ? Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry)))) : stat.mtimeMs;
}

/** `next build` unless .next is newer than every source. */
function ensureBuilt(): void {
  const id = join(APP, '.next', 'BUILD_ID');
  if (existsSync(id) && SOURCES.every((source) => newest(join(APP, source)) <= statSync(id).mtimeMs)) return;
  const built = spawnSync(process.execPath, [NEXT_BIN, 'build'], { cwd: APP, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`next build failed:\n${built.stdout}\n${built.stderr}`);
}

interface Started {
  url: string;
  stderr: () => string;
  close(): Promise<void>;
}

/** `next start` on a free port with the given environment; resolves at its ready line. */
async function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-p', '0', '-H', '127.0.0.1'], { cwd: APP, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`next start: no ready line within ${PROCESS_WAIT_MS} ms: ${output}${errors}`)), PROCESS_WAIT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const local = /- Local:\s+(http:\/\/\S+)/.exec(output);
      if (local !== null && /Ready in/.test(output)) {
        clearTimeout(timer);
        resolve(local[1]!.replace(/\/$/, ''));
      }
    });
    void exited.then(() => reject(new Error(`next start exited: ${output}${errors}`)));
  });
  return {
    url,
    stderr: () => errors,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until `found` returns something (a file written by the server), bounded. */
async function eventually<T>(found: () => T | undefined, what: string): Promise<T> {
  for (const started = Date.now(); Date.now() - started < PROCESS_WAIT_MS; await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))) {
    const value = found();
    if (value !== undefined) return value;
  }
  throw new Error(`${what}: not within ${PROCESS_WAIT_MS} ms`);
}

// the lines a process has ended: a line without its newline yet is half written, read at the next look
const readLines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1).filter((line) => line !== '') : []);

let work: string;
beforeAll(() => {
  ensureBuilt();
  work = mkdtempSync(join(tmpdir(), 'obs-next-'));
}, 5 * PROCESS_WAIT_MS);
afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

interface SpanLine {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code: number };
  events: { name: string; attributes?: Record<string, unknown> }[];
}

describe('next.js under OpenTelemetry (instrumentation.ts, Next its own spans)', () => {
  let server: Started;
  const file = () => join(work, 'spans.jsonl');
  beforeAll(async () => {
    server = await start({ OBS_MODE: 'otel', OBS_OUT_FILE: file() });
  });
  afterAll(() => server?.close());

  /** The spans of one request: waits until the server span of the body's trace is written. */
  async function traced(path: string, headers: Record<string, string>) {
    // one request's spans at a time (every request with the traceparent shares its trace id)
    writeFileSync(file(), '');
    const response = await fetch(`${server.url}${path}`, { headers: { accept: 'application/json', ...headers } });
    const body = (await response.json()) as { traceId?: string; code: string };
    const spans = await eventually(() => {
      const all = readLines(file()).map((line) => JSON.parse(line) as SpanLine).filter((span) => span.traceId === body.traceId);
      return all.some((span) => span.kind === 1) ? all : undefined;
    }, `the server span of ${path}`);
    return { status: response.status, body, spans, server: spans.find((span) => span.kind === 1)! };
  }

  describe.each([
    ['no traceparent', {}],
    ['an incoming traceparent', { traceparent: TRACEPARENT }],
  ])('with %s', (name, headers) => {
    it("/api/boom (500): the body's trace id is the server span's; the exception is recorded once, error.type set", async () => {
      const { status, body, spans, server: root } = await traced('/api/boom', headers);
      expect(status).toBe(500);
      expect(body.code).toBe('internal_server_error');
      expect(body.traceId).toBe(root.traceId);
      if (name !== 'no traceparent') expect(body.traceId).toBe(INCOMING_TRACE_ID);
      // Next's server span is ERROR for a 5xx response (its own rule), the contract's mark is on
      // the span active in the handler
      const marked = spans.filter((span) => span.attributes['error.type'] !== undefined);
      expect(marked.map((span) => span.attributes['error.type'])).toContain('internal_server_error');
      const exceptions = spans.flatMap((span) => span.events.filter((event) => event.name === 'exception'));
      expect(exceptions).toHaveLength(1);
      expect(exceptions[0]!.attributes).toMatchObject({ 'exception.message': 'connection to db-7 failed' });
      console.log(`next ${name} /api/boom spans:`, JSON.stringify(spans.map((span) => ({ name: span.name, kind: span.kind, status: span.status.code, errorType: span.attributes['error.type'], route: span.attributes['http.route'], exceptions: span.events.filter((event) => event.name === 'exception').length }))));
    });

    it.each(['/api/missing', '/api/nowhere'])("%s (404): the body's trace id is the server span's, error.type not_found, no exception", async (path) => {
      const { status, body, spans, server: root } = await traced(path, headers);
      expect(status).toBe(404);
      expect(body.code).toBe('not_found');
      expect(body.traceId).toBe(root.traceId);
      expect(spans.filter((span) => span.attributes['error.type'] !== undefined).map((span) => span.attributes['error.type'])).toContain('not_found');
      expect(spans.flatMap((span) => span.events.filter((event) => event.name === 'exception'))).toEqual([]);
    });
  });

  it('a 5xx is one console line (core\'s, Next having no logger), naming the trace id; a 404 none', async () => {
    const before = server.stderr().split('\n').filter((line) => line.startsWith('error-contract:')).length;
    const { body } = await traced('/api/boom', {});
    await traced('/api/missing', {});
    const lines = await eventually(() => {
      const found = server.stderr().split('\n').filter((line) => line.startsWith('error-contract:')).slice(before);
      return found.length > 0 ? found : undefined;
    }, 'the 5xx line');
    // console.error(line, error): the line, then the error's stack on the lines after it
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(`error-contract: GET /api/boom -> 500 internal_server_error trace ${body.traceId} Error: connection to db-7 failed`)).toBe(true);
  });
});

interface SentryEvent {
  exception?: { values?: { type?: string; value?: string }[] };
}

/** The items of the envelopes written so far, by type ('event', 'transaction'). */
function sentryItems(file: string): { type: string; payload: SentryEvent }[] {
  const items: { type: string; payload: SentryEvent }[] = [];
  for (const envelope of readLines(file).map((line) => JSON.parse(line) as string)) {
    const lines = envelope.split('\n');
    for (let index = 1; index + 1 < lines.length; index += 2) {
      items.push({ type: (JSON.parse(lines[index]!) as { type: string }).type, payload: JSON.parse(lines[index + 1]!) as SentryEvent });
    }
  }
  return items;
}

describe.each([
  ["@sentry/nextjs's own setup", {}],
  ["@sentry/nextjs's setup and the contract's onError", { OBS_SENTRY_ON_ERROR: '1' }],
])('next.js with %s', (name, env) => {
  const onError = 'OBS_SENTRY_ON_ERROR' in env;
  it(onError ? 'a 500 is captured once, with the original error; a 404 not' : 'a 500 is not captured (the contract answers it: Next never sees it), nor a 404', async () => {
    const file = join(work, `sentry-${onError ? 'on-error' : 'own'}.jsonl`);
    const server = await start({ OBS_MODE: 'sentry', OBS_OUT_FILE: file, ...env });
    try {
      expect((await fetch(`${server.url}/api/boom`, { headers: { accept: 'application/json' } })).status).toBe(500);
      expect((await fetch(`${server.url}/api/missing`, { headers: { accept: 'application/json' } })).status).toBe(404);
      expect((await fetch(`${server.url}/api/nowhere`, { headers: { accept: 'application/json' } })).status).toBe(404);
      // Sentry 11 streams each request's spans ('span' items) after its response; an error event
      // is captured before the response is sent. Once three span envelopes are written (and a
      // quiet while after), what the three requests made is written.
      await eventually(() => {
        const found = sentryItems(file);
        return found.filter((item) => item.type === 'span').length >= 3 && (!onError || found.some((item) => item.type === 'event')) ? true : undefined;
      }, 'the span envelopes of three requests');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const items = sentryItems(file);
      const events = items.filter((item) => item.type === 'event').map((item) => item.payload);
      console.log(`next ${name}: error events for one 500 and two 404s: ${events.length}`);
      if (onError) {
        expect(events).toHaveLength(1);
        expect(events[0]!.exception?.values?.at(-1)).toMatchObject({ type: 'Error', value: 'connection to db-7 failed' });
      } else expect(events).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
