// Before Next routes, in the documented order: the public documents (for browsers and tools
// without a token), then the contract's Accept and path checks (errors.proxy), the rate limit and
// authentication. A method Next does not route is answered here too (405 with Allow, or 404).
import { authenticate, clientKey, publicDocuments, serviceContract } from '@error-contract/service-kit';
import type { NextRequest } from 'next/server';
import { errors } from '@/lib/errors';
import { rateLimit } from '@/lib/service';

const documents = publicDocuments(serviceContract());

const checks = errors.proxy(function serviceChecks(request) {
  // Next has no socket address here; it sets X-Forwarded-For to it unless the client sent one.
  rateLimit(clientKey(request.headers.get('authorization'), request.headers.get('x-forwarded-for') ?? undefined));
  authenticate(request.headers.get('authorization'));
});

export function proxy(request: NextRequest, event: Parameters<typeof checks>[1]) {
  const answer = documents(request.method, request.nextUrl.pathname, request.headers.get('accept') ?? undefined);
  if (answer !== undefined) return new Response(request.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
  return checks(request, event);
}
