// The service's OpenAPI document on Nest: @nestjs/swagger builds the routes from the controllers'
// decorators, as in any Nest app, each naming the codes it answers (`x-error-codes`), and
// `withErrorResponses` adds those and what the contract answers for every operation (401, 406,
// 429, 500; 400, 413 and 415 where a body is read), with their schemas and headers.
import { type ErrorContract } from '@error-contract/core';
import { type OpenApiDocument, withErrorResponses } from '@error-contract/core/openapi';
import { BEARER_SCHEME, SERVICE_INFO, serviceAnswers, widgetSchemas } from '@error-contract/service-kit';
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
  // Nest's server is Node's own, which answers its parser's refusals in the contract (server.ts)
  return withErrorResponses(document, contract, serviceAnswers({ nodeServer: true }));
}
