import type { ErrorResponse } from '@error-contract/core';
import { headersOver, staleHeaders } from '@error-contract/core/adapter';
import type { FastifyReply } from 'fastify';

// Replies the contract answered, so that the bare-status hook leaves them alone.
const ANSWERED = Symbol('error-contract.answered');

// The reply's serializer for a body that is already the contract's bytes.
const asItIs = (payload: unknown) => payload as string;

/** Whether the contract wrote this reply's error. */
export function isAnswered(reply: FastifyReply): boolean {
  return (reply as FastifyReply & { [ANSWERED]?: true })[ANSWERED] === true;
}

/**
 * Puts a contract response's status and headers on a reply whose headers are not sent, and returns
 * the payload to send. Headers the app and its plugins set for the client (helmet's, CORS,
 * rate-limit headers, `Vary`, cookies) stay; when the error replaces a body a handler was making
 * (`replacesBody`), that body's representation headers go. The payload is the body's text, with a
 * serializer for this reply that passes it on as it is: Fastify adds `; charset=utf-8` to a JSON
 * type for a string it has no serializer for, and the bytes and headers must be the same as on
 * every other framework. (A Buffer would do too, but making one costs more than the rest of this.)
 */
export function writeReply(reply: FastifyReply, response: ErrorResponse, replacesBody = true): string | Buffer | undefined {
  (reply as FastifyReply & { [ANSWERED]?: true })[ANSWERED] = true;
  // Only what is there is removed: each removal is a delete on Fastify's and on Node's header
  // objects, eight of them about a microsecond of every thrown error's answer.
  if (replacesBody) for (const name of staleHeaders(response.status)) if (reply.getHeader(name) !== undefined) reply.removeHeader(name);
  // One call for the headers (no entry arrays); a Vary the app set is added to, never replaced, and
  // a challenge it set stays over the contract's default one.
  reply.code(response.status).headers(headersOver(response, (name) => reply.getHeader(name)));
  if (response.body !== null) {
    reply.serializer(asItIs);
    return response.body;
  }
  // HEAD: no body goes out, but the headers state the GET body's length (RFC 9110 section 8.6).
  // Fastify keeps that header for no payload, except on the HEAD routes it derives from GET routes,
  // whose last onSend hook sets it from the payload (0 for none) and then drops the payload: there
  // the payload is bytes of that length, which never leave the server.
  const length = Number(response.headers['content-length']);
  const routed = (reply.request as { is404?: boolean } | undefined)?.is404 === false;
  return routed && Number.isSafeInteger(length) && length > 0 ? Buffer.alloc(length) : undefined;
}

/**
 * Writes a contract response on a Fastify reply: status, headers (the app's kept, those of a
 * replaced body removed unless `replacesBody` is false) and the body as bytes. For code that
 * answers outside the plugin, such as the Nest adapter on `@nestjs/platform-fastify`.
 *
 * @example
 * import { sendResponse } from '@error-contract/fastify';
 *
 * sendResponse(reply, contract.respond(error, { method: request.method, path: request.url, headers: request.headers }));
 */
export function sendResponse(reply: FastifyReply, response: ErrorResponse, replacesBody = true): FastifyReply {
  return reply.send(writeReply(reply, response, replacesBody));
}
