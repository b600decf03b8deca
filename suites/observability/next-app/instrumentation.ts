// Next.js calls register() once as the server starts. OBS_MODE=otel: an OpenTelemetry SDK as
// Next's docs set one up by hand (a tracer provider, the context manager, the W3C propagator;
// Next makes its own spans, the request's server span among them), exporting to a file the test
// reads. OBS_MODE=sentry: @sentry/nextjs as its docs set it up (sentry.server.config, and
// onRequestError below).
import * as Sentry from '@sentry/nextjs';

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.OBS_MODE === 'otel') (await import('./otel-setup')).setUp(process.env.OBS_OUT_FILE!);
  if (process.env.OBS_MODE === 'sentry') await import('./sentry.server.config');
}

export const onRequestError = Sentry.captureRequestError;
