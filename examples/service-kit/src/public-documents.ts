// The service's public documents: its OpenAPI document and the docs pages its `type` URLs point
// at. Framework-free: each app hands a request's method, path and Accept to `publicDocuments` and
// writes what comes back, before its Accept check, rate limit and authentication.
import { type ErrorContract } from '@error-contract/core';
import { type DocsResponse, errorDocs } from '@error-contract/core/docs';
import { ERROR_CODES_EXTENSION, type OpenApiDocument, withErrorResponses } from '@error-contract/core/openapi';
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

/**
 * The codes each operation answers itself (`x-error-codes`); `withErrorResponses` adds what the
 * contract answers for every operation (401, 406, 429, 500, and 400, 413, 415 with a body).
 */
export const OPERATION_CODES = {
  listWidgets: [],
  createWidget: ['forbidden'],
  getWidget: ['not_found'],
  deleteWidget: ['forbidden', 'not_found'],
} as const satisfies Record<string, readonly string[]>;

const declares = (codes: readonly string[]) => ({ [ERROR_CODES_EXTENSION]: [...codes] });

/** The routes of one prefix; their errors are added by `withErrorResponses`. */
function routesUnder(prefix: string): OpenApiDocument {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const version = prefix.slice(prefix.lastIndexOf('/') + 1);
  return {
    [`${prefix}/widgets`]: {
      get: { operationId: `${version}ListWidgets`, summary: 'The widgets', ...declares(OPERATION_CODES.listWidgets), responses: { '200': json({ type: 'array', items: { $ref: '#/components/schemas/Widget' } }, 'The widgets') } },
      post: {
        operationId: `${version}CreateWidget`,
        summary: 'Creates a widget (writer token only)',
        ...declares(OPERATION_CODES.createWidget),
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetInput' } } } },
        responses: { '201': json({ $ref: '#/components/schemas/Widget' }, 'The created widget') },
      },
    },
    [`${prefix}/widgets/{id}`]: {
      get: { operationId: `${version}GetWidget`, summary: 'One widget', ...declares(OPERATION_CODES.getWidget), parameters: [id], responses: { '200': json({ $ref: '#/components/schemas/Widget' }, 'The widget') } },
      delete: { operationId: `${version}DeleteWidget`, summary: 'Deletes a widget (writer token only)', ...declares(OPERATION_CODES.deleteWidget), parameters: [id], responses: { '204': { description: 'Deleted' } } },
    },
  };
}

/**
 * What the service's server answers besides its routes: `nodeServer` when it answers Node's
 * parser refusals in the contract (408, 417, 431: `@error-contract/node`'s listeners), which a
 * server that is not Node's own (Bun), or one the app does not create (Next's, Nitro's), does not.
 */
export interface ServiceDocumentOptions {
  nodeServer?: boolean;
}

/** The options of `withErrorResponses` for the reference service: a rate limit, a body reader with a limit that reads only JSON. */
export function serviceAnswers(options: ServiceDocumentOptions = {}) {
  return { rateLimited: true, bodyReaderResponses: true, clientErrorResponses: options.nodeServer === true } as const;
}

/**
 * The reference service's OpenAPI 3.1 document: its routes under both prefixes, each with the
 * codes it answers, and every error response built from the contract (compact under v1, detailed
 * under v2).
 *
 * @example
 * serviceOpenApi(serviceContract()).paths['/api/client/v1/widgets'].get.responses['401']; // { $ref: '#/components/responses/unauthorized.compact' }
 */
export function serviceOpenApi(contract: ErrorContract = serviceContract(), options: ServiceDocumentOptions = {}): OpenApiDocument {
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
  return withErrorResponses(routes, contract, serviceAnswers(options));
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
