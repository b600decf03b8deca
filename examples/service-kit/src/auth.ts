import { createHash } from 'node:crypto';
import { forbidden, unauthorized } from '@error-contract/core';

export type Role = 'reader' | 'writer';

const TOKENS: ReadonlyMap<string, Role> = new Map([
  ['reader-token', 'reader'],
  ['writer-token', 'writer'],
]);

/** The challenge a 401 carries (RFC 6750 section 3). */
export const CHALLENGE = 'Bearer realm="widgets"';

/** The bearer token of an Authorization header, if it has one. */
export function bearerToken(authorization: string | undefined | null): string | undefined {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? '');
  return match?.[1];
}

/** The caller's role, or throws the 401 with its challenge. */
export function authenticate(authorization: string | undefined | null): Role {
  const role = TOKENS.get(bearerToken(authorization) ?? '');
  if (role === undefined) throw unauthorized({ challenge: CHALLENGE });
  return role;
}

/** Throws the 403 when a reader tries to write. */
export function requireWriter(role: Role | undefined): void {
  if (role !== 'writer') throw forbidden('Only a writer token may change widgets.');
}

/** The rate-limit client: the bearer token, else the address (REFERENCE-SERVICE.md). The token is
 * hashed: the key may be stored in a shared Redis, where a raw token would be a readable
 * credential, and a 4 kB token would be a 4 kB key. */
export function clientKey(authorization: string | undefined | null, address: string | undefined): string {
  const token = bearerToken(authorization);
  return token === undefined ? `address:${address ?? 'unknown'}` : `token:${createHash('sha256').update(token).digest('base64url')}`;
}
