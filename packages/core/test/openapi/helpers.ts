// What the tests judge documents with: a real OpenAPI validator and a real JSON Schema 2020-12 one.
import { compileErrors, validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { OpenApiFragment } from '../../src/openapi/index.js';

/** Asserts that a document is valid OpenAPI (3.0 or 3.1, as it says), with the validator's own message. */
export async function expectValidOpenApi(document: unknown): Promise<void> {
  // the validator dereferences in place: judge a copy
  const result = await validate(structuredClone(document) as never);
  expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
}

/** An ajv 2020 instance with the fragment's schemas registered under their `$ref` paths. */
export function schemaValidator(fragment: OpenApiFragment) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const [name, schema] of Object.entries(fragment.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
  return (ref: string, body: unknown) => {
    const check = ajv.getSchema(ref)!;
    const valid = check(body);
    return { valid, errors: ajv.errorsText(check.errors) };
  };
}
