// First: the public documents (/openapi.json, /errors/<code>), for browsers and tools without a
// token, before the contract's Accept check, the rate limit and authentication.
import { publicDocuments, serviceContract } from '@error-contract/service-kit';
import { defineHandler } from 'nitro';

const documents = publicDocuments(serviceContract());

export default defineHandler((event) => {
  const answer = documents(event.req.method, event.url.pathname, event.req.headers.get('accept') ?? undefined);
  if (answer === undefined) return;
  return new Response(event.req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
});
