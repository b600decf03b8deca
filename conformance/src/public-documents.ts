// The service's public documents, over real HTTP, the same for every example: the OpenAPI
// document (judged by a real OpenAPI validator) and the docs pages, without a token and
// whatever the Accept.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { StartService } from '@error-contract/service-kit';
import { declaredErrorCodes } from '@error-contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_ACCEPT, TYPE_BASE } from './cases.js';
import { send } from './http.js';

/** The document as a file, kept equal to what the services serve (`vitest -u` rewrites it). */
const DOCUMENT_FILE = fileURLToPath(new URL('../../examples/openapi.json', import.meta.url));
// a server that is not Node's own (Bun's, Deno's, workerd's) or not the app's (Next's, Nitro's)
// does not answer Node's parser refusals (408, 417, 431) in the contract: its document lists none
const NOT_NODE_DOCUMENT_FILE = fileURLToPath(new URL('../../examples/openapi.not-node-server.json', import.meta.url));

/** Options of {@link describePublicDocuments}. */
export interface PublicDocumentsOptions {
  start: StartService;
  /**
   * For an app that builds its document with its framework's own tool (Nest's @nestjs/swagger, from
   * its controllers' decorators): the file its document is kept equal to. Its routes are worded by
   * that tool; every error response, schema and header must still be the reference document's.
   */
  ownDocument?: string;
  /** Whether the service is served by Node's own server, answering its parser's refusals in the contract. Default true. */
  nodeServer?: boolean;
  /**
   * How its own document's errors are held to examples/openapi.json: `'responses'` (default), the
   * same response objects and components (a document `withErrorResponses` wrote whole, as Nest's);
   * `'codes'`, the same codes per operation and status (a framework's tool wrote the routes' own
   * responses inline, as @fastify/swagger does).
   */
  sameErrors?: 'responses' | 'codes';
}

/** Per operation and error status, the codes its schema pins (`'any'` where it pins none). */
function declaredPart(document: any): Record<string, Record<string, string[] | 'any'>> {
  const operations: Record<string, Record<string, string[] | 'any'>> = {};
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const method of OPERATIONS) {
      if (item[method]?.responses === undefined) continue;
      const codes = declaredErrorCodes(document, method, path);
      operations[`${method.toUpperCase()} ${path}`] = Object.fromEntries(Object.entries(codes).map(([status, list]) => [status, list === undefined ? 'any' : [...list].sort()]));
    }
  }
  return operations;
}

const OPERATIONS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The error part of a document: per operation, each error status and the response it names; the components those name; the security. */
function errorPart(document: any) {
  const operations: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const method of OPERATIONS) {
      const responses = item[method]?.responses;
      if (responses === undefined) continue;
      operations[`${method.toUpperCase()} ${path}`] = Object.fromEntries(
        Object.entries<any>(responses).filter(([status]) => Number(status) >= 400),
      );
    }
  }
  const { responses, headers, schemas, securitySchemes } = document.components;
  return { operations, components: { responses, headers, schemas, securitySchemes }, security: document.security };
}

/**
 * Declares the public-documents suite for one example. Call it at the top level of a test file.
 *
 * @example
 * describePublicDocuments('express', { start: startService });
 */
export function describePublicDocuments(name: string, { start, ownDocument, nodeServer = true, sameErrors = 'responses' }: PublicDocumentsOptions): void {
  const shared = nodeServer ? DOCUMENT_FILE : NOT_NODE_DOCUMENT_FILE;
  describe(`public documents: ${name}`, () => {
    let url = '';
    let close = async () => {};

    beforeAll(async () => {
      const server = await start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} });
      url = server.url;
      close = server.close;
    });
    afterAll(() => close());

    it(`GET /openapi.json without a token is a valid OpenAPI 3.1 document, ${ownDocument === undefined ? `the same as examples/${nodeServer ? 'openapi.json' : 'openapi.not-node-server.json'}` : 'with every error response of examples/openapi.json'}`, async () => {
      const received = await send(url, { method: 'GET', path: '/openapi.json', headers: { accept: JSON_ACCEPT } });
      expect(received.status).toBe(200);
      expect(received.headers['content-type']).toMatch(/^application\/json/);
      const document = received.json;
      expect(document.openapi).toBe('3.1.0');
      const result = await validate(structuredClone(document));
      expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
      expect(document.paths['/api/client/v1/widgets'].get.responses['401']).toEqual({ $ref: '#/components/responses/unauthorized.compact' });
      if (sameErrors === 'responses') expect(document.paths['/api/client/v2/widgets'].post.responses['400']).toEqual({ $ref: '#/components/responses/bad_request-or-validation_failed' });
      await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot(ownDocument ?? shared);
      const sharedDocument = JSON.parse(readFileSync(shared, 'utf8'));
      if (ownDocument !== undefined && sameErrors === 'responses') expect(errorPart(document)).toEqual(errorPart(sharedDocument));
      if (ownDocument !== undefined && sameErrors === 'codes') expect(declaredPart(document)).toEqual(declaredPart(sharedDocument));
    });

    it('GET /openapi.json answers whatever the Accept, even none', async () => {
      for (const accept of [undefined, 'text/html']) {
        const headers: Record<string, string> = accept === undefined ? {} : { accept };
        const received = await send(url, { method: 'GET', path: '/openapi.json', headers });
        expect(received.status, String(accept)).toBe(200);
        expect(received.json.openapi).toBe('3.1.0');
      }
    });

    it('GET /errors/not_found is an HTML page for a browser, and JSON on Accept: application/json', async () => {
      const html = await send(url, { method: 'GET', path: '/errors/not_found', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.text).toContain('<title>not_found: Not Found</title>');
      expect(html.text).toContain('What to do');
      const json = await send(url, { method: 'GET', path: '/errors/not_found', headers: { accept: JSON_ACCEPT } });
      expect(json.status).toBe(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.json).toMatchObject({ code: 'not_found', status: 404, type: `${TYPE_BASE}not_found` });
    });

    it('the docs index lists the codes; an unknown code is the contract\'s 404', async () => {
      const index = await send(url, { method: 'GET', path: '/errors', headers: {} });
      expect(index.status).toBe(200);
      expect(index.text).toContain('href="/errors/too_many_requests"');
      const missing = await send(url, { method: 'GET', path: '/errors/no_such_code', headers: { accept: JSON_ACCEPT, authorization: 'Bearer reader-token' } });
      expect(missing.status).toBe(404);
      expect(missing.json).toMatchObject({ code: 'not_found' });
    });
  });
}
