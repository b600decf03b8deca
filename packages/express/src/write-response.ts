import type { ErrorResponse } from '@error-contract/core';
import { headersOver, staleHeaders } from '@error-contract/core/adapter';
import type { Response } from 'express';

export interface WriteOptions {
  /** False where no handler ran, so no body's headers need removing. Default true. */
  replacesBody?: boolean;
  /** How to end the response; the bare-status hook passes Node's own `end`. */
  end?: (body?: string) => void;
}

/**
 * Writes a contract response on an Express response whose headers are not sent yet. Headers the
 * app set for the client (CORS, helmet's, `Vary`, cookies) stay. When the error replaces a body a
 * handler was making (`replacesBody`), that body's headers go; a refusal or a route miss skips
 * that, since no handler ran.
 */
export function writeResponse(res: Response, response: ErrorResponse, options: WriteOptions = {}): void {
  const { replacesBody = true, end = (body?: string) => res.end(body) } = options;
  if (replacesBody) for (const name of staleHeaders(response.status)) res.removeHeader(name);
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(headersOver(response, (name) => res.getHeader(name)))) res.setHeader(name, value);
  if (response.body === null) {
    end();
    return;
  }
  res.setHeader('content-length', Buffer.byteLength(response.body));
  end(response.body);
}
