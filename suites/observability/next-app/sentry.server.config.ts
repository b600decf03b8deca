// @sentry/nextjs's server set-up, with a transport that appends each envelope to a file (nothing
// leaves the machine) and Sentry's dedupe off, so that "once" is measured.
import { appendFileSync } from 'node:fs';
import * as Sentry from '@sentry/nextjs';

const file = process.env.OBS_OUT_FILE!;

Sentry.init({
  dsn: 'http://public@127.0.0.1:9/1',
  tracesSampleRate: 1,
  integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Dedupe'),
  transport: (options: Parameters<typeof Sentry.createTransport>[0]) =>
    Sentry.createTransport(options, async (request) => {
      const body = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
      appendFileSync(file, `${JSON.stringify(body)}\n`);
      return { statusCode: 200 };
    }),
});
