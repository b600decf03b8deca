// Express's and Koa's body parsers inflate a gzip or deflate request body, with the size limit
// applied to what comes out; Hono reads the bytes as sent. This middleware does what they do, on
// Web streams only (so it runs wherever Hono runs): a 20 MB gzip bomb is 413 after 100 kB of
// output, a corrupt stream is 400, as on the other two services.
import { bytesWithin } from '@error-contract/service-kit';
import { createMiddleware } from 'hono/factory';

const FORMATS: Readonly<Record<string, CompressionFormat>> = { gzip: 'gzip', deflate: 'deflate' };

function inflated(body: ReadableStream<Uint8Array>, format: CompressionFormat, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  // DOM's typings say a DecompressionStream writes BufferSource; a request body's chunks are bytes.
  const decompress = new DecompressionStream(format) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return bytesWithin(body.pipeThrough(decompress), limit, 'The request body could not be decompressed.');
}

/** Replaces a gzip or deflate request body with its inflated bytes, at most `limit` of them. */
export function inflateBody(limit: number) {
  return createMiddleware(async (c, next) => {
    const format = FORMATS[(c.req.header('content-encoding') ?? '').trim().toLowerCase()];
    const body = c.req.raw.body;
    if (format === undefined || body === null) return next();
    const bytes = await inflated(body, format, limit);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-encoding');
    headers.set('content-length', String(bytes.byteLength));
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body: bytes });
    await next();
  });
}
