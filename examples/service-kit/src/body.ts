import { badRequest, payloadTooLarge, unsupportedMediaType } from '@error-contract/core';

// JSON is UTF-8 (RFC 8259 section 8.1); the body parsers of the three frameworks disagree on
// other charsets (Express refuses latin1 but decodes utf-7, Koa and Hono ignore the parameter), so
// the service decides before any of them reads the body.
const UTF8 = /^utf-?8$/i;
// What the services can undo: Express and Koa inflate these themselves, Hono and Fastify through
// `inflateBody` in their examples.
const ENCODINGS: ReadonlySet<string> = new Set(['identity', 'gzip', 'deflate']);

/**
 * Throws the 415 unless the body is JSON (`application/json` or any `+json`) in UTF-8, and either
 * not compressed or compressed with gzip or deflate; then the 400 for a body that is declared
 * empty (`Content-Length: 0`). Express and Koa would read no body as `{}` (a validation failure),
 * Hono as invalid JSON: no bytes are no JSON document, on all three.
 */
export function requireJsonContentType(contentType: string | undefined | null, contentEncoding?: string | undefined | null, contentLength?: string | undefined | null): void {
  const [mediaType = '', ...parameters] = (contentType ?? '').split(';');
  const type = mediaType.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[^/]+\+json$/.test(type)) {
    throw unsupportedMediaType('Send the body as JSON, with Content-Type: application/json.');
  }
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() === 'charset' && !UTF8.test(value.trim().replace(/^"|"$/g, ''))) {
      throw unsupportedMediaType('Send the body as JSON in UTF-8.');
    }
  }
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding !== '' && !ENCODINGS.has(encoding)) throw unsupportedMediaType('Send the body uncompressed, or compressed with gzip or deflate.');
  if (contentLength?.trim() === '0') throw badRequest('The request body is empty; send a JSON document.');
}

/**
 * The bytes of a Web stream (a request body, or what a DecompressionStream makes of it), at most
 * `limit` of them: past the limit the 413, as the other services' body parsers answer, and the
 * 400 with `broken` when the stream fails (a corrupt gzip, a connection cut short). Web streams
 * only: Hono's service runs it on every runtime, Next's in its route handlers.
 */
export async function bytesWithin(stream: ReadableStream<Uint8Array>, limit: number, broken: string): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // the type of what read() resolves to, as the runtime's typings name it (Bun's differ from Node's)
    let step: Awaited<ReturnType<typeof reader.read>>;
    try {
      step = await reader.read();
    } catch {
      throw badRequest(broken);
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge();
    }
    chunks.push(step.value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}
