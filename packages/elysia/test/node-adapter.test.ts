// Elysia on Node through @elysiajs/node: the table's rows over real HTTP, as on Bun.
import { node } from '@elysiajs/node';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createApp, ROWS } from './fixture-app.js';
import { expectRow } from './rows.js';
import { send } from './send.js';
import { freePort } from '../../../test-support/free-port.js';

/** A port free now: @elysiajs/node reports the port it was given, so port 0's choice is not known. */

describe('errorContract() on Node through @elysiajs/node, over HTTP', () => {
  let app: ReturnType<typeof createApp>;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    app = createApp({ adapter: node() });
    await new Promise<void>((resolve) => app.listen({ hostname: '127.0.0.1', port }, () => resolve()));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app.server?.stop();
  });

  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    await expectRow(await send(url, row), row);
  });
});
