// The request body as JSON, at most BODY_LIMIT_BYTES of it, inflated first when it is sent with
// gzip or deflate (as Express's and Koa's body parsers do). Route handlers read `request.body`
// themselves: Nitro sets no limit of its own on them.
import { badRequest, payloadTooLarge } from '@error-contract/core';
import { bytesWithin } from '@error-contract/service-kit';

const FORMATS: Readonly<Record<string, CompressionFormat>> = { gzip: 'gzip', deflate: 'deflate' };

/** Reads and parses the body; a body that is not JSON throws the SyntaxError the contract answers 400. */
export async function readJson(request: Request, limit: number): Promise<unknown> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw payloadTooLarge();
  const body = request.body;
  if (body === null) throw badRequest('The request body is empty; send a JSON document.');
  const format = FORMATS[(request.headers.get('content-encoding') ?? '').trim().toLowerCase()];
  const stream = format === undefined ? body : body.pipeThrough(new DecompressionStream(format) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  const bytes = await bytesWithin(stream, limit, format === undefined ? 'The request body could not be read.' : 'The request body could not be decompressed.');
  return JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
}
