// What the reference service keeps between requests, and how it is configured. Next bundles each
// route module (and the proxy) on its own, so a module-level value would be one per bundle: the
// widgets and the rate-limit counts are kept once per process, on globalThis.
import { tooManyRequests } from '@error-contract/core';
import { type ServiceConfig, WidgetStore } from '@error-contract/service-kit';

interface ServiceState {
  widgets: WidgetStore;
  hits: Map<string, { count: number; resetAt: number }>;
}

const STATE = Symbol.for('error-contract.example-next.state');

function state(): ServiceState {
  const holder = globalThis as typeof globalThis & { [STATE]?: ServiceState };
  return (holder[STATE] ??= { widgets: new WidgetStore(), hits: new Map() });
}

/** The widgets, seeded with one. */
export function widgets(): WidgetStore {
  return state().widgets;
}

function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** RATE_LIMIT and RATE_WINDOW_S, as `src/main.ts` passed them to `next start`. */
export function rateConfig(): Pick<ServiceConfig, 'rateLimit' | 'rateWindowS'> {
  return { rateLimit: positiveInteger('RATE_LIMIT', 100), rateWindowS: positiveInteger('RATE_WINDOW_S', 60) };
}

const MAX_CLIENTS = 100_000;

/**
 * A fixed window per client, in memory (Next has no rate limiter of its own, and the others'
 * limiters are framework middleware): the request after `rateLimit` in a window is the contract's
 * 429 with `Retry-After`.
 */
export function rateLimit(client: string): void {
  const { rateLimit: limit, rateWindowS } = rateConfig();
  const { hits } = state();
  const now = Date.now();
  let entry = hits.get(client);
  if (entry === undefined || entry.resetAt <= now) {
    if (hits.size >= MAX_CLIENTS) for (const [key, old] of hits) if (old.resetAt <= now) hits.delete(key);
    entry = { count: 0, resetAt: now + rateWindowS * 1000 };
    hits.set(client, entry);
  }
  entry.count += 1;
  if (entry.count > limit) throw tooManyRequests({ retryAfter: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) });
}

/**
 * Where 5xx are logged with their stack: stderr. Under `src/server.ts` (SERVICE_LOG=json), one
 * JSON line per failure, which the starter hands to its `log` option as an Error again.
 */
export function serviceLog(...args: unknown[]): void {
  if (process.env.SERVICE_LOG !== 'json') {
    console.error(...args);
    return;
  }
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const line = args.filter((arg) => typeof arg === 'string').join(' ');
  process.stderr.write(`error-contract-log ${JSON.stringify({ line, message: error?.message, stack: error?.stack })}\n`);
}
