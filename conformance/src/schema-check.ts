// Every error body the services send is judged by the JSON Schema their OpenAPI document
// publishes, with a real JSON Schema 2020-12 validator: the document and the bodies cannot drift.
import { errorComponents, SCHEMA_NAMES } from '@error-contract/core/openapi';
import { serviceContract } from '@error-contract/service-kit';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { Shape } from './cases.js';

let validators: Record<Shape, ValidateFunction> | undefined;

/** The two schemas, compiled once, from `errorComponents` of the service's own contract. */
function schemaValidators(): Record<Shape, ValidateFunction> {
  if (validators !== undefined) return validators;
  const { schemas } = errorComponents(serviceContract({ log: () => {} })).components;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // ajv-formats is CommonJS with a default export; under ESM interop the function may sit one level down
  const formats = addFormats as unknown as { default?: (ajv: Ajv2020) => void } & ((ajv: Ajv2020) => void);
  (formats.default ?? formats)(ajv);
  validators = { detailed: ajv.compile(schemas[SCHEMA_NAMES.detailed]!), compact: ajv.compile(schemas[SCHEMA_NAMES.compact]!) };
  return validators;
}

/**
 * Asserts that an error body validates against the published schema of its shape.
 *
 * @example
 * expectBodyMatchesSchema(received.json, 'compact');
 */
export function expectBodyMatchesSchema(body: unknown, shape: Shape): void {
  const validate = schemaValidators()[shape];
  const valid = validate(body);
  expect(valid, `${shape} body ${JSON.stringify(body)?.slice(0, 300)}: ${JSON.stringify(validate.errors)}`).toBe(true);
}
