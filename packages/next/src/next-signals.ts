// What Next.js throws to steer rendering rather than to fail: `redirect()`, `notFound()`,
// `forbidden()`, `unauthorized()`, and the signals of static generation and partial prerendering.
// Recognised by their `digest` (and React's postpone marker), never by importing Next: the same
// test holds for Next 15 and 16 and for two installed copies of Next.
import { problem, type ProblemInit } from '@error-contract/core';

// next/dist/client/components/http-access-fallback/http-access-fallback.ts: `notFound()` is
// `NEXT_HTTP_ERROR_FALLBACK;404`, `forbidden()` `;403`, `unauthorized()` `;401`.
const HTTP_FALLBACK = 'NEXT_HTTP_ERROR_FALLBACK;';
// Next 14's `notFound()`, still recognised by Next's own isNotFoundError.
const LEGACY_NOT_FOUND = 'NEXT_NOT_FOUND';
// Signals that are no failure: `redirect()`/`permanentRedirect()` (`NEXT_REDIRECT;...`), a
// dynamic API during prerendering, a bailout to client rendering, a prerender cut short.
const SIGNAL_DIGESTS = new Set(['DYNAMIC_SERVER_USAGE', 'BAILOUT_TO_CLIENT_SIDE_RENDERING', 'HANGING_PROMISE_REJECTION', 'CLIENT_HOOK_DYNAMIC', 'NEXT_PRERENDER_INTERRUPTED']);
const POSTPONE = Symbol.for('react.postpone');

function digestOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  try {
    const digest = (value as { digest?: unknown }).digest;
    return typeof digest === 'string' ? digest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a thrown value is one of Next's control-flow signals that Next itself must receive:
 * a redirect (answered 307/308 with `Location` by Next), or a signal of static generation.
 */
export function isNextSignal(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const digest = digestOf(value);
  if (digest !== undefined) {
    if (digest.startsWith('NEXT_REDIRECT') || SIGNAL_DIGESTS.has(digest)) return true;
  }
  try {
    if ((value as { $$typeof?: unknown }).$$typeof === POSTPONE) return true;
    return (value as { code?: unknown }).code === 'NEXT_STATIC_GEN_BAILOUT';
  } catch {
    return false;
  }
}

/**
 * The problem for Next's `notFound()`, `forbidden()` and `unauthorized()` thrown from a route
 * handler, or undefined for anything else. Next answers them with an empty 404/403/401; the
 * contract keeps the status and gives the body.
 */
export function accessFallbackProblem(value: unknown): ProblemInit | undefined {
  const digest = digestOf(value);
  if (digest === undefined) return undefined;
  if (digest === LEGACY_NOT_FOUND) return problem(404);
  if (!digest.startsWith(HTTP_FALLBACK)) return undefined;
  const status = Number(digest.slice(HTTP_FALLBACK.length));
  return Number.isInteger(status) && status >= 400 && status <= 499 ? problem(status) : undefined;
}
