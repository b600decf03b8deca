// One failure, one body, on every runtime: the Hono service on Bun, Deno and workerd (each in a
// process of its own, started as `pnpm run start:<runtime>` does) answers every error case of the
// conformance table with the status, contract headers and body bytes of the same service on Node.
import { casesFor, OTHER_PATH_CASES, PREFIXES, type Received, send } from '@error-contract/conformance';
import { REFUSED_BY_SERVER, RUNTIMES, runtimeMissing, startOn } from '@error-contract/example-hono/runtimes';
import { startService as startNode } from '@error-contract/example-hono/server';
import type { RunningServer } from '@error-contract/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Headers the contract decides; the rest (Date, Connection) is the server's.
const CONTRACT_HEADERS = ['content-type', 'cache-control', 'allow', 'www-authenticate', 'retry-after', 'content-length'];
const CONFIG = { port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} };

function answerOf(received: Received) {
  const headers = Object.fromEntries(CONTRACT_HEADERS.map((name) => [name, received.headers[name]]));
  return { status: received.status, headers, body: received.text };
}

const installed = RUNTIMES.filter((runtime) => {
  const missing = runtimeMissing(runtime);
  if (missing === undefined) return true;
  if (process.env.CI) it(`${runtime}: finds the runtime`, () => expect.fail(missing));
  else it.skipIf(true)(`${runtime}: not installed here: ${missing}`, () => {});
  return false;
});

describe(`one failure, one body: Hono on Node, ${installed.join(', ')} answers every error case alike`, () => {
  let node: RunningServer;
  const servers: Array<[string, RunningServer]> = [];

  beforeAll(async () => {
    node = await startNode(CONFIG);
    const started = await Promise.all(installed.map((runtime) => startOn(runtime)(CONFIG)));
    for (const [index, server] of started.entries()) servers.push([installed[index]!, server]);
  }, 60_000);
  afterAll(() => Promise.all([node, ...servers.map(([, server]) => server)].map((server) => server.close())));

  const cases = [...PREFIXES.flatMap((prefix) => casesFor(prefix.path)), ...OTHER_PATH_CASES].filter((kase) => kase.status >= 400);
  it.each(cases.map((kase) => [`${kase.request.method} ${kase.request.path.slice(0, 60)}: ${kase.name}`, kase] as const))('%s', async (_name, kase) => {
    const expected = answerOf(await send(node.url, kase.request));
    for (const [runtime, server] of servers) {
      const received = await send(server.url, kase.request);
      const refused = REFUSED_BY_SERVER[runtime as (typeof RUNTIMES)[number]][kase.name];
      // a case the runtime's own server refuses never reaches the app: its measured refusal instead
      if (refused !== undefined) expect({ status: received.status, contentType: received.headers['content-type'] }, `${runtime}: its server's refusal`).toEqual(refused);
      else expect(answerOf(received), `${runtime} vs node`).toEqual(expected);
    }
  });
});
