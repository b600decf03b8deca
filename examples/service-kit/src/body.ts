import { unsupportedMediaType } from '@error-contract/core';

/** Throws the 415 unless the Content-Type is JSON (`application/json` or any `+json`). */
export function requireJsonContentType(contentType: string | undefined | null): void {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[^/]+\+json$/.test(type)) {
    throw unsupportedMediaType('Send the body as JSON, with Content-Type: application/json.');
  }
}
