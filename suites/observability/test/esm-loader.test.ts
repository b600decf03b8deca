// The ESM setup of the site's Observability page (docs/observability.md), run as an app runs it: `node --import ./register.mjs app.mjs`, with
// OpenTelemetry's loader hook registered first. Without the hook an ESM app's Express is never
// instrumented; with it, the trace of a failure is what the Observability section says.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_INTERVAL_MS, PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';

const ESM = fileURLToPath(new URL('../esm/', import.meta.url));

interface SpanView {
  name: string;
  kind: number;
  traceId: string;
  attributes: Record<string, unknown>;
  status: number;
  events: string[];
}

describe('an ESM app with the loader hook (node --import ./register.mjs app.mjs)', () => {
  let url = '';
  let stop: () => void = () => {};
  beforeAll(async () => {
    const child = spawn(process.execPath, ['--import', './register.mjs', 'app.mjs'], { cwd: ESM, stdio: ['ignore', 'pipe', 'pipe'] });
    stop = () => child.kill('SIGTERM');
    url = await new Promise<string>((resolve, reject) => {
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      let output = '';
      const timer = setTimeout(() => reject(new Error(`no ready line within ${PROCESS_WAIT_MS} ms: ${output} ${errors}`)), PROCESS_WAIT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /listening on (\S+)/.exec(output);
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]!);
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}: ${errors}`));
      });
    });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(() => stop());

  async function failure(path: string) {
    const response = await fetch(`${url}${path}`, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { traceId?: string; code: string };
    // the server span ends when the response closes: read the spans once it is there
    // the span is recorded in the app's process: on a loaded machine it can take seconds
    for (const deadline = Date.now() + PROCESS_WAIT_MS; Date.now() < deadline; ) {
      const spans = (await (await fetch(`${url}/spans`)).json()) as SpanView[];
      const server = spans.find((span) => span.kind === 1 && span.traceId === body.traceId);
      if (server !== undefined) return { status: response.status, body, server, spans: spans.filter((span) => span.traceId === body.traceId) };
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
    throw new Error(`no server span for ${path} within ${PROCESS_WAIT_MS} ms`);
  }

  it("a 5xx: the body's traceId is the server span's; the span is ERROR with the exception, error.type as the HTTP instrumentation 0.301 leaves it (\"500\")", async () => {
    const { status, body, server } = await failure('/api/crash');
    expect(status).toBe(500);
    expect(body.code).toBe('internal_server_error');
    expect(server.status).toBe(2);
    expect(server.events).toContain('exception');
    expect(server.attributes['error.type']).toBe('500');
  });

  it('a 4xx keeps the contract code as error.type, status unset', async () => {
    const { status, server, spans } = await failure('/api/widgets/9');
    expect(status).toBe(404);
    expect(server.attributes['error.type']).toBe('not_found');
    expect(server.status).toBe(0);
    // the hook made Express's own spans: the ESM import was instrumented
    expect(spans.some((span) => String(span.name).startsWith('request handler') || String(span.name).startsWith('middleware'))).toBe(true);
  });
});
