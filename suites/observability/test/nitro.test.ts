// Nitro 3's built server (examples/nitro: `node .output/server/index.mjs`, in a process of its
// own) under OpenTelemetry: `--import ./nitro/register.mjs` (the loader hook, the SDK, the HTTP
// instrumentation) through NODE_OPTIONS, the spans written to a file this test reads. The
// reference service's contract sets no `traceId` member in its bodies: the trace checked is the
// incoming traceparent's, which the server span continues.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, NITRO_3 } from '@error-contract/example-nitro/build';
import { startService } from '@error-contract/example-nitro/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS, PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { INCOMING_TRACE_ID, TRACEPARENT } from './apps.js';

const REGISTER = fileURLToPath(new URL('../nitro/register.mjs', import.meta.url));

type RunningServer = Awaited<ReturnType<typeof startService>>;

interface SpanView {
  name: string;
  kind: number;
  traceId: string;
  attributes: Record<string, unknown>;
  status: number;
  events: string[];
}

describe('nitro (built server) under OpenTelemetry', () => {
  const folder = mkdtempSync(join(tmpdir(), 'nitro-spans-'));
  const spansFile = join(folder, 'spans.jsonl');
  const logged: string[] = [];
  let server: RunningServer;

  beforeAll(async () => {
    // built first, without the hook: `nitro build` is not the process under test
    await ensureBuilt(NITRO_3);
    const earlier = { NODE_OPTIONS: process.env.NODE_OPTIONS, SPANS_FILE: process.env.SPANS_FILE };
    process.env.NODE_OPTIONS = `${earlier.NODE_OPTIONS ?? ''} --import ${REGISTER}`.trim();
    process.env.SPANS_FILE = spansFile;
    try {
      server = await startService({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: (...args) => logged.push(args.map(String).join(' ')) });
    } finally {
      for (const [name, value] of Object.entries(earlier)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The server span of one request sent with a traceparent, once the server process wrote it. */
  async function serverSpan(path: string, traceId: string) {
    const response = await fetch(`${server.url}${path}`, { headers: { accept: 'application/json', authorization: 'Bearer reader-token', traceparent: TRACEPARENT.replace(INCOMING_TRACE_ID, traceId) } });
    const body = (await response.json()) as { code: string };
    for (const deadline = Date.now() + PROCESS_WAIT_MS; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))) {
      if (!existsSync(spansFile)) continue;
      // the server process appends a line per span: a line not ended yet is half written, and is
      // read whole at the next look
      const spans = readFileSync(spansFile, 'utf8')
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as SpanView);
      const span = spans.find((found) => found.kind === 1 && found.traceId === traceId);
      if (span !== undefined) return { status: response.status, body, span };
    }
    throw new Error(`no server span for ${path} within ${PROCESS_WAIT_MS} ms`);
  }

  it('a 5xx: the server span continues the traceparent, is ERROR, error.type "500" as the HTTP instrumentation leaves it, one exception event; one contract log line', async () => {
    logged.length = 0;
    const traceId = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1';
    const { status, body, span } = await serverSpan('/api/client/v2/fail', traceId);
    expect(status).toBe(500);
    expect(body.code).toBe('internal_server_error');
    expect(span.status).toBe(2);
    expect(span.events.filter((name) => name === 'exception')).toHaveLength(1);
    expect(span.attributes['error.type']).toBe('500');
    await expect.poll(() => logged.filter((line) => line.startsWith('GET /api/client/v2/fail -> 500')).length, { timeout: PROCESS_WAIT_MS, interval: POLL_INTERVAL_MS }).toBe(1);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('a 4xx: error.type is the contract code, status unset, no exception, no log line', async () => {
    logged.length = 0;
    const traceId = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2';
    const { status, span } = await serverSpan('/api/client/v2/widgets/999999', traceId);
    expect(status).toBe(404);
    expect(span.attributes['error.type']).toBe('not_found');
    expect(span.status).toBe(0);
    expect(span.events).not.toContain('exception');
    expect(logged).toEqual([]);
  }, PROCESS_TEST_TIMEOUT_MS);

  it("the built server's own stderr (what startService passes on) holds no print of a 5xx or a thrown 4xx: the contract's line is the only one (its middleware turns h3's off)", async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    try {
      logged.length = 0;
      await serverSpan('/api/client/v2/widgets/999999', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa4');
      await serverSpan('/api/client/v2/fail', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa3');
      // h3 printed before the error handler ran, so before the contract's line: once that line is
      // in, a print of h3's would be too
      await expect.poll(() => logged.filter((line) => line.startsWith('GET /api/client/v2/fail -> 500')).length, { timeout: PROCESS_WAIT_MS, interval: POLL_INTERVAL_MS }).toBe(1);
      expect(written.join('')).not.toMatch(/connection to db-7 failed|No widget has the id|ContractError/);
    } finally {
      spy.mockRestore();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});
