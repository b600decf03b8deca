// A route's declared codes as Fastify knows them at run time, for the contract's
// `checkDeclaredCodes` option: its schema's `x-error-codes`, else the codes its error responses
// pin (`errorResponses`). Read once per route (its schema object is the route's for its life).
import { ERROR_CODES_EXTENSION, listedCodes } from '@error-contract/core/openapi';
import type { FastifyRequest } from 'fastify';

const byRoute = new WeakMap<object, readonly string[] | undefined>();

/**
 * The codes the request's route declares; undefined for a route that declares none (or no route).
 *
 * @example
 * declaredCodesOf(request); // ['not_found'] for a route with `schema.response` from errorResponses(contract, ['not_found'])
 */
export function declaredCodesOf(request: FastifyRequest): readonly string[] | undefined {
  const schema = (request as { routeOptions?: { schema?: Record<string, unknown> } }).routeOptions?.schema;
  if (schema === undefined || schema === null || typeof schema !== 'object') return undefined;
  if (byRoute.has(schema)) return byRoute.get(schema);
  const own = schema[ERROR_CODES_EXTENSION];
  const codes = Array.isArray(own) ? own.filter((code): code is string => typeof code === 'string') : listedCodes({ responses: schema.response });
  byRoute.set(schema, codes);
  return codes;
}
