// JSON Schema 2020-12 (OpenAPI 3.1's dialect) of the two bodies core's renderer writes (render.ts).

/**
 * A JSON Schema, as plain data.
 *
 * @example
 * const schema: JsonSchema = { type: 'string', format: 'uri' };
 */
export type JsonSchema = Record<string, unknown>;

/**
 * Names of the two body schemas under `components.schemas`.
 *
 * @example
 * const ref = `#/components/schemas/${SCHEMA_NAMES.detailed}`; // '#/components/schemas/DetailedProblem'
 */
export const SCHEMA_NAMES = { detailed: 'DetailedProblem', compact: 'CompactErrors' } as const;

/**
 * The detailed body: `{ type, title, status, detail, instance, code, errors? }` (RFC 9457 members
 * first). Not `additionalProperties: false`: the contract's `extensions` option and a problem's
 * own extensions add members (RFC 9457 section 3.2 allows them).
 *
 * @example
 * detailedProblemSchema(['not_found', 'widget_locked']).required; // ['type', 'title', 'status', 'detail', 'instance', 'code']
 */
export function detailedProblemSchema(codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    description: 'An RFC 9457 problem details object with the contract\'s `code`, and `errors` when fields are wrong.',
    required: ['type', 'title', 'status', 'detail', 'instance', 'code'],
    properties: {
      type: { type: 'string', format: 'uri-reference', description: 'Where this code is documented (`about:blank` without a type base URL; a relative reference when the type base URL is one, as RFC 9457 allows).' },
      title: { type: 'string', description: 'A short summary of the code; the same for every occurrence.' },
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status of the response.' },
      detail: { type: 'string', description: 'What went wrong with this request, meant for the client.' },
      instance: { type: 'string', description: 'The path that was called, without its query.' },
      code: { type: 'string', enum: [...codes], description: 'The machine-readable code.' },
      errors: {
        type: 'array',
        minItems: 1,
        description: 'One element per offending field; present only when fields are wrong.',
        items: {
          type: 'object',
          required: ['field', 'detail'],
          properties: {
            field: { type: 'string', description: 'The dotted path of the field, e.g. `items[0].name`.' },
            pointer: { type: 'string', description: 'The same field as a JSON Pointer (RFC 6901), e.g. `/items/0/name`.' },
            detail: { type: 'string', description: 'What is wrong with it.' },
          },
          additionalProperties: false,
        },
      },
    },
  };
}

/**
 * The compact body: `{ errors: [{ code, message }] }`, one element per problem (one per field
 * problem). The elements are exactly `{ code, message }`; the body itself may carry the
 * contract's extension members, so only the elements are closed.
 *
 * @example
 * compactErrorsSchema(['not_found']).required; // ['errors']
 */
export function compactErrorsSchema(codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    description: 'The compact error body: one element per problem, one per offending field.',
    required: ['errors'],
    properties: {
      errors: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', enum: [...codes], description: 'The machine-readable code.' },
            message: { type: 'string', description: 'What went wrong; for a field, it starts with the field\'s name.' },
          },
          additionalProperties: false,
        },
      },
    },
  };
}

/**
 * The schema of one code's body: the shape's schema (`DetailedProblem` or `CompactErrors`) with
 * `code` pinned to a `const`, so that a generated client types `code` as that one literal.
 * `type: 'string'` stays beside the `const`: without it openapi-typescript reads a member under
 * `allOf` as `unknown`. The compact schema is whole rather than an `allOf` of `CompactErrors`. For an OpenAPI 3.0 document, a one-member `enum` stands for the `const`.
 *
 * @example
 * pinnedCodeSchema('not_found', 'detailed').properties; // { code: { type: 'string', const: 'not_found' } }
 */
export function pinnedCodeSchema(code: string, shape: 'detailed' | 'compact', openapi: '3.0' | '3.1' = '3.1'): JsonSchema {
  // OpenAPI 3.0's schemas have no `const`: a one-member `enum` says the same
  const pinned = openapi === '3.1' ? { type: 'string', const: code } : { type: 'string', enum: [code] };
  if (shape === 'detailed') return { allOf: [{ $ref: `#/components/schemas/${SCHEMA_NAMES.detailed}` }], type: 'object', required: ['code'], properties: { code: pinned } };
  // the compact one is whole, not an `allOf`: a generated client reads `errors[number].code` of
  // an intersection of two arrays as the wider of the two (TypeScript takes one index signature)
  const compact = compactErrorsSchema([code]);
  const errors = (compact.properties as { errors: { items: { properties: { code: JsonSchema } } } }).errors;
  errors.items.properties.code = { ...pinned, description: 'The machine-readable code.' };
  return compact;
}
