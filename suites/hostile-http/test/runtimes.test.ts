// The hostile requests against the Hono service on Bun, Deno and workerd, and the Elysia service on
// Bun, each in a process of its own (started as `pnpm run start:<runtime>` and `pnpm start` do). What a runtime's own server refuses before the
// app is held to the measured table (src/runtimes.ts); everything the app answers is held to what
// the Node service answers: the same status, in the contract, nothing leaked, and the same bytes.
import { bunMissing, startService as startElysia } from '@error-contract/example-elysia/server';
import { startService as startNode } from '@error-contract/example-hono/server';
import { type Runtime, RUNTIMES, runtimeMissing, startOn } from '@error-contract/example-hono/runtimes';
import type { RunningServer, StartService } from '@error-contract/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../../../test-waits.js';
import { CASES, head } from '../src/cases.js';
import { exchange, type RawAnswer } from '../src/raw-http.js';
import { APP_ANSWERS_OTHERWISE, SERVER_REFUSES } from '../src/runtimes.js';

const LEAKS = [/password=hunter2/, /\n\s+at /, /\/work\//, /node_modules/, /\.[tj]s:\d+/, /SyntaxError/, /TypeError/, /ECONNRESET/, /worker\.js/];
const CONFIG = { port: 0, host: '127.0.0.1', rateLimit: 1_000_000, rateWindowS: 60, log: () => {} };

function inContract(answer: RawAnswer, status: number, code: string | undefined): void {
  expect(answer.headers['content-type']).toMatch(/^application\/(problem\+)?json/);
  const body = JSON.parse(answer.body.toString('utf8')) as { status?: number; code?: string };
  expect(body.status).toBe(status);
  if (code !== undefined) expect(body.code).toBe(code);
}

/** What the one-body comparison looks at: the status, the Content-Type and the body's bytes. */
const answerOf = (answer: RawAnswer) => ({ status: answer.status, type: answer.headers['content-type'], body: answer.body.toString('utf8') });

// The Node service's answers, to compare each runtime's with.
const NODE = new Map<string, RawAnswer>();
let node: RunningServer;
beforeAll(async () => {
  node = await startNode(CONFIG);
  const port = Number(new URL(node.url).port);
  for (const kase of CASES) if (kase.status !== 'aborted') NODE.set(kase.name, await exchange(port, kase.pieces, kase.plan));
});
afterAll(() => node.close());

/** The hostile table against a service on `runtime`, held to that runtime's measured refusals and to the Node service's bytes. */
function describeOn(label: string, runtime: Runtime, missing: string | undefined, start: StartService): void {
  if (missing !== undefined) {
    if (process.env.CI) it(`${label}: finds the runtime`, () => expect.fail(missing));
    else it.skipIf(true)(`${label}: not installed here: ${missing}`, () => {});
    return;
  }

  describe(label, () => {
    let server: RunningServer;
    let port: number;
    beforeAll(async () => {
      server = await start(CONFIG);
      port = Number(new URL(server.url).port);
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(() => server.close());

    it.each(CASES.map((kase) => [kase.name, kase] as const))('%s', async (name, kase) => {
      const answer = await exchange(port, kase.pieces, kase.plan);
      const refused = SERVER_REFUSES[runtime][name];
      const otherwise = APP_ANSWERS_OTHERWISE[runtime][name];
      for (const leak of LEAKS) expect(answer.raw).not.toMatch(leak);
      if (refused !== undefined) {
        // the runtime's server, before the app: exactly the measured answer
        expect({ status: answer.status, contentType: answer.headers['content-type'] }).toEqual({ status: refused.status, contentType: refused.contentType });
      } else if (otherwise !== undefined) {
        if (otherwise.orClosed && answer.status === 0) expect(answer.raw).toBe('');
        else {
          expect(answer.status).toBe(otherwise.status);
          if (otherwise.status >= 400) inContract(answer, otherwise.status, otherwise.code);
        }
      } else if (kase.status !== 'aborted') {
        expect(answer.status).toBe(kase.status);
        if (kase.status >= 400 && answer.body.length > 0) inContract(answer, kase.status, kase.code);
        if (kase.status >= 400 && answer.body.length === 0) expect(String(kase.pieces[0])).toMatch(/^HEAD /);
        // what the app answers, it answers in the bytes the Node service does
        if (kase.status >= 400 && kase.bodiesDiffer === undefined) expect(answerOf(answer), `${runtime} vs node`).toEqual(answerOf(NODE.get(name)!));
      }
      // whatever came before, the service still answers
      expect((await exchange(port, [head()])).status).toBe(200);
    });
  });
}

for (const runtime of RUNTIMES) describeOn(`hono on ${runtime}`, runtime, runtimeMissing(runtime), startOn(runtime));
// Elysia serves on Bun.serve: the same server, so the same refusals before the app
describeOn('elysia on bun', 'bun', bunMissing(), startElysia);
