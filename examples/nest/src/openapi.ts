// The service's OpenAPI document on Nest: @nestjs/swagger builds the routes from the controllers'
// decorators, as in any Nest app, and `withErrorResponses` adds every error response the contract
// answers (404, 405, 406, 500 everywhere; 400, 413 and 415 where a body is read; 401 and 403 where
// security applies; 429 for the rate limit), with their schemas and headers.
import { type ErrorContract, type OpenApiDocument, withErrorResponses } from '@error-contract/core';
import { BEARER_SCHEME, SERVICE_INFO, widgetSchemas } from '@error-contract/service-kit';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** The Nest service's document, served at `/openapi.json`. */
export function serviceDocument(app: INestApplication, contract: ErrorContract): OpenApiDocument {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(SERVICE_INFO.title)
    .setVersion(SERVICE_INFO.version)
    // (swagger would call the tokens JWTs by default; they are not)
    .addBearerAuth({ ...BEARER_SCHEME, bearerFormat: undefined }, 'bearer')
    .addSecurityRequirements('bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, { autoTagControllers: false });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...widgetSchemas() } };
  return withErrorResponses(document, contract, { rateLimited: true, bodyReaderResponses: true });
}
