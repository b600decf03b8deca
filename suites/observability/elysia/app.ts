// Elysia on Bun with the contract and Sentry (`@sentry/bun`, as its docs set it up: init first),
// run by Bun (`bun app.ts`) from test/elysia.test.ts. Sentry's envelopes are written to stdout as
// `sentry-envelope <json>` lines (a transport that keeps them: nothing leaves the machine); the
// contract's onError hands each 5xx to Sentry, as the observability table sets it up, and its
// logger writes one line per 5xx to stderr.
import * as Sentry from '@sentry/bun';

Sentry.init({
  dsn: 'http://public@127.0.0.1:9/1',
  // Sentry's dedupe would drop a second capture of the same failure: off, so "once" is measured
  integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Dedupe'),
  transport: (options) =>
    Sentry.createTransport(options, async (request) => {
      const body = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
      process.stdout.write(`sentry-envelope ${JSON.stringify(body)}\n`);
      return { statusCode: 200 };
    }),
});

const { Elysia, NotFoundError } = await import('elysia');
const { errorContract } = await import('@error-contract/elysia');

const errors = errorContract({
  // with onError given, core writes no console line of its own: a logger keeps the 5xx line
  // (Elysia has no logger; any `{ error(fields, message) }` will do, pino too)
  logger: { error: (fields: { err?: unknown }, message: string) => console.error(message, fields.err) },
  onError: (error, problem) => {
    if (problem.status >= 500) Sentry.captureException(error);
  },
});
const app = new Elysia()
  .use(errors)
  .get('/boom', () => {
    throw new Error('connection to db-7 failed');
  })
  .get('/missing', () => {
    throw new NotFoundError('No widget');
  })
  .get('/flush', async () => ((await Sentry.flush(5000)) ? 'flushed' : 'not flushed'))
  .listen({ port: 0, hostname: '127.0.0.1' });
console.log(`listening on http://127.0.0.1:${app.server!.port}`);
