// The body of POST /widgets, read by the route's own parse hook: Elysia runs a route's parser
// before its validation and before `beforeHandle`, so this is where a reader is refused (403 before
// any 400 about the body, as on the other services), the media type checked (415), a gzip or
// deflate body inflated, the 100 kB limit held (413) and the JSON parsed. What it throws, Elysia
// hands the error hook as a PARSE error whose `cause` it is: the plugin answers our problems as
// they are, and a JSON SyntaxError as 400 `bad_request`.
import { authenticate, BODY_LIMIT_BYTES, bytesWithin, requireJsonContentType, requireWriter } from '@error-contract/service-kit';

const FORMATS: Readonly<Record<string, CompressionFormat>> = { gzip: 'gzip', deflate: 'deflate' };

/** The bytes of the request's body, inflated when it is compressed, at most the body limit. */
async function bodyBytes(request: Request): Promise<Uint8Array> {
  const body = request.body;
  if (body === null) return new Uint8Array();
  const format = FORMATS[(request.headers.get('content-encoding') ?? '').trim().toLowerCase()];
  if (format === undefined) return bytesWithin(body, BODY_LIMIT_BYTES, 'The request body could not be read.');
  const inflate = new DecompressionStream(format) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return bytesWithin(body.pipeThrough(inflate), BODY_LIMIT_BYTES, 'The request body could not be decompressed.');
}

/** The parse hook of POST /widgets: the writer's JSON body, or a problem. */
export async function writerJsonBody({ request }: { request: Request }): Promise<unknown> {
  const headers = request.headers;
  requireWriter(authenticate(headers.get('authorization')));
  requireJsonContentType(headers.get('content-type'), headers.get('content-encoding'), headers.get('content-length'));
  // JSON is UTF-8 (RFC 8259 section 8.1); a byte order mark is no part of the document
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(await bodyBytes(request));
  return JSON.parse(text) as unknown;
}
