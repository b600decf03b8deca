// What the reference service keeps between requests, and how it is configured: read from the
// environment when the built server starts (`node .output/server/index.mjs`).
import { tooManyRequests } from '@error-contract/core';
import { WidgetStore } from '@error-contract/service-kit';

/** The widgets, seeded with one. */
export const widgets = new WidgetStore();

function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

const RATE_LIMIT = positiveInteger('RATE_LIMIT', 100);
const RATE_WINDOW_S = positiveInteger('RATE_WINDOW_S', 60);
const MAX_CLIENTS = 100_000;
const hits = new Map<string, { count: number; resetAt: number }>();

/**
 * A fixed window per client, in memory (Nitro has no rate limiter of its own): the request after
 * RATE_LIMIT in a window is the contract's 429 with `Retry-After`.
 */
export function rateLimit(client: string): void {
  const now = Date.now();
  let entry = hits.get(client);
  if (entry === undefined || entry.resetAt <= now) {
    if (hits.size >= MAX_CLIENTS) for (const [key, old] of hits) if (old.resetAt <= now) hits.delete(key);
    entry = { count: 0, resetAt: now + RATE_WINDOW_S * 1000 };
    hits.set(client, entry);
  }
  entry.count += 1;
  if (entry.count > RATE_LIMIT) throw tooManyRequests({ retryAfter: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) });
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
