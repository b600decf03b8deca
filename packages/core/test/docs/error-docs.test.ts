import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { errorDocs, escapeHtml } from '../../src/docs/index.js';
import { SPEC_CODES } from '../../src/openapi/index.js';

const catalog = { widget_locked: { status: 409, title: 'Widget <locked>', detail: 'Someone & someone else edit it.' } } as const;
const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', catalog });

describe('errorDocs(contract)', () => {
  const docs = errorDocs(contract);

  it('serves at the path of typeBaseUrl', () => {
    expect(docs.basePath).toBe('/errors');
    expect(errorDocs(createErrorContract()).basePath).toBe('/errors');
    expect(errorDocs(contract, { basePath: '/docs/errors/' }).basePath).toBe('/docs/errors');
    // a relative type base is a path too (RFC 9457 allows a URI reference)
    expect(errorDocs(createErrorContract({ typeBaseUrl: '/docs/errors/' })).basePath).toBe('/docs/errors');
  });

  it('with the method given, only GET and HEAD are answered: the rest is the app’s', () => {
    expect(docs('/errors/not_found', 'application/json', 'GET')?.status).toBe(200);
    expect(docs('/errors/not_found', 'application/json', 'HEAD')?.status).toBe(200);
    expect(docs('/errors/not_found', 'application/json', 'POST')).toBeUndefined();
    expect(docs('/errors', 'application/json', 'DELETE')).toBeUndefined();
  });

  it('a type base at a host’s root does not put the pages over the app’s own / and /<code>', () => {
    const rooted = errorDocs(createErrorContract({ typeBaseUrl: 'https://errors.example.com/' }));
    expect(rooted.basePath).toBe('/errors');
    expect(rooted('/', 'application/json')).toBeUndefined();
    expect(rooted('/not_found', 'application/json')).toBeUndefined();
    expect(rooted('/errors/not_found', 'application/json')?.status).toBe(200);
  });

  it('GET /errors/not_found as HTML: title, status, guidance, an example body', () => {
    const answer = docs('/errors/not_found', 'text/html,application/xhtml+xml,*/*;q=0.8')!;
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.vary).toBe('accept');
    expect(answer.body).toContain('<title>not_found: Not Found</title>');
    expect(answer.body).toContain('HTTP status <strong>404</strong>');
    expect(answer.body).toContain('When it happens');
    expect(answer.body).toContain('What to do');
    expect(answer.body).toContain(escapeHtml('"type": "https://docs.example.com/errors/not_found"'));
  });

  it('GET /errors/not_found as JSON on Accept: application/json', () => {
    const answer = docs('/errors/not_found', 'application/json')!;
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = JSON.parse(answer.body);
    expect(doc).toMatchObject({ code: 'not_found', status: 404, title: 'Not Found', type: 'https://docs.example.com/errors/not_found' });
    expect(doc.when).toEqual(expect.any(String));
    expect(doc.examples.compact).toEqual({ errors: [{ code: 'not_found', message: 'The requested resource was not found.' }] });
  });

  it('JSON only when a JSON type is named and accepted: q=0 refuses it, */* alone gets the page', () => {
    const type = (accept: string) => docs('/errors/not_found', accept)!.headers['content-type'];
    expect(type('application/json;q=0, text/plain')).toMatch(/^text\/html/);
    expect(type('*/*')).toMatch(/^text\/html/);
    expect(type('application/problem+json')).toMatch(/^application\/json/);
  });

  it('null options (plain JavaScript) are no options', () => {
    expect(errorDocs(contract, null as never).basePath).toBe('/errors');
  });

  it('has a page for every built-in code and catalog code, with guidance written for the built-in ones', () => {
    for (const code of [...SPEC_CODES, 'widget_locked']) {
      const doc = JSON.parse(docs(`/errors/${code}`, 'application/json')!.body);
      expect(doc.code).toBe(code);
      expect(doc.todo.length).toBeGreaterThan(10);
    }
    expect(JSON.parse(docs('/errors/widget_locked', 'application/json')!.body).when).toBe('Someone & someone else edit it.');
  });

  it('escapes every text it puts in HTML', () => {
    const html = docs('/errors/widget_locked')!.body;
    expect(html).toContain('Widget &lt;locked&gt;');
    expect(html).toContain('Someone &amp; someone else');
    expect(html).not.toContain('<locked>');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('the index lists every code, as HTML or JSON; a trailing slash or a query does not matter', () => {
    const html = docs('/errors/')!.body;
    for (const code of [...SPEC_CODES, 'widget_locked']) expect(html).toContain(`href="/errors/${code}"`);
    const json = JSON.parse(docs('/errors?x=1', 'application/json')!.body);
    expect(json.codes.map((entry: { code: string }) => entry.code)).toContain('widget_locked');
  });

  it('answers undefined for any other path', () => {
    expect(docs('/errors/no_such_code')).toBeUndefined();
    expect(docs('/errorsx')).toBeUndefined();
    expect(docs('/')).toBeUndefined();
    expect(docs(undefined as never)).toBeUndefined();
  });

  it('a wrong basePath is a TypeError', () => {
    expect(() => errorDocs(contract, { basePath: 'errors' })).toThrow(TypeError);
  });
});
