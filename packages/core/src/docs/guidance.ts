// What each code means for a client: when it is sent, and what to do about it.
import type { KnownCode } from '../openapi/codes.js';

/**
 * A code's guidance for the people who write clients.
 *
 * @example
 * const text: Guidance = { when: 'The path names nothing.', todo: 'Check the URL.' };
 */
export interface Guidance {
  /** When the service answers with this code. */
  when: string;
  /** What a client should do about it. */
  todo: string;
}

const BUILTIN: Readonly<Record<string, Guidance>> = {
  bad_request: {
    when: 'The request cannot be read: its body is not valid JSON, its path is not validly percent-encoded, or a header is malformed.',
    todo: 'Fix the request as `detail` says before sending it again; the same request will fail the same way.',
  },
  validation_failed: {
    when: 'The request could be read, but some of its fields break the operation\'s schema.',
    todo: 'Correct each field listed in `errors` (compact shape: each message starts with the field\'s name) and send the request again.',
  },
  unauthorized: {
    when: 'The request carries no credentials, or credentials the service does not know.',
    todo: 'Send valid credentials as the `WWW-Authenticate` header describes, e.g. `Authorization: Bearer <token>`; obtain a new token if yours expired.',
  },
  forbidden: {
    when: 'The credentials are valid, but they do not permit this operation.',
    todo: 'Do not retry with the same credentials; use an account with the needed permission, or ask for it.',
  },
  not_found: {
    when: 'No resource exists at the path: no route has it, or the item it names is absent (or was deleted).',
    todo: 'Check the URL and the identifier; a list endpoint shows what exists.',
  },
  method_not_allowed: {
    when: 'The path exists, but not with this method.',
    todo: 'Use one of the methods that the `Allow` header lists.',
  },
  not_acceptable: {
    when: 'The request\'s Accept header admits no JSON type (or, where the service asks for one, is missing).',
    todo: 'Send `Accept: application/json` (or `application/problem+json`).',
  },
  payload_too_large: {
    when: 'The request body is larger than the service accepts.',
    todo: 'Send a smaller body, e.g. split the request into several.',
  },
  unsupported_media_type: {
    when: 'The request body has a media type or a content encoding the operation does not read.',
    todo: 'Send the body as `Content-Type: application/json`, uncompressed or with a supported `Content-Encoding`.',
  },
  too_many_requests: {
    when: 'The client sent more requests than the rate limit allows in its window.',
    todo: 'Wait the number of seconds that `Retry-After` gives before sending another request; spread requests out.',
  },
  conflict: {
    when: 'The request conflicts with what the service already holds: a record with the same unique value exists, or a record it refers to is missing or still referred to by others.',
    todo: 'Change the conflicting value (the detail names the field or constraint) or the related record, then send the request again; repeating it unchanged fails the same way.',
  },
  service_unavailable: {
    when: 'The service cannot serve the request right now: its database or cache is busy, restarting or unreachable. The request itself may well be valid.',
    todo: 'Wait the number of seconds that `Retry-After` gives, then retry; use backoff if it persists.',
  },
  bad_gateway: {
    when: 'The service needed another service to answer the request, and got no usable answer from it: the connection was refused or reset, or it answered with an error. Nothing of that answer is passed on.',
    todo: 'Retry later, with backoff if the operation is safe to repeat; report it with the time and `instance` if it persists.',
  },
  gateway_timeout: {
    when: 'The service needed another service to answer the request, and that service did not answer in time.',
    todo: 'Retry later, with backoff; if the operation is not safe to repeat, check first whether it took effect.',
  },
  internal_server_error: {
    when: 'The service failed while handling a request that may well be valid. Nothing about the failure is disclosed.',
    todo: 'Retry later, with backoff if the operation is safe to repeat; report it with the time and `instance` if it persists.',
  },
};

/**
 * The guidance for a code: written out for the built-in ones, taken from the catalog's title and
 * detail for the integrator's own.
 *
 * @example
 * guidanceFor({ code: 'widget_locked', status: 409, title: 'Widget locked', builtin: false }).when; // 'Widget locked.'
 */
export function guidanceFor(known: KnownCode): Guidance {
  const builtin = known.builtin ? BUILTIN[known.code] : undefined;
  if (builtin !== undefined) return builtin;
  const when = known.detail ?? `${known.title.replace(/\.$/, '')}.`;
  const todo =
    known.status >= 500
      ? 'Retry later, with backoff if the operation is safe to repeat; report it if it persists.'
      : 'Change the request as `detail` says before sending it again.';
  return { when, todo };
}
