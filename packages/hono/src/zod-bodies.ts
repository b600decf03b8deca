// The two error bodies core's renderer writes (core's render.ts), as zod schemas: their types are
// what Hono's `hc` client reads a route's declared error as. Each carries core's JSON Schema of
// the body as its metadata, which @asteasolutions/zod-to-openapi (under @hono/zod-openapi) writes
// as the schema itself when it names a `type`: the document says what the plain entry says.
import type { Shape } from '@error-contract/core';
import type { CompactErrorBody, DetailedErrorBody, JsonSchema } from '@error-contract/core/openapi';
import { z, type ZodType } from 'zod';

/**
 * The detailed body of an error, `code` one of the codes declared for the status (core's
 * `DetailedErrorBody`).
 *
 * @example
 * const body: DetailedProblemBody<'not_found'> = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No widget 8.', instance: '/widgets/8', code: 'not_found' };
 */
export type DetailedProblemBody<Code extends string = string> = DetailedErrorBody<Code>;

/**
 * The compact body of an error, each `code` one of the codes declared for the status (core's
 * `CompactErrorBody`).
 *
 * @example
 * const body: CompactErrorsBody<'not_found'> = { errors: [{ code: 'not_found', message: 'No widget 8.' }] };
 */
export type CompactErrorsBody<Code extends string = string> = CompactErrorBody<Code>;

/**
 * The body of an error in a shape; for both shapes (a route whose shape is known only when the
 * contract is asked), either.
 *
 * @example
 * type Missing = ErrorBody<'not_found', 'compact'>; // CompactErrorsBody<'not_found'>
 */
export type ErrorBody<Code extends string, S extends Shape> = S extends 'compact' ? CompactErrorsBody<Code> : DetailedProblemBody<Code>;

/** The body's zod schema, its JSON Schema (`schema`, from core) as its metadata. */
export function zodBody(codes: readonly string[], shape: Shape, schema: JsonSchema): ZodType<ErrorBody<string, Shape>> {
  const code = z.enum(codes as [string, ...string[]]);
  // open where the JSON Schema is open (the contract's extension members), closed where it is closed
  const body =
    shape === 'detailed'
      ? z.looseObject({
          type: z.string(),
          title: z.string(),
          status: z.int().min(400).max(599),
          detail: z.string(),
          instance: z.string(),
          code,
          errors: z.array(z.strictObject({ field: z.string(), pointer: z.string().optional(), detail: z.string() })).min(1).optional(),
        })
      : z.looseObject({ errors: z.array(z.strictObject({ code, message: z.string() })).min(1) });
  return body.meta(schema);
}
