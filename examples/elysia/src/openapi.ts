// The service's OpenAPI document on Elysia: @elysiajs/openapi generates it from the routes
// themselves (widget-routes.ts: their detail, body, successes and own error responses), and
// `withErrorResponses` adds what the contract answers for every operation.
//
// The plugin is used on an app of its own with the same routes, not on the service: the service
// answers /openapi.json before its Accept check, rate limit and authentication, and every route of
// an Elysia app comes after its `onRequest` hooks.
import { type ErrorContract } from '@error-contract/core';
import { type OpenApiDocument, withErrorResponses } from '@error-contract/core/openapi';
import { openapi } from '@elysiajs/openapi';
import { BEARER_SCHEME, SERVICE_INFO, serviceAnswers } from '@error-contract/service-kit';
import { type AnyElysia, Elysia } from 'elysia';
import { z } from 'zod';

/** Where the plugin serves the document it generates, on the documenting app only. */
const SPEC_PATH = '/openapi/json';

/** A zod schema (the body's) as JSON Schema, without its `$schema`: OpenAPI 3.1's dialect is the default. */
function zodJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema) as Record<string, unknown>;
  return json;
}

/**
 * Fills in what @elysiajs/openapi 1.4.16 leaves out or writes wrong for these routes: a body read
 * by a parse hook of the route's own gets `content: {}` (the plugin names a media type only for
 * Elysia's named parsers; POST reads its JSON itself, json-body.ts), and a `t.Void()` response is
 * written as `content: { type: 'void' }`, no media type object, which OpenAPI validators refuse
 * (so DELETE's 204 is no entry of its route's `response`, and is stated here).
 */
function completed(document: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values<OpenApiDocument>(document.paths ?? {})) {
    const body = item.post?.requestBody;
    if (body !== undefined && Object.keys(body.content ?? {}).length === 0) {
      body.content = { 'application/json': { schema: { $ref: '#/components/schemas/WidgetInput' } } };
    }
    if (item.delete !== undefined) item.delete.responses = { '204': { description: 'Deleted' }, ...item.delete.responses };
  }
  return document;
}

/**
 * The document served at /openapi.json: the routes as @elysiajs/openapi documents them, with the
 * service's info and bearer security, and every error response of the contract.
 *
 * @example
 * const document = await serviceDocument(contract, new Elysia().use(widgetRoutes('/api/client/v2', store, contract)));
 */
export async function serviceDocument(contract: ErrorContract, routes: AnyElysia): Promise<OpenApiDocument> {
  const documenting = new Elysia()
    .use(
      openapi({
        provider: null,
        specPath: SPEC_PATH,
        openapiVersion: '3.1.0',
        documentation: {
          // (the plugin would describe it as "Development documentation")
          info: { ...SERVICE_INFO, description: 'The error-contract reference service on Elysia and Bun.' },
          security: [{ bearer: [] }],
          components: { securitySchemes: { bearer: BEARER_SCHEME } },
        },
        mapJsonSchema: { zod: zodJsonSchema },
      }),
    )
    .use(routes);
  const response = await documenting.handle(new Request(`http://localhost${SPEC_PATH}`));
  const generated = completed((await response.json()) as OpenApiDocument);
  // Bun's server is not Node's: it answers no parser refusal in the contract (408, 417, 431)
  return withErrorResponses(generated, contract, serviceAnswers({ nodeServer: false }));
}
