// Failures every Node HTTP stack produces before a handler runs. Their messages are replaced by a
// fixed sentence: Node 20's JSON.parse message quotes the client's body back, and body-parser's
// charset message quotes its header.
import { read, readString } from './safe-read.js';

export interface KnownFailure {
  status: number;
  code: string;
  detail: string;
}

const NOT_JSON: KnownFailure = { status: 400, code: 'bad_request', detail: 'The request body is not valid JSON.' };
const BAD_PATH: KnownFailure = {
  status: 400,
  code: 'bad_request',
  detail: 'The request path is not validly percent-encoded.',
};

// body-parser and raw-body mark their errors with `type` (github.com/expressjs/body-parser#errors).
const BY_TYPE: Readonly<Record<string, KnownFailure>> = {
  'entity.parse.failed': NOT_JSON,
  'entity.too.large': { status: 413, code: 'payload_too_large', detail: 'The request body is too large.' },
  'parameters.too.many': { status: 413, code: 'payload_too_large', detail: 'The request body has too many parameters.' },
  'charset.unsupported': {
    status: 415,
    code: 'unsupported_media_type',
    detail: 'The charset of the request body is not supported.',
  },
  'encoding.unsupported': {
    status: 415,
    code: 'unsupported_media_type',
    detail: 'The content encoding of the request body is not supported.',
  },
  'request.aborted': { status: 400, code: 'bad_request', detail: 'The request was aborted before its body arrived.' },
  'request.size.invalid': { status: 400, code: 'bad_request', detail: 'The request body does not match its Content-Length.' },
};

/**
 * Recognises body-parser / raw-body errors by `type`, a `SyntaxError` from parsing JSON (Hono's
 * `c.req.json()`, co-body) and a `URIError` from decoding a path.
 */
export function knownFailureOf(error: unknown): KnownFailure | undefined {
  const type = readString(error, 'type');
  if (type !== undefined && Object.hasOwn(BY_TYPE, type)) return BY_TYPE[type];
  const name = readString(error, 'name');
  if (name === 'SyntaxError' && /JSON/.test(readString(error, 'message') ?? '')) return NOT_JSON;
  if (name === 'URIError') return BAD_PATH;
  // co-body marks its parse errors with the body it failed on, and its message may not say JSON.
  if (name === 'SyntaxError' && read(error, 'body') !== undefined) return NOT_JSON;
  return undefined;
}
