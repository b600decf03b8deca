import { arrayMember, type Json, lists, objectMember, pick, snakeCode } from '../read.js';
import type { Reading } from './types.js';

/**
 * The two dialects that nest everything under `error`. Stripe's always has a string `type`
 * (`card_error`, `invalid_request_error`) and a `param` for the field, its `code` kept as it is.
 * Google's (AIP-193) has `code` (the HTTP status again), `message`, `status` (`NOT_FOUND`, read
 * as `not_found`) and `details`, whose BadRequest entries list `fieldViolations`.
 */
export function nested(body: Json): Reading | undefined {
  const error = objectMember(body, 'error');
  if (!error) return undefined;
  if (pick(error, 'type')) return ['stripe', error, [error]];
  const details = arrayMember(error, 'details') ?? [];
  return ['google', error, lists(details.map((detail) => (detail as Json | null)?.fieldViolations)), snakeCode(pick(error, 'status'))];
}
