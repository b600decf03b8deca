// Failures every Node HTTP stack produces before a handler runs. Their messages are replaced by a
// fixed sentence: Node 20's JSON.parse message quotes the client's body back, and body-parser's
// charset message quotes its header.
import { read, readString } from '../base/safe-read.js';

export interface KnownFailure {
  status: number;
  code: string;
  detail: string;
}

const NOT_JSON: KnownFailure = { status: 400, code: 'bad_request', detail: 'The request body is not valid JSON.' };
// `null`, `1` or `"x"` are valid JSON; a strict parser (body-parser's and co-body's default) refuses
// them because the body must be an object or array, and the client deserves those words.
const NOT_OBJECT: KnownFailure = { status: 400, code: 'bad_request', detail: 'The request body must be a JSON object or array.' };
// co-body (Koa's body parsers) refuses `__proto__` and `constructor.prototype` members by default.
const FORBIDDEN_MEMBER: KnownFailure = {
  status: 400,
  code: 'bad_request',
  detail: 'The request body has a member named __proto__ or constructor.prototype, which is not accepted.',
};
const NOT_DECOMPRESSED: KnownFailure = { status: 400, code: 'bad_request', detail: 'The request body could not be decompressed.' };
// Koa's convention (ctx.onerror): a missing file is a 404. The system code itself is never sent.
const NO_SUCH_FILE: KnownFailure = { status: 404, code: 'not_found', detail: 'The requested resource was not found.' };
// zlib's codes for input that does not inflate (node:zlib constants), as body parsers pass them on.
const ZLIB_INPUT_CODES: ReadonlySet<string> = new Set(['Z_DATA_ERROR', 'Z_BUF_ERROR', 'Z_NEED_DICT']);
// hono/validator's words for a JSON body that does not parse (it throws an HTTPException without a cause).
const HONO_MALFORMED_JSON = 'Malformed JSON in request body';
const MAX_REPARSED_BODY = 1024 * 1024;
const BAD_PATH: KnownFailure = {
  status: 400,
  code: 'bad_request',
  detail: 'The request path is not validly percent-encoded.',
};
const TOO_LARGE: KnownFailure = { status: 413, code: 'payload_too_large', detail: 'The request body is too large.' };
const SIZE_MISMATCH: KnownFailure = { status: 400, code: 'bad_request', detail: 'The request body does not match its Content-Length.' };
// secure-json-parse (Fastify's JSON parser) refuses these members with a SyntaxError that does not say JSON.
const FORBIDDEN_MEMBER_MESSAGE = /^Object contains forbidden (prototype|constructor) property$/;

// body-parser and raw-body mark their errors with `type` (github.com/expressjs/body-parser#errors).
const BY_TYPE: Readonly<Record<string, KnownFailure>> = {
  'entity.parse.failed': NOT_JSON,
  'entity.too.large': TOO_LARGE,
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
  'request.size.invalid': SIZE_MISMATCH,
};

// Fastify marks its errors with `code` (fastify/lib/errors.js). Its messages are replaced like the
// others: FST_ERR_BAD_URL and FST_ERR_MAX_PARAM_LENGTH quote the path, and Fastify 4's media type error quotes the header.
const BY_FASTIFY_CODE: Readonly<Record<string, KnownFailure>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: NOT_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'bad_request', detail: 'The request body is empty; send a JSON document.' },
  FST_ERR_CTP_BODY_TOO_LARGE: TOO_LARGE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: SIZE_MISMATCH,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', detail: 'The media type of the request body is not supported.' },
  FST_ERR_BAD_URL: BAD_PATH,
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', detail: 'A path parameter is longer than this service accepts.' },
};

/**
 * Recognises body-parser / raw-body errors by `type`, Fastify's by `code`, a `SyntaxError` from
 * parsing JSON (Hono's `c.req.json()`, co-body, Fastify 4's parser) and a `URIError` from decoding
 * a path. `code` and `status` are the value's, when the caller has read them already.
 */
export function knownFailureOf(error: unknown, code: string | undefined = readString(error, 'code'), status: unknown = read(error, 'status')): KnownFailure | undefined {
  const type = readString(error, 'type');
  if (type === 'entity.parse.failed') return jsonFailureOf(error);
  if (type !== undefined && Object.hasOwn(BY_TYPE, type)) return BY_TYPE[type];
  if (code !== undefined && Object.hasOwn(BY_FASTIFY_CODE, code)) return BY_FASTIFY_CODE[code];
  const name = readString(error, 'name');
  // The message is read only where a rule needs it: zod builds its message (every issue as
  // pretty JSON) on first read, which cost a 100-field validation failure about 1.4 µs a field.
  if (name === 'SyntaxError') {
    const message = readString(error, 'message') ?? '';
    if (FORBIDDEN_MEMBER_MESSAGE.test(message)) return FORBIDDEN_MEMBER;
    if (/JSON/.test(message) || read(error, 'body') !== undefined) return jsonFailureOf(error);
  }
  if (name === 'URIError') return BAD_PATH;
  if (code !== undefined && ZLIB_INPUT_CODES.has(code)) return NOT_DECOMPRESSED;
  if (code === 'ENOENT' && readString(error, 'syscall') !== undefined) return NO_SUCH_FILE;
  if (status === 400 && readString(error, 'message') === HONO_MALFORMED_JSON) return NOT_JSON;
  return undefined;
}

/**
 * A JSON parse failure: the body is not JSON; or it is JSON but not an object or array (strict
 * parsers; co-body's message may not even say JSON); or an object the parser refused for a
 * prototype-polluting member. The parsers keep the body they failed on.
 */
function jsonFailureOf(error: unknown): KnownFailure {
  const body = read(error, 'body');
  if (typeof body !== 'string' || body.length > MAX_REPARSED_BODY) return NOT_JSON;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return NOT_JSON;
  }
  return parsed !== null && typeof parsed === 'object' ? FORBIDDEN_MEMBER : NOT_OBJECT;
}
