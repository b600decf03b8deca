// Elysia on Bun (elysia/app.ts, in a Bun process of its own) with `@sentry/bun` and the contract's
// onError handing 5xx to Sentry: each 5xx captured once with its error, no 4xx; one contract
// line per 5xx on stderr (core's console line: Elysia has no logger), none per 404.
// OpenTelemetry on Bun (`@elysiajs/opentelemetry`) is not covered here.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRuntimeBinary } from '../../../scripts/runtimes.mjs';
import { POLL_INTERVAL_MS, PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';

const APP_DIR = fileURLToPath(new URL('../elysia/', import.meta.url));
// Bun comes with examples/elysia's devDependency (scripts/runtimes.mjs says why)
const EXAMPLE_ELYSIA = fileURLToPath(new URL('../../../examples/elysia/', import.meta.url));

interface SentryEvent {
  exception?: { values?: { type?: string; value?: string }[] };
}

describe('elysia on bun with @sentry/bun and the contract', () => {
  let url = '';
  let stdout = '';
  let stderr = '';
  let stop: () => void = () => {};

  beforeAll(async () => {
    const child = spawn(requireRuntimeBinary('bun', EXAMPLE_ELYSIA), ['app.ts'], { cwd: APP_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DO_NOT_TRACK: '1' } });
    stop = () => child.kill('SIGKILL');
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line within ${PROCESS_WAIT_MS} ms: ${stdout} ${stderr}`)), PROCESS_WAIT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const ready = /listening on (\S+)/.exec(stdout);
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]!);
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}: ${stderr}`));
      });
    });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(() => stop());

  /** The error events of the envelopes written so far. */
  function errorEvents(): SentryEvent[] {
    const events: SentryEvent[] = [];
    for (const [, json] of stdout.matchAll(/^sentry-envelope (.*)$/gm)) {
      const lines = (JSON.parse(json!) as string).split('\n');
      for (let index = 1; index + 1 < lines.length; index += 2) {
        if ((JSON.parse(lines[index]!) as { type?: string }).type === 'event') events.push(JSON.parse(lines[index + 1]!) as SentryEvent);
      }
    }
    return events;
  }

  async function request(path: string) {
    stdout = stdout.replace(/^sentry-envelope .*\n/gm, '');
    stderr = '';
    const response = await fetch(`${url}${path}`, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { code: string };
    expect(await (await fetch(`${url}/flush`)).text()).toBe('flushed');
    return { status: response.status, body };
  }

  it('a 500: captured once with the original error; one contract line on stderr', async () => {
    const { status, body } = await request('/boom');
    expect(status).toBe(500);
    expect(body.code).toBe('internal_server_error');
    await expect.poll(() => errorEvents().length, { timeout: PROCESS_WAIT_MS, interval: POLL_INTERVAL_MS }).toBe(1);
    expect(errorEvents()[0]!.exception?.values?.at(-1)).toMatchObject({ type: 'Error', value: 'connection to db-7 failed' });
    await expect.poll(() => stderr, { timeout: PROCESS_WAIT_MS, interval: POLL_INTERVAL_MS }).toContain('error-contract: GET /boom -> 500 internal_server_error');
    expect(stderr.match(/error-contract: /g)).toHaveLength(1);
  }, PROCESS_TEST_TIMEOUT_MS);

  it.each(['/missing', '/nowhere'])('a 404 (%s): not captured, no line', async (path) => {
    const { status, body } = await request(path);
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
    expect(errorEvents()).toEqual([]);
    expect(stderr).not.toContain('error-contract: ');
  }, PROCESS_TEST_TIMEOUT_MS);
});
