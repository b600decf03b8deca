// The widget routes as @hono/zod-openapi declares them (`createRoute`), each with its own error
// responses from @error-contract/hono/zod-openapi, and the service's OpenAPI document built from
// them. What the routes answer is app.ts's; here is only what the document says about them.
import type { ErrorContract } from '@error-contract/core';
import { type OpenApiDocument, withErrorResponses } from '@error-contract/core/openapi';
import { errorResponses, type ErrorStatuses } from '@error-contract/hono/zod-openapi';
import { BEARER_SCHEME, SERVICE_INFO, serviceAnswers, widgetSchemas } from '@error-contract/service-kit';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';

const Widget = z.object({ id: z.string(), name: z.string(), price: z.number().min(0).optional() }).openapi('Widget');
const widget = (description: string) => ({ description, content: { 'application/json': { schema: Widget } } });
const params = z.object({ id: z.string() });

/**
 * A route's own errors: its error responses for `createRoute`, each pinning its codes, and the
 * codes as the operation's `x-error-codes` (@hono/zod-openapi copies a route's `x-` keys into its
 * operation), the list `error-contract probe` reads to note which of them it did not provoke.
 */
function ownErrors<const Statuses extends ErrorStatuses>(contract: ErrorContract, statuses: Statuses, path: string) {
  return { codes: Object.values(statuses).flat(), responses: errorResponses(contract, statuses, { path }) };
}

/** The middleware a route runs before its handler: the writer check, and the body reader of `POST`. */
export interface WidgetRouteMiddleware {
  writerOnly: MiddlewareHandler;
  /** Reads and validates the body (the service's own `widgetInput`, with the contract's validation hook). */
  readBody: MiddlewareHandler[];
}

/**
 * The four widget routes under one prefix (`/api/client/v1`), for `app.openapi(route, handler)`.
 * Each states the codes it answers itself, in the shape the contract answers its path with.
 *
 * @example
 * const routes = widgetRoutes(contract, '/api/client/v2', { writerOnly, readBody });
 * app.openapi(routes.list, (c) => c.json(store.list(), 200));
 */
export function widgetRoutes(contract: ErrorContract, prefix: string, { writerOnly, readBody }: WidgetRouteMiddleware) {
  const version = prefix.slice(prefix.lastIndexOf('/') + 1);
  const [list, one] = [`${prefix}/widgets`, `${prefix}/widgets/{id}`];
  const [create, get, remove] = [ownErrors(contract, { 403: ['forbidden'] }, list), ownErrors(contract, { 404: ['not_found'] }, one), ownErrors(contract, { 403: ['forbidden'], 404: ['not_found'] }, one)];
  return {
    // `x-error-codes: []`: it answers none of its own (an operation that declares nothing may answer any)
    list: createRoute({ method: 'get', path: list, operationId: `${version}ListWidgets`, summary: 'The widgets', 'x-error-codes': [], responses: { 200: { description: 'The widgets', content: { 'application/json': { schema: z.array(Widget) } } } } }),
    create: createRoute({
      method: 'post',
      path: list,
      operationId: `${version}CreateWidget`,
      summary: 'Creates a widget (writer token only)',
      'x-error-codes': create.codes,
      middleware: [writerOnly, ...readBody] as const,
      // A reference, not the zod schema: given a zod schema, @hono/zod-openapi validates the body
      // itself, behind a media-type gate of its own that answers 415 to types the service takes
      // (`application/json ;charset=utf-8`, `application/vnd_x+json`). The service's validator
      // (`readBody`) stays; the schema it validates with is the component `WidgetInput`.
      request: { body: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetInput' } } } } },
      responses: { 201: widget('The created widget'), ...create.responses },
    }),
    get: createRoute({
      method: 'get',
      path: one,
      operationId: `${version}GetWidget`,
      summary: 'One widget',
      'x-error-codes': get.codes,
      request: { params },
      responses: { 200: widget('The widget'), ...get.responses },
    }),
    delete: createRoute({
      method: 'delete',
      path: one,
      operationId: `${version}DeleteWidget`,
      summary: 'Deletes a widget (writer token only)',
      'x-error-codes': remove.codes,
      middleware: writerOnly,
      request: { params },
      responses: { 204: { description: 'Deleted' }, ...remove.responses },
    }),
  };
}

/**
 * The service's OpenAPI 3.1 document, from the routes the app declared with `app.openapi()`:
 * @hono/zod-openapi writes the routes, `withErrorResponses` every error the contract answers
 * besides each route's own (401, 406, 429, 500; 400, 413, 415 with a body; 408, 417, 431 on
 * Node's server).
 *
 * @example
 * const document = widgetsDocument(app, contract, { nodeServer: true });
 * document.paths['/api/client/v1/widgets'].get.responses['401']; // { $ref: '#/components/responses/unauthorized.compact' }
 */
export function widgetsDocument(app: OpenAPIHono<any>, contract: ErrorContract, { nodeServer }: { nodeServer: boolean }): OpenApiDocument {
  // `widgetInput`'s JSON Schema (zod's own): `register('WidgetInput', widgetInput)` needs the
  // schema's `.openapi()`, which zod 4 gives only to schemas made after @hono/zod-openapi loaded
  // (it copies prototype methods onto each schema as it is made), and the service kit's is older.
  app.openAPIRegistry.registerComponent('schemas', 'WidgetInput', widgetSchemas().WidgetInput!);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', BEARER_SCHEME);
  const routes = app.getOpenAPI31Document({ openapi: '3.1.0', info: SERVICE_INFO, security: [{ bearer: [] }] });
  return withErrorResponses(routes, contract, serviceAnswers({ nodeServer }));
}
