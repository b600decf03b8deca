/** How the reference service is started (REFERENCE-SERVICE.md, "Starting it"). */
export interface ServiceConfig {
  port: number;
  host: string;
  /** Requests allowed per client per window. */
  rateLimit: number;
  /** Window length in seconds. */
  rateWindowS: number;
  /** A Redis URL: the rate limit is then shared by every instance that has it (in memory otherwise). */
  redisUrl?: string;
  /** Where 5xx are logged with their stack; stderr by default. */
  log?: (...args: unknown[]) => void;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new TypeError(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return value;
}

/** Reads PORT, HOST, RATE_LIMIT, RATE_WINDOW_S and REDIS_URL, with the documented defaults. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    port: positiveInteger(env, 'PORT', 3000, 0),
    host: env.HOST || '127.0.0.1',
    rateLimit: positiveInteger(env, 'RATE_LIMIT', 100),
    rateWindowS: positiveInteger(env, 'RATE_WINDOW_S', 60),
  };
}
