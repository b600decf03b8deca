// Express's and Koa's body parsers inflate a gzip or deflate request body, with the size limit
// applied to what comes out; Fastify reads the bytes as sent. This preParsing hook (Fastify's way
// to transform a body before its parser reads it) does what they do: a 20 MB gzip bomb is 413
// after 100 kB of output (Fastify's `bodyLimit` counts what the returned stream gives), a corrupt
// stream is zlib's error, which the contract answers 400, as on the other services.
import type { Readable, Transform } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { preParsingHookHandler } from 'fastify';

const INFLATERS: Readonly<Record<string, () => Transform>> = { gzip: createGunzip, deflate: createInflate };

/** Replaces a gzip or deflate request body with a stream of its inflated bytes. */
export const inflateBody: preParsingHookHandler = function inflateBody(request, _reply, payload, done) {
  const encoding = request.headers['content-encoding'];
  const inflater = INFLATERS[(typeof encoding === 'string' ? encoding : '').trim().toLowerCase()];
  if (inflater === undefined) return done(null, payload);
  const inflated = inflater() as Transform & { receivedEncodedLength: number };
  // Fastify checks the Content-Length against the bytes as sent, which it reads from here
  // (fastify/docs/Reference/Hooks.md#preparsing).
  inflated.receivedEncodedLength = 0;
  (payload as Readable).on('data', (chunk: Buffer) => {
    inflated.receivedEncodedLength += chunk.length;
  });
  (payload as Readable).once('error', (error) => inflated.destroy(error));
  (payload as Readable).pipe(inflated);
  done(null, inflated);
};
