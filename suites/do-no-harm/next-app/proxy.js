// The app's own proxy: a header of the shop on every answer under /api, and CORS for the one
// origin it trusts, with its preflight. With the contract, it is handed to errors.proxy(), which
// runs the contract's checks first and keeps these headers on its own answers.
import { NextResponse } from 'next/server';
import { ALLOWED_ORIGIN, errors, MODE } from './lib/errors.js';

function shop(request) {
  const headers = { 'x-shop': 'acme' };
  if (request.headers.get('origin') === ALLOWED_ORIGIN) Object.assign(headers, { 'access-control-allow-origin': ALLOWED_ORIGIN, vary: 'Origin' });
  if (headers.vary !== undefined && request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
    return new Response(null, { status: 204, headers: { ...headers, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' } });
  }
  return NextResponse.next({ headers });
}

const withContract = MODE === 'scoped' ? errors.proxy(shop) : undefined;

export function proxy(request, event) {
  return withContract === undefined ? shop(request) : withContract(request, event);
}

export const config = { matcher: '/api/:path*' };
