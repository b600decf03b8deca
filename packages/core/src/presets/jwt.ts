// A rejected bearer token, answered as RFC 6750 section 3 says, whichever library rejected it:
// jsonwebtoken (by its error classes' names; also under `@nestjs/jwt`'s JwtService and inside
// express-jwt's UnauthorizedError `inner`), jose (by its error codes,
// https://github.com/panva/jose/blob/main/docs/util/errors), fast-jwt and `@fastify/jwt` (by
// their codes), and Hono's `hono/jwt` middleware (its HTTPException(401), by its fixed sentences
// and the challenge on its `res`). The middlewares' own sentences never reach the body.
import type { ProblemInit } from '../failures/contract-error.js';
import { readHeader } from '../request/read-header.js';
import type { ErrorMapper } from '../mapping/map-option.js';
import { problem } from '../failures/problems.js';
import { read, readString } from '../base/safe-read.js';
import type { RequestLike } from '../types.js';
import { ANSWERS, invalidToken } from './answers.js';
import { preset } from './preset.js';
import { classNames } from './recognise.js';

/**
 * - `missing`: no bearer token, or credentials of another scheme (`Basic ...`): RFC 6750 section
 *   3.1 says such a challenge carries no error code.
 * - `malformed`: a `Bearer` Authorization header not of the form `Bearer <token>`: `invalid_request`,
 *   which section 3.1 says SHOULD be 400.
 * - the rest: a token that was read and rejected, `invalid_token`, 401.
 */
type Reason = 'missing' | 'malformed' | 'expired' | 'not_yet_valid' | 'invalid';

const JOSE_CODES: Readonly<Record<string, Reason>> = {
  ERR_JWT_EXPIRED: 'expired',
  ERR_JWT_CLAIM_VALIDATION_FAILED: 'invalid',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'invalid',
  ERR_JWT_INVALID: 'invalid',
  ERR_JWS_INVALID: 'invalid',
  ERR_JWKS_NO_MATCHING_KEY: 'invalid',
  ERR_JOSE_ALG_NOT_ALLOWED: 'invalid',
};

// fast-jwt's TokenError codes for a token it read and refused (src/error.js); its others (a
// missing key, a key that could not be fetched, a bad option) are the server's failure: a 500.
const FAST_JWT_CODES: Readonly<Record<string, Reason>> = {
  FAST_JWT_EXPIRED: 'expired',
  FAST_JWT_INACTIVE: 'not_yet_valid',
  FAST_JWT_MALFORMED: 'invalid',
  FAST_JWT_INVALID_TYPE: 'invalid',
  FAST_JWT_INVALID_ALGORITHM: 'invalid',
  FAST_JWT_INVALID_CLAIM_TYPE: 'invalid',
  FAST_JWT_INVALID_CLAIM_VALUE: 'invalid',
  FAST_JWT_INVALID_SIGNATURE: 'invalid',
  FAST_JWT_INVALID_PAYLOAD: 'invalid',
  FAST_JWT_MISSING_REQUIRED_CLAIM: 'invalid',
  FAST_JWT_MISSING_SIGNATURE: 'invalid',
  FAST_JWT_INVALID_CRIT_HEADER: 'invalid',
};

// @fastify/jwt's own errors (made with @fastify/error in its index.js). NO_AUTHORIZATION_IN_HEADER
// is also what it throws for another scheme and for a bare `Bearer`: see credentialsReason.
const FASTIFY_JWT_CODES: Readonly<Record<string, Reason>> = {
  FST_JWT_NO_AUTHORIZATION_IN_HEADER: 'missing',
  FST_JWT_NO_AUTHORIZATION_IN_COOKIE: 'missing',
  FST_JWT_BAD_REQUEST: 'malformed',
  FST_JWT_AUTHORIZATION_TOKEN_EXPIRED: 'expired',
  FST_JWT_AUTHORIZATION_TOKEN_INVALID: 'invalid',
  FST_JWT_AUTHORIZATION_TOKEN_UNTRUSTED: 'invalid',
  FAST_JWT_MISSING_SIGNATURE: 'invalid',
};

// express-jwt's UnauthorizedError codes (src/index.ts); `invalid_token` is read from its `inner`.
const EXPRESS_JWT_CODES: Readonly<Record<string, Reason>> = {
  credentials_required: 'missing',
  credentials_bad_scheme: 'missing',
  credentials_bad_format: 'malformed',
  revoked_token: 'invalid',
};

// hono/jwt's error classes (utils/jwt/types): the token's, not the server's (an algorithm the
// server did not configure, JwtAlgorithmRequired, stays a failure of the server's).
const HONO_TOKEN_ERRORS: Readonly<Record<string, Reason>> = {
  JwtTokenExpired: 'expired',
  JwtTokenNotBefore: 'not_yet_valid',
};

/** The reason of a token library's own error: jsonwebtoken, jose, fast-jwt. */
function tokenReason(error: unknown, code: string | undefined): Reason | undefined {
  if (code !== undefined) {
    if (code.startsWith('ERR_J') && Object.hasOwn(JOSE_CODES, code)) {
      // jose's claim check names the claim that failed: `nbf` is a token not valid yet
      return code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && readString(error, 'claim') === 'nbf' ? 'not_yet_valid' : JOSE_CODES[code];
    }
    if (code.startsWith('FAST_JWT_') && Object.hasOwn(FAST_JWT_CODES, code)) return FAST_JWT_CODES[code];
  }
  const names = classNames(error);
  // TokenExpiredError and NotBeforeError extend JsonWebTokenError: the narrower first
  if (names.includes('TokenExpiredError')) return 'expired';
  if (names.includes('NotBeforeError')) return 'not_yet_valid';
  if (names.includes('JsonWebTokenError')) return 'invalid';
  return undefined;
}

/**
 * Which of `missing` and `malformed` a request is, read from its Authorization header's scheme
 * (never its token): the middlewares disagree on a bare `Bearer` and on `Basic ...`, and the
 * same request must get the same answer from each.
 */
function credentialsReason(request: RequestLike | undefined, fallback: Reason): Reason {
  const header = request === undefined ? undefined : readHeader(request.headers, 'authorization');
  if (header === undefined || header.trim() === '') return fallback;
  return /^bearer(?:\s|$)/i.test(header.trim()) ? 'malformed' : 'missing';
}

/** Hono's jwt middleware: HTTPException(401) with one of its fixed sentences and a Bearer challenge on its `res`. */
function honoReason(error: unknown, request: RequestLike | undefined): Reason | undefined {
  if (read(error, 'status') !== 401 || !classNames(error).includes('HTTPException')) return undefined;
  const challenge = readHeader(read(read(error, 'res'), 'headers') as Headers | undefined, 'www-authenticate');
  if (challenge === undefined || !/^Bearer realm="/.test(challenge)) return undefined;
  const message = readString(error, 'message');
  if (message === 'no authorization included in request' && challenge.includes('error="invalid_request"')) return 'missing';
  if (message === 'invalid credentials structure' && challenge.includes('error="invalid_request"')) return credentialsReason(request, 'malformed');
  if (challenge.includes('error="invalid_token"') && challenge.includes('error_description="token verification failure"')) {
    for (const name of classNames(read(error, 'cause'))) if (Object.hasOwn(HONO_TOKEN_ERRORS, name)) return HONO_TOKEN_ERRORS[name];
    return 'invalid';
  }
  return undefined;
}

function reasonOf(error: unknown, request: RequestLike | undefined): Reason | undefined {
  const code = readString(error, 'code');
  const own = tokenReason(error, code);
  if (own !== undefined) return own;
  if (code === undefined) return honoReason(error, request);
  if (code.startsWith('FST_JWT_') || code === 'FAST_JWT_MISSING_SIGNATURE') {
    if (!Object.hasOwn(FASTIFY_JWT_CODES, code) || read(error, 'statusCode') === undefined) return undefined;
    const reason = FASTIFY_JWT_CODES[code]!;
    // @fastify/jwt answers a bare `Bearer` as if there were no header at all
    return code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER' ? credentialsReason(request, 'missing') : reason;
  }
  if (read(error, 'status') === 401 && classNames(error).includes('UnauthorizedError')) {
    if (code === 'invalid_token') return tokenReason(read(error, 'inner'), readString(read(error, 'inner'), 'code')) ?? 'invalid';
    if (Object.hasOwn(EXPRESS_JWT_CODES, code)) return EXPRESS_JWT_CODES[code];
  }
  return undefined;
}

/** 401 without an error code (RFC 6750 section 3.1): the realm's challenge, else the contract's `challenge`. */
function missingToken(realm: string | undefined): ProblemInit {
  return problem(401, 'A bearer token is required in the Authorization header.', realm === undefined ? {} : { headers: { 'www-authenticate': `Bearer realm="${realm}"` } });
}

/** 400 `invalid_request` (RFC 6750 section 3.1): a Bearer header that holds no single token. */
function malformedCredentials(realm: string | undefined): ProblemInit {
  const challenge = `Bearer ${realm === undefined ? '' : `realm="${realm}", `}error="invalid_request", error_description="The Authorization header must be Bearer and one token"`;
  return problem(400, 'The Authorization header must be `Bearer` followed by one token.', { headers: { 'www-authenticate': challenge } });
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
 * Maps a bearer token that was missing or rejected to the answer RFC 6750 section 3 gives it,
 * whichever library or middleware found it: jsonwebtoken's `verify` (and `@nestjs/jwt`'s
 * `JwtService`, which throws its errors), jose's `jwtVerify`, express-jwt, `@fastify/jwt` and
 * fast-jwt, and Hono's `hono/jwt`. The same failure gets the same answer from each. Neither the
 * token, its claims, nor the library's message reach the answer.
 *
 * | failure | errors | answer |
 * |---|---|---|
 * | no token, or another scheme (`Basic ...`) | express-jwt `credentials_required`, `credentials_bad_scheme`; `FST_JWT_NO_AUTHORIZATION_IN_HEADER`, `FST_JWT_NO_AUTHORIZATION_IN_COOKIE`; hono/jwt "no authorization included in request", "invalid credentials structure" for another scheme | 401, `WWW-Authenticate: Bearer realm="..."` with no `error` (RFC 6750 section 3.1); without `realm`, the contract's `challenge` |
 * | `Bearer` with no token or more than one | express-jwt `credentials_bad_format`; `FST_JWT_BAD_REQUEST` (and `FST_JWT_NO_AUTHORIZATION_IN_HEADER` for a bare `Bearer`); hono/jwt "invalid credentials structure" | 400 `bad_request`, `Bearer error="invalid_request"` |
 * | expired | jsonwebtoken TokenExpiredError (bare, in express-jwt's `inner`); jose `ERR_JWT_EXPIRED`; `FST_JWT_AUTHORIZATION_TOKEN_EXPIRED`, `FAST_JWT_EXPIRED`; hono/jwt's with a JwtTokenExpired cause | 401, "The access token expired." |
 * | not valid yet | NotBeforeError; jose JWTClaimValidationFailed on `nbf`; `FAST_JWT_INACTIVE`; JwtTokenNotBefore | 401, "The access token is not valid yet." |
 * | invalid (signature, malformed, claims, revoked) | JsonWebTokenError; jose JWSSignatureVerificationFailed, JWTClaimValidationFailed, JWTInvalid, JWSInvalid, JWKSNoMatchingKey, JOSEAlgNotAllowed; express-jwt `revoked_token`; `FST_JWT_AUTHORIZATION_TOKEN_INVALID`, `FST_JWT_AUTHORIZATION_TOKEN_UNTRUSTED`, `FAST_JWT_MISSING_SIGNATURE`, fast-jwt's token codes; hono/jwt's other verification failures | 401, "The access token is invalid." |
 *
 * The 401s for a token carry `WWW-Authenticate: Bearer error="invalid_token", error_description="..."`.
 * Which of "no token" and "malformed" a request is comes from its Authorization header's scheme
 * (never its token), where the middlewares disagree.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { jwtErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [jwtErrors({ realm: 'widgets' })] });
 * // jwt.verify(expiredToken, key) throws -> 401, WWW-Authenticate: Bearer realm="widgets", error="invalid_token", error_description="The access token expired"
 */
export function jwtErrors(options: JwtErrorsOptions = {}): ErrorMapper {
  const { realm } = options ?? {};
  if (realm !== undefined && (typeof realm !== 'string' || !/^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,100}$/.test(realm))) {
    throw new TypeError('error-contract: `realm` must be 1 to 100 printable characters without quotes or backslashes, e.g. "widgets".');
  }
  return preset('jwtErrors', [ANSWERS.unauthorized, ANSWERS.badRequest], (error, request) => {
    const reason = reasonOf(error, request);
    if (reason === undefined) return undefined;
    if (reason === 'missing') return missingToken(realm);
    if (reason === 'malformed') return malformedCredentials(realm);
    return invalidToken(reason, realm);
  });
}
