// The request body as the other services read it: at most 100 kB (413 past it, as their body
// parsers answer), a gzip or deflate body inflated with the limit applied to what comes out (as
// Express's and Koa's parsers do), a corrupt stream 400. h3 reads the bytes as sent; this puts the
// bounded bytes back on the event, where h3's `readValidatedBody` reads them. Web streams only.
import { bytesWithin } from '@error-contract/service-kit';
import type { H3Event } from 'h3';

const FORMATS: Readonly<Record<string, CompressionFormat>> = { gzip: 'gzip', deflate: 'deflate' };

/** Replaces the event's request with one whose body is its bounded (and inflated) bytes. */
export async function boundBody(event: H3Event, limit: number): Promise<void> {
  const request = event.req;
  const body = request.body;
  if (body === null) return;
  const format = FORMATS[(request.headers.get('content-encoding') ?? '').trim().toLowerCase()];
  // DOM's typings say a DecompressionStream writes BufferSource; a request body's chunks are bytes.
  const stream = format === undefined ? body : body.pipeThrough(new DecompressionStream(format) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  const bytes = await bytesWithin(stream, limit, format === undefined ? 'The request body could not be read.' : 'The request body could not be decompressed.');
  const headers = new Headers(request.headers);
  headers.delete('content-encoding');
  headers.set('content-length', String(bytes.byteLength));
  // h3 types `req` as read-only; its own `assertBodySize` replaces it the same way
  (event as { req: Request }).req = new Request(request.url, { method: request.method, headers, body: bytes });
}
