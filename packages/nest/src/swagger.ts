// `@error-contract/nest/swagger`: what a Nest app that documents itself with @nestjs/swagger adds
// to a route so that its OpenAPI operation lists exactly the errors it answers. The decorator
// states the route's own codes (`x-error-codes`); `withErrorResponses` from
// `@error-contract/core/openapi`, run over the document `SwaggerModule.createDocument` builds,
// adds their responses and what the contract answers for every operation.
import type { BuiltinCode } from '@error-contract/core';
import { ERROR_CODES_EXTENSION } from '@error-contract/core/openapi';
import { ApiExtension } from '@nestjs/swagger';

/**
 * Declares the codes a route answers itself (`not_found`, `conflict`, your catalog's), for the
 * OpenAPI document: an operation with it lists exactly those codes and what the contract adds
 * (400, 401, 406, 429, 500 as the contract and its options say); one without keeps every code it
 * may answer. `@ErrorResponses()` with no code says the route answers none of its own.
 *
 * @example
 * import { Controller, Get, Param } from '@nestjs/common';
 * import { notFound } from '@error-contract/core';
 * import { ErrorResponses } from '@error-contract/nest/swagger';
 *
 * @Controller('widgets')
 * export class WidgetsController {
 *   @Get(':id')
 *   @ErrorResponses('not_found')
 *   one(@Param('id') id: string) {
 *     throw notFound(`No widget ${id}.`);
 *   }
 * }
 */
export function ErrorResponses<Code extends string = BuiltinCode>(...codes: Array<Code | BuiltinCode>): MethodDecorator & ClassDecorator {
  return ApiExtension(ERROR_CODES_EXTENSION, [...new Set(codes)]);
}
