// The reference service on workerd (Cloudflare's Workers runtime), as a module Worker. The
// environment (RATE_LIMIT, RATE_WINDOW_S) arrives as text bindings, not process.env; PORT and HOST
// are the socket of the workerd config (scripts/start.mjs writes both). Left out here, as
// README.md says: the Redis store (ioredis needs Node's sockets; scripts/start.mjs bundles a stub
// that refuses REDIS_URL) and Node's parser refusals (workerd's own server answers those).
import type { FetchHandler } from '@error-contract/hono';
import { configFromEnv } from '@error-contract/service-kit';
import { getConnInfo } from 'hono/cloudflare-workers';
import { createFetch } from './app.js';

let app: FetchHandler | undefined;

export default {
  fetch(request: Request, env: Record<string, string | undefined>, ctx: unknown): Response | Promise<Response> {
    // Built on the first request, not at load: the rate limiter's memory store starts a timer,
    // which a Worker may not do in its global scope.
    // The client's address is CF-Connecting-IP, which Cloudflare's edge sets; a bare workerd has
    // no peer address to give, so there anonymous clients share one rate-limit key.
    app ??= createFetch(configFromEnv(env), { clientAddress: (c) => getConnInfo(c).remote.address });
    return app(request, env, ctx);
  },
};
