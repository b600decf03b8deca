// The reference services the testing kit is checked against, started on 127.0.0.1 at port 0. They
// live here, in a suite, not in the kit's own tests: the examples' tests use the kit, so the kit
// depending on the examples would make a workspace cycle.
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';

export interface Running {
  url: string;
  close(): Promise<void>;
}

export const REFERENCE_SERVICES = [
  ['express', startExpress],
  ['koa', startKoa],
  ['hono', startHono],
] as const;

export const WRITER = { authorization: 'Bearer writer-token' };

export function startReference(start: (typeof REFERENCE_SERVICES)[number][1]): Promise<Running> {
  return start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} });
}
