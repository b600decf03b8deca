// The contract, made once. OBS_SENTRY_ON_ERROR=1: a 5xx is also handed to Sentry (the contract's
// onError), as docs/observability.md sets it up; otherwise Sentry has only its own Next setup, and
// each 5xx is core's one console line (Next has no logger of its own).
import { errorContract } from '@error-contract/next';
import * as Sentry from '@sentry/nextjs';

export const errors = errorContract({
  traceId: true,
  ...(process.env.OBS_SENTRY_ON_ERROR === '1'
    ? {
        onError: (error: unknown, problem: { status: number }) => {
          if (problem.status >= 500) Sentry.captureException(error);
        },
      }
    : {}),
});
