// A rejected bearer token, from jsonwebtoken (by its error classes' names) or jose (by its error
// codes, https://github.com/panva/jose/blob/main/docs/util/errors), answered as RFC 6750
// section 3 says: 401 with `WWW-Authenticate: Bearer error="invalid_token"`.
import type { ErrorMapper } from '../mapping.js';
import { readString } from '../safe-read.js';
import { ANSWERS, invalidToken } from './answers.js';
import { preset } from './preset.js';
import { classNames } from './recognise.js';

type Reason = 'expired' | 'not_yet_valid' | 'invalid';

const JOSE_CODES: Readonly<Record<string, Reason>> = {
  ERR_JWT_EXPIRED: 'expired',
  ERR_JWT_CLAIM_VALIDATION_FAILED: 'invalid',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'invalid',
  ERR_JWT_INVALID: 'invalid',
  ERR_JWS_INVALID: 'invalid',
  ERR_JWKS_NO_MATCHING_KEY: 'invalid',
  ERR_JOSE_ALG_NOT_ALLOWED: 'invalid',
};

function reasonOf(error: unknown): Reason | undefined {
  const code = readString(error, 'code');
  if (code !== undefined && code.startsWith('ERR_J') && Object.hasOwn(JOSE_CODES, code)) {
    // jose's claim check names the claim that failed: `nbf` is a token not valid yet
    return code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && readString(error, 'claim') === 'nbf' ? 'not_yet_valid' : JOSE_CODES[code];
  }
  const names = classNames(error);
  // TokenExpiredError and NotBeforeError extend JsonWebTokenError: the narrower first
  if (names.includes('TokenExpiredError')) return 'expired';
  if (names.includes('NotBeforeError')) return 'not_yet_valid';
  if (names.includes('JsonWebTokenError')) return 'invalid';
  return undefined;
}

/**
 * Options of {@link jwtErrors}.
 *
 * @example
 * const options: JwtErrorsOptions = { realm: 'widgets' }; // WWW-Authenticate: Bearer realm="widgets", error="invalid_token", ...
 */
export interface JwtErrorsOptions {
  /** The `realm` of the `WWW-Authenticate` challenge, e.g. `'widgets'`. Default: none. */
  realm?: string;
}

/**
 * Maps a token that jsonwebtoken's `verify` or jose's `jwtVerify` rejected to 401 `unauthorized`
 * with `WWW-Authenticate: Bearer error="invalid_token", error_description="..."`. Neither the
 * token, its claims, nor the library's message reach the answer.
 *
 * | error | answer |
 * |---|---|
 * | jsonwebtoken TokenExpiredError, jose JWTExpired (`ERR_JWT_EXPIRED`) | 401, "The access token expired." |
 * | jsonwebtoken NotBeforeError, jose JWTClaimValidationFailed on `nbf` | 401, "The access token is not valid yet." |
 * | jsonwebtoken JsonWebTokenError; jose JWSSignatureVerificationFailed, JWTClaimValidationFailed, JWTInvalid, JWSInvalid, JWKSNoMatchingKey, JOSEAlgNotAllowed | 401, "The access token is invalid." |
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { jwtErrors } from '@error-contract/core/maps';
 *
 * const contract = createErrorContract({ map: [jwtErrors({ realm: 'widgets' })] });
 * // jwt.verify(expiredToken, key) throws -> 401, WWW-Authenticate: Bearer realm="widgets", error="invalid_token", error_description="The access token expired"
 */
export function jwtErrors(options: JwtErrorsOptions = {}): ErrorMapper {
  const { realm } = options ?? {};
  if (realm !== undefined && (typeof realm !== 'string' || !/^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,100}$/.test(realm))) {
    throw new TypeError('error-contract: `realm` must be 1 to 100 printable characters without quotes or backslashes, e.g. "widgets".');
  }
  return preset('jwtErrors', [ANSWERS.unauthorized], (error) => {
    const reason = reasonOf(error);
    return reason === undefined ? undefined : invalidToken(reason, realm);
  });
}
