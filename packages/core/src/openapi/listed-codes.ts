// The codes an operation declares by the error responses it lists itself, for a document whose
// tool writes no `x-error-codes` but keeps a route's response schemas (Fastify's, through
// @fastify/swagger): a listed 4xx or 5xx whose JSON schema pins `code` (`const`, or an `enum`,
// per member of a `oneOf`/`anyOf`) declares those codes. `$ref`s are not followed: a response
// the author refers to by name declares nothing by that alone.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function pinned(schema: unknown): string[] | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((code) => typeof code === 'string')) return schema.enum as string[];
  return undefined;
}

/** The codes a body schema pins: its `code`, its errors' `code`, each member of a `oneOf`/`anyOf`. */
function codesOfSchema(schema: unknown): string[] | undefined {
  if (!isObject(schema)) return undefined;
  const members = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (members !== undefined) {
    const each = members.map(codesOfSchema);
    return each.some((codes) => codes === undefined) ? undefined : [...new Set(each.flat() as string[])];
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const errors = isObject(properties.errors) && isObject(properties.errors.items) ? properties.errors.items : undefined;
  return pinned(properties.code) ?? (isObject(errors?.properties) ? pinned(errors.properties.code) : undefined);
}

/**
 * The codes an operation's own listed error responses pin; undefined when none pins any.
 *
 * @example
 * listedCodes({ responses: { '404': { description: 'Not Found', content: { 'application/json': { schema: { properties: { code: { const: 'not_found' } } } } } } } });
 * // ['not_found']
 */
export function listedCodes(operation: Json): string[] | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const codes: string[] = [];
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]\d\d$/.test(status) || !isObject(response) || !isObject(response.content)) continue;
    for (const media of Object.values(response.content)) {
      const found = isObject(media) ? codesOfSchema(media.schema) : undefined;
      if (found !== undefined) codes.push(...found);
    }
  }
  return codes.length === 0 ? undefined : [...new Set(codes)];
}
