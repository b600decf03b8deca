// Nest middleware on platform-fastify fails with Node's own request and response (middie's), where
// neither Express's response nor Fastify's reply is there to write the contract's answer: it is
// written on Node's response as the adapters write theirs (the app's headers kept, a replaced
// body's representation headers removed, `Vary` merged, the length stated).
import type { ErrorResponse } from '@error-contract/core';
import { headersOver, staleHeaders } from '@error-contract/core/adapter';
import type { ServerResponse } from 'node:http';

/** Writes a contract response on a Node response whose headers are not sent. */
export function writeOnNode(res: Pick<ServerResponse, 'removeHeader' | 'setHeader' | 'getHeader' | 'end' | 'statusCode'>, response: ErrorResponse): void {
  for (const name of staleHeaders(response.status)) res.removeHeader(name);
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(headersOver(response, (name) => res.getHeader(name)))) res.setHeader(name, value);
  if (response.body === null) {
    res.end();
    return;
  }
  res.setHeader('content-length', Buffer.byteLength(response.body));
  res.end(response.body);
}
