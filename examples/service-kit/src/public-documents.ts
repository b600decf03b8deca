// The service's public documents: its OpenAPI document and the docs pages its `type` URLs point
// at. Framework-free: each app hands a request's method, path and Accept to `publicDocuments` and
// writes what comes back, before its Accept check, rate limit and authentication.
import { type DocsResponse, type ErrorContract, errorDocs, type OpenApiDocument, withErrorResponses } from '@error-contract/core';
import { z } from 'zod';
import { PREFIXES, serviceContract } from './contract.ts';
import { widgetInput } from './widgets.ts';

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/openapi.json';

const WIDGET = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, price: { type: 'number', minimum: 0 } },
};

/** The body `POST /widgets` validates, from the zod schema the service validates it with. */
function widgetInputSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(widgetInput) as Record<string, unknown>;
  return schema;
}

const json = (schema: unknown, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The schemas the routes name (`#/components/schemas/Widget`, `WidgetInput`), for a document built elsewhere (Nest's swagger). */
export function widgetSchemas(): Record<string, Record<string, unknown>> {
  return { Widget: WIDGET, WidgetInput: widgetInputSchema() };
}

/** The service's info and security, the same whoever builds the document. */
export const SERVICE_INFO = { title: 'Widgets (the error-contract reference service)', version: '1.0.0' };
export const BEARER_SCHEME = { type: 'http', scheme: 'bearer', description: '`reader-token` reads; `writer-token` reads and writes.' } as const;

/** The routes of one prefix; their errors are added by `withErrorResponses`. */
function routesUnder(prefix: string): OpenApiDocument {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const version = prefix.slice(prefix.lastIndexOf('/') + 1);
  return {
    [`${prefix}/widgets`]: {
      get: { operationId: `${version}ListWidgets`, summary: 'The widgets', responses: { '200': json({ type: 'array', items: { $ref: '#/components/schemas/Widget' } }, 'The widgets') } },
      post: {
        operationId: `${version}CreateWidget`,
        summary: 'Creates a widget (writer token only)',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetInput' } } } },
        responses: { '201': json({ $ref: '#/components/schemas/Widget' }, 'The created widget') },
      },
    },
    [`${prefix}/widgets/{id}`]: {
      get: { operationId: `${version}GetWidget`, summary: 'One widget', parameters: [id], responses: { '200': json({ $ref: '#/components/schemas/Widget' }, 'The widget') } },
      delete: { operationId: `${version}DeleteWidget`, summary: 'Deletes a widget (writer token only)', parameters: [id], responses: { '204': { description: 'Deleted' } } },
    },
  };
}

/**
 * The reference service's OpenAPI 3.1 document: its routes under both prefixes, and every error
 * response built from the contract (compact under v1, detailed under v2).
 *
 * @example
 * serviceOpenApi(serviceContract()).paths['/api/client/v1/widgets'].get.responses['401']; // { $ref: '#/components/responses/unauthorized.compact' }
 */
export function serviceOpenApi(contract: ErrorContract = serviceContract()): OpenApiDocument {
  const routes = {
    openapi: '3.1.0',
    info: SERVICE_INFO,
    security: [{ bearer: [] }],
    paths: Object.assign({}, ...PREFIXES.map((prefix) => routesUnder(prefix))),
    components: {
      securitySchemes: { bearer: BEARER_SCHEME },
      schemas: widgetSchemas(),
    },
  };
  return withErrorResponses(routes, contract, { rateLimited: true, bodyReaderResponses: true });
}

/**
 * Answers the public documents, whatever the Accept and without a token: `GET /openapi.json`
 * and the docs pages under `/errors`. Undefined for every other request. `openapi` is the
 * document to serve when the app builds its own (Nest's, from its controllers' decorators).
 *
 * @example
 * const answer = publicDocuments(serviceContract());
 * answer('GET', '/errors/not_found', 'text/html')?.headers['content-type']; // 'text/html; charset=utf-8'
 */
export function publicDocuments(contract: ErrorContract, document: OpenApiDocument = serviceOpenApi(contract)): (method: string, path: string, accept: string | undefined) => DocsResponse | undefined {
  const openapi: DocsResponse = {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
    body: JSON.stringify(document),
  };
  const docs = errorDocs(contract);
  return (method, path, accept) => {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    return path === OPENAPI_PATH ? openapi : docs(path, accept);
  };
}
