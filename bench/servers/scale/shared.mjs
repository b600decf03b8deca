// What the scale servers share. One process hosts several apps (one per route count or catalog
// size, each on its own port), so that a curve's points are measured in the same process: two
// processes of the same code differ by up to 20%, which would hide a 10% growth.
import { createErrorContract } from '@error-contract/core';
import { z } from 'zod';
import { log5xx } from '../harness.mjs';

/** argv: <variant> <JSON list of { routes, catalog }>, one app per entry. */
export const variant = process.argv[2];
export const apps = JSON.parse(process.argv[3] ?? '[{"routes":10,"catalog":10}]');

/** The app's own routes: `/r0/widgets/:id` ... with GET and POST each, as a REST API has them. */
export const routePath = (index) => `/r${index}/widgets/:id`;

// One zod schema per field count (POST /validate/<count>), made on its first request and kept:
// each request validates an empty object against it, so every field is missing. The request body
// is not read: a body parser costs the same for every count and would only blur the per-field slope.
const schemas = new Map();
const EMPTY = Object.freeze({});

function schemaOf(count) {
  let schema = schemas.get(count);
  if (!schema) {
    const fields = Number(count);
    if (!Number.isInteger(fields) || fields < 1 || fields > 1000) throw new Error(`no schema of ${count} fields`);
    schema = z.object(Object.fromEntries(Array.from({ length: fields }, (_, i) => [`field${i}`, z.string()])));
    schemas.set(count, schema);
  }
  return schema;
}

/** Throws the ZodError of `count` missing fields, as `schema.parse(body)` in a handler does. */
export function failValidation(count) {
  schemaOf(count).parse(EMPTY);
}

/** What a hand-written handler sends for a validator's failure: its issues, as they are. */
export const isZodError = (error) => error instanceof z.ZodError;
export const validatorBody = (error) => ({ status: 400, code: 'validation_failed', errors: error.issues });

/** `size` codes `code_0` ... all 409; the thrown one is the last, where a list scan would be slowest. */
export function catalogOf(size) {
  return Object.fromEntries(Array.from({ length: size }, (_, i) => [`code_${i}`, { status: 409, title: `Conflict ${i}` }]));
}
export const lastCode = (size) => `code_${size - 1}`;

/** The contract of one app: the main servers' options plus the app's catalog. */
export const contractFor = ({ catalog = 10 }) =>
  createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', catalog: catalogOf(catalog), onError: (error, problem) => problem.status >= 500 && log5xx(error) });
