import { arrayMember, type Json, lists, objectMember, pick } from '../read.js';
import type { Reading } from './types.js';

export const DETAILED_MEMBERS = ['type', 'title', 'status', 'detail', 'instance', 'code', 'errors'];

/**
 * RFC 7807/9457 problem details and two of its families: ASP.NET Core's
 * ValidationProblemDetails (`errors` is a `{ field: [messages] }` dictionary) and Zalando's
 * `violations: [{ field, message }]`. Plain problem details list field problems as our
 * `errors: [{ field, detail }]`, RFC 9457's `errors: [{ detail, pointer }]` or RFC 7807's
 * `invalid-params: [{ name, reason }]`.
 */
export function problemDetails(body: Json): Reading | undefined {
  const violations = arrayMember(body, 'violations');
  const dictionary = objectMember(body, 'errors');
  if (!violations && !dictionary && !DETAILED_MEMBERS.some((key) => key !== 'errors' && key in body)) return undefined;
  return [
    violations ? 'zalando' : dictionary ? 'aspnet' : 'problem-details',
    body,
    violations ??
      (dictionary
        ? Object.entries(dictionary).flatMap(([field, messages]) => [messages].flat().map((detail) => ({ field, detail })))
        : lists([body.errors, body['invalid-params']])),
    pick(body, 'code'),
  ];
}
