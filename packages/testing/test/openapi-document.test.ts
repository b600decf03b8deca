import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { discoverDocument, documentCandidates, loadNamedDocument } from '../src/openapi/discover.js';
import { OpenApiError, readOpenApi, resolveRef } from '../src/openapi/document.js';
import type { ResponseSnapshot } from '../src/snapshot.js';
import { widgetsDocument } from './openapi-servers.js';

const json = (value: unknown): ResponseSnapshot => ({ status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify(value) });
const missing: ResponseSnapshot = { status: 404, headers: { 'content-type': 'text/html' }, text: '<h1>Not Found</h1>' };

describe('readOpenApi(text, source)', () => {
  it('reads OpenAPI 3.1 JSON and OpenAPI 3.0 YAML', () => {
    expect(readOpenApi(JSON.stringify(widgetsDocument()), 'openapi.json')).toMatchObject({ version: '3.1', openapi: '3.1.0', source: 'openapi.json' });
    const yaml = stringify(widgetsDocument({ version: '3.0.3' }));
    expect(yaml.startsWith('openapi: 3.0.3')).toBe(true);
    const doc = readOpenApi(yaml, 'openapi.yaml');
    expect(doc.version).toBe('3.0');
    expect(Object.keys(doc.raw.paths as object)).toEqual(['/widgets', '/widgets/{id}']);
  });

  it.each([
    ['{"openapi":', 'x.json is not valid JSON'],
    ['- a\n- b', 'x.json is no OpenAPI document (not an object)'],
    ['swagger: "2.0"\npaths: {}', 'x.json is Swagger 2.0: only OpenAPI 3.0 and 3.1 are read'],
    ['title: x', 'x.json is no OpenAPI document (no "openapi" member)'],
    ['openapi: 4.0.0\npaths: {}', 'x.json is OpenAPI 4.0.0: only 3.0 and 3.1 are read'],
    ['openapi: 3.1.0', 'x.json has no "paths"'],
    ['<!DOCTYPE html>\n<html>: [', 'x.json is neither JSON nor YAML'],
  ])('%j is refused: %s', (text, message) => {
    expect(() => readOpenApi(text, 'x.json')).toThrow(OpenApiError);
    expect(() => readOpenApi(text, 'x.json')).toThrow(message);
  });

  it('resolveRef follows local references and stops at cycles and other files', () => {
    const doc = readOpenApi(JSON.stringify({ openapi: '3.1.0', paths: {}, components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { type: 'string' }, C: { $ref: '#/components/schemas/C' }, 'a/b': { type: 'integer' } } } }), 'x');
    expect(resolveRef(doc, { $ref: '#/components/schemas/A' })).toEqual({ value: { type: 'string' }, pointer: '#/components/schemas/B' });
    expect(resolveRef(doc, { $ref: '#/components/schemas/a~1b' }).value).toEqual({ type: 'integer' });
    expect(resolveRef(doc, { $ref: '#/components/schemas/C' }).value).toBeUndefined();
    expect(resolveRef(doc, { $ref: 'other.yaml#/components/schemas/B' }).value).toBeUndefined();
  });
});

describe('finding the document', () => {
  it('candidates: below the base URL first, then at the origin', () => {
    expect(documentCandidates(new URL('http://h:3000/api/v2/')).map(String)).toEqual([
      'http://h:3000/api/v2/openapi.json',
      'http://h:3000/api/v2/openapi.yaml',
      'http://h:3000/api/v2/docs/json',
      'http://h:3000/api/v2/swagger.json',
      'http://h:3000/openapi.json',
      'http://h:3000/openapi.yaml',
      'http://h:3000/docs/json',
      'http://h:3000/swagger.json',
    ]);
    expect(documentCandidates(new URL('http://h:3000')).map((url) => url.pathname)).toEqual(['/openapi.json', '/openapi.yaml', '/docs/json', '/swagger.json']);
  });

  it('stops at the first OpenAPI document and says what the others were', async () => {
    const asked: string[] = [];
    const answers: Record<string, ResponseSnapshot> = {
      '/api/openapi.json': { status: 200, headers: { 'content-type': 'text/html' }, text: '<!doctype html><p>app</p>' },
      '/api/swagger.json': json({ swagger: '2.0', paths: {} }),
      '/docs/json': json(widgetsDocument()),
    };
    const found = await discoverDocument(async (url) => {
      asked.push(url.pathname);
      return answers[url.pathname] ?? missing;
    }, new URL('http://h/api'));
    expect(found.document?.source).toBe('http://h/docs/json');
    expect(asked).toEqual(['/api/openapi.json', '/api/openapi.yaml', '/api/docs/json', '/api/swagger.json', '/openapi.json', '/openapi.yaml', '/docs/json']);
    expect(found.tried).toEqual([
      'http://h/api/openapi.json: 200 text/html, no OpenAPI document',
      'http://h/api/openapi.yaml: 404',
      'http://h/api/docs/json: 404',
      'http://h/api/swagger.json: Swagger 2.0: only OpenAPI 3.0 and 3.1 are read (convert it, e.g. with swagger2openapi)',
      'http://h/openapi.json: 404',
      'http://h/openapi.yaml: 404',
    ]);
  });

  it('finds none: every place tried is listed', async () => {
    const found = await discoverDocument(async () => missing, new URL('http://h/'));
    expect(found.document).toBeUndefined();
    expect(found.tried).toHaveLength(4);
  });

  it('--openapi: a file (YAML), or a URL that must answer 200', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'probe-doc-'));
    const file = join(dir, 'openapi.yaml');
    await writeFile(file, stringify(widgetsDocument({ version: '3.0.3' })));
    const fetchNothing = async () => missing;
    expect((await loadNamedDocument(file, fetchNothing)).source).toBe(file);
    await expect(loadNamedDocument(join(dir, 'nope.yaml'), fetchNothing)).rejects.toThrow(`cannot read ${join(dir, 'nope.yaml')}: ENOENT`);
    await expect(loadNamedDocument('http://h/spec.json', fetchNothing)).rejects.toThrow('http://h/spec.json answered 404, not the document');
    await expect(loadNamedDocument('http://h/spec.json', () => Promise.reject(new Error('connect ECONNREFUSED')))).rejects.toThrow('cannot fetch http://h/spec.json: connect ECONNREFUSED');
    expect((await loadNamedDocument('https://h/spec.json', async () => json(widgetsDocument()))).version).toBe('3.1');
  });
});
