// jwtErrors() on the real libraries: jsonwebtoken's `verify` and jose's `jwtVerify` rejecting
// expired, not-yet-valid, badly signed and malformed tokens that carry a planted claim.
import { jwtErrors } from '@error-contract/core/presets';
import * as jose from 'jose';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { answer, caught, contractWith, SECRET_TOKEN_CLAIM } from '../src/secrets.js';

const contract = contractWith(jwtErrors({ realm: 'widgets' }));
const KEY = 'a-signing-key-of-thirty-two-bytes!!';
const OTHER_KEY = 'another-signing-key-of-32-bytes!!!';
const now = Math.floor(Date.now() / 1000);
const claims = { sub: SECRET_TOKEN_CLAIM, email: SECRET_TOKEN_CLAIM };

const challenge = (description: string) => `Bearer realm="widgets", error="invalid_token", error_description="${description}"`;

function expectInvalidToken(error: unknown, token: string, description: string) {
  const { status, headers, body } = answer(contract, error, [token, ...token.split('.').filter((part) => part.length > 8)]);
  expect(status).toBe(401);
  expect(body).toMatchObject({ code: 'unauthorized', detail: `${description}.` });
  expect(headers['www-authenticate']).toBe(challenge(description));
}

describe('jwtErrors() on jsonwebtoken 9', () => {
  it('TokenExpiredError -> 401 "expired"', async () => {
    const token = jwt.sign({ ...claims, exp: now - 60 }, KEY);
    const error = await caught(() => jwt.verify(token, KEY));
    expect((error as Error).name).toBe('TokenExpiredError');
    expectInvalidToken(error, token, 'The access token expired');
  });

  it('NotBeforeError -> 401 "not valid yet"', async () => {
    const token = jwt.sign({ ...claims, nbf: now + 3600 }, KEY);
    const error = await caught(() => jwt.verify(token, KEY));
    expect((error as Error).name).toBe('NotBeforeError');
    expectInvalidToken(error, token, 'The access token is not valid yet');
  });

  it.each([
    ['a signature by another key', () => jwt.sign(claims, OTHER_KEY)],
    ['a malformed token', () => `${SECRET_TOKEN_CLAIM}.not-a-token`],
    ['a wrong audience', () => jwt.sign({ ...claims, aud: SECRET_TOKEN_CLAIM }, KEY)],
  ])('JsonWebTokenError for %s -> 401 "invalid"', async (_name, make) => {
    const token = make();
    const error = await caught(() => jwt.verify(token, KEY, { audience: 'widgets' }));
    expect((error as Error).name).toBe('JsonWebTokenError');
    expectInvalidToken(error, token, 'The access token is invalid');
  });
});

describe('jwtErrors() on jose 6', () => {
  const secret = new TextEncoder().encode(KEY);
  const sign = (payload: jose.JWTPayload, key = secret) => new jose.SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(key);

  it('JWTExpired -> 401 "expired"', async () => {
    const token = await sign({ ...claims, exp: now - 60 });
    const error = await caught(() => jose.jwtVerify(token, secret));
    expect(error).toBeInstanceOf(jose.errors.JWTExpired);
    expectInvalidToken(error, token, 'The access token expired');
  });

  it('JWTClaimValidationFailed on nbf -> 401 "not valid yet"', async () => {
    const token = await sign({ ...claims, nbf: now + 3600 });
    const error = await caught(() => jose.jwtVerify(token, secret));
    expect(error).toBeInstanceOf(jose.errors.JWTClaimValidationFailed);
    expectInvalidToken(error, token, 'The access token is not valid yet');
  });

  it('JWTClaimValidationFailed on the audience -> 401 "invalid"', async () => {
    const token = await sign({ ...claims, aud: SECRET_TOKEN_CLAIM });
    const error = await caught(() => jose.jwtVerify(token, secret, { audience: 'widgets' }));
    expect(error).toBeInstanceOf(jose.errors.JWTClaimValidationFailed);
    expectInvalidToken(error, token, 'The access token is invalid');
  });

  it('JWSSignatureVerificationFailed -> 401 "invalid"', async () => {
    const token = await sign(claims, new TextEncoder().encode(OTHER_KEY));
    const error = await caught(() => jose.jwtVerify(token, secret));
    expect(error).toBeInstanceOf(jose.errors.JWSSignatureVerificationFailed);
    expectInvalidToken(error, token, 'The access token is invalid');
  });

  it('JWSInvalid (not a JWS) and JWTInvalid (a payload that is not a claims set) -> 401 "invalid"', async () => {
    const notJws = `${SECRET_TOKEN_CLAIM}.x`;
    const jwsError = await caught(() => jose.jwtVerify(notJws, secret));
    expect(jwsError).toBeInstanceOf(jose.errors.JWSInvalid);
    expectInvalidToken(jwsError, notJws, 'The access token is invalid');
    const notClaims = await new jose.CompactSign(new TextEncoder().encode(`"${SECRET_TOKEN_CLAIM}"`)).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const jwtError = await caught(() => jose.jwtVerify(notClaims, secret));
    expect(jwtError).toBeInstanceOf(jose.errors.JWTInvalid);
    expectInvalidToken(jwtError, notClaims, 'The access token is invalid');
  });
});

describe('jwtErrors() options and what it leaves alone', () => {
  it('without a realm the challenge has none', async () => {
    const token = jwt.sign({ exp: now - 60 }, KEY);
    const error = await caught(() => jwt.verify(token, KEY));
    expect(contractWith(jwtErrors()).respond(error, { method: 'GET', path: '/', headers: {} }).headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="The access token expired"');
  });

  it('a realm that would break the header is a TypeError at creation', () => {
    expect(() => jwtErrors({ realm: 'a"b' })).toThrow(TypeError);
    expect(() => jwtErrors({ realm: 'a\r\nSet-Cookie: x=1' })).toThrow(TypeError);
  });

  it("jose's other errors (a JWE that fails to decrypt, a JWKS timeout) are not a rejected token", () => {
    expect(answer(contract, new jose.errors.JWEDecryptionFailed()).status).toBe(500);
    expect(answer(contract, new jose.errors.JWKSTimeout()).status).toBe(500);
  });
});
