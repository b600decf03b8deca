// The app's own proxy: CORS for the one origin it trusts, with its preflight. With the contract,
// it is handed to errors.proxy(), which runs the contract's checks first.
import { NextResponse } from 'next/server';
import { ALLOWED_ORIGIN, errors, MODE } from './lib/errors.js';

function cors(request) {
  if (request.headers.get('origin') !== ALLOWED_ORIGIN) return undefined;
  const corsHeaders = { 'access-control-allow-origin': ALLOWED_ORIGIN, vary: 'Origin' };
  if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
    return new Response(null, { status: 204, headers: { ...corsHeaders, 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' } });
  }
  return NextResponse.next({ headers: corsHeaders });
}

const withContract = errors.proxy(cors);

export function proxy(request, event) {
  return MODE === 'scoped' ? withContract(request, event) : cors(request);
}

export const config = { matcher: '/api/:path*' };
