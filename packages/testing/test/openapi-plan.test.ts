import { describe, expect, it } from 'vitest';
import { readOpenApi } from '../src/openapi/document.js';
import { allowProblems, judgeProbe } from '../src/openapi/judge.js';
import { listOperations } from '../src/openapi/operations.js';
import { planProbes } from '../src/openapi/plan.js';
import { checkDeclared, declaredChecker, declaredResponse } from '../src/openapi/schema-check.js';
import type { ResponseSnapshot } from '../src/snapshot.js';
import { widgetsDocument } from './openapi-servers.js';

const doc = readOpenApi(JSON.stringify(widgetsDocument()), 'http://h/openapi.json');
const operations = listOperations(doc, '');
const options = { headers: { authorization: 'Bearer t' }, write: true, strictAccept: false, strictContentType: false, bodyLimitBytes: 1024 };

function problem(status: number, code: string, extra: object = {}): ResponseSnapshot {
  return { status, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ type: 'about:blank', title: code, status, detail: 'd', instance: '/widgets', code, ...extra }) };
}

describe('planProbes(doc, operations, options)', () => {
  it('every operation gets its probes, grouped, in the document order', () => {
    const planned = planProbes(doc, operations, options);
    expect(planned.map((probe) => [probe.group, probe.kase.name, `${probe.kase.request.method} ${probe.kase.request.path}`])).toEqual([
      ['the API', 'an existing path answers', 'GET /widgets'],
      ['the API', 'an unknown path is 404', 'GET /widgets/no-such-path/error-contract-probe'],
      ['GET /widgets', 'PUT is 405 with Allow', 'PUT /widgets'],
      ['GET /widgets', 'no Accept header is 406', 'GET /widgets'],
      ['GET /widgets', 'Accept: text/html is 406', 'GET /widgets'],
      ['GET /widgets', 'no credentials is 401 with WWW-Authenticate', 'GET /widgets'],
      ['POST /widgets', 'no credentials is 401 with WWW-Authenticate', 'POST /widgets'],
      ['POST /widgets', 'malformed JSON is 400', 'POST /widgets'],
      ['POST /widgets', 'Content-Type text/plain is 415', 'POST /widgets'],
      ['POST /widgets', 'a body over 1 kB is 413', 'POST /widgets'],
      ['POST /widgets', 'no "name" is 400 validation_failed', 'POST /widgets'],
      ['GET /widgets/{id}', 'PUT is 405 with Allow', 'PUT /widgets/1'],
      ['GET /widgets/{id}', 'no Accept header is 406', 'GET /widgets/1'],
      ['GET /widgets/{id}', 'Accept: text/html is 406', 'GET /widgets/1'],
      ['GET /widgets/{id}', 'no credentials is 401 with WWW-Authenticate', 'GET /widgets/1'],
      ['DELETE /widgets/{id}', 'no credentials is 401 with WWW-Authenticate', 'DELETE /widgets/1'],
    ]);
    const byName = (name: string) => planned.find((probe) => probe.group === 'POST /widgets' && probe.kase.name === name)!.kase.request;
    // credentials only from -H, and left out of the 401 probe; the 401 probe on a POST sends a valid body
    expect(byName('no credentials is 401 with WWW-Authenticate')).toEqual({ method: 'POST', path: '/widgets', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(byName('Content-Type text/plain is 415')).toMatchObject({ headers: { authorization: 'Bearer t', 'content-type': 'text/plain' }, body: '{"name":"x"}' });
    expect(byName('no "name" is 400 validation_failed').body).toBe('{}');
    expect(byName('a body over 1 kB is 413').body!.length).toBe(2048);
  });

  it('without write: only GET, HEAD and OPTIONS are sent; the rest is held back and says why', () => {
    const planned = planProbes(doc, operations, { ...options, write: false });
    const held = planned.filter((probe) => probe.skipped !== undefined).map((probe) => `${probe.group}: ${probe.kase.name}: ${probe.skipped}`);
    expect(held).toContain('GET /widgets: PUT is 405 with Allow: sends PUT: pass --write to allow it');
    expect(held).toContain('POST /widgets: malformed JSON is 400: sends POST with a body: pass --write to allow it');
    expect(held).toContain('DELETE /widgets/{id}: no credentials is 401 with WWW-Authenticate: sends DELETE: pass --write to allow it');
    expect(planned.filter((probe) => probe.skipped === undefined).every((probe) => ['GET', 'HEAD', 'OPTIONS'].includes(probe.kase.request.method) && probe.kase.request.body === undefined)).toBe(true);
  });

  it('a path without GET is probed with GET, safe without write; an operation taking text/plain gets no 415 probe', () => {
    const other = readOpenApi(JSON.stringify({ openapi: '3.1.0', paths: { '/jobs': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } }, 'text/plain': {} } }, responses: {} } } } }), 'x');
    const planned = planProbes(other, listOperations(other, ''), { ...options, write: false });
    expect(planned.map((probe) => [probe.kase.name, probe.skipped?.slice(0, 20) ?? 'sent'])).toEqual([
      ['GET is 405 with Allow', 'sent'],
      ['malformed JSON is 400', 'sends POST with a bo'],
      ['Content-Type text/plain is 415', 'the operation takes '],
      ['a body over 1 kB is 413', 'sends POST with a bo'],
    ]);
  });
});

describe('413 and 415: required only where a limit is known or a 415 is declared', () => {
  // one POST taking JSON; `responses` and the extension vary
  const jobs = (post: Record<string, unknown>, root: Record<string, unknown> = {}) =>
    readOpenApi(JSON.stringify({ openapi: '3.1.0', ...root, paths: { '/jobs': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: {}, ...post } } } }), 'x');
  const bodyRows = (document: ReturnType<typeof jobs>, extra: object = {}) => {
    const { bodyLimitBytes: _limit, ...rest } = options;
    return planProbes(document, listOperations(document, ''), { ...rest, ...extra })
      .filter((probe) => probe.kase.id === 'oversize-body' || probe.kase.id === 'wrong-content-type')
      .map((probe) => [probe.kase.name, probe.kase.expected.status, probe.due?.why ?? 'required', probe.kase.request.body!.length]);
  };

  it('no limit documented or given, no 415 declared: both sent and held only to the contract, saying why', () => {
    expect(bodyRows(jobs({}))).toEqual([
      ['Content-Type text/plain answers in the contract', 'any', 'the document declares no 415 for the operation, and --strict-content-type was not given', 2],
      ['a 101 kB body answers in the contract', 'any', 'no body limit is documented (x-body-limit) or given (--body-limit)', 101 * 1024],
    ]);
  });

  it('a declared 413 without its limit says so; a declared 415 is required', () => {
    expect(bodyRows(jobs({ responses: { '413': { description: 'too large' }, '415': { description: 'not JSON' } } }))).toEqual([
      ['Content-Type text/plain is 415', 415, 'required', 2],
      ['a 101 kB body answers in the contract', 'any', 'the document declares a 413 but not the limit (x-body-limit), and --body-limit was not given', 101 * 1024],
    ]);
  });

  it('x-body-limit on the request body or the document, or --body-limit, makes the 413 required; --strict-content-type the 415', () => {
    const onBody = jobs({ requestBody: { 'x-body-limit': '2kb', content: { 'application/json': { schema: { type: 'object' } } } } });
    expect(bodyRows(onBody)[1]).toEqual(['a body over 2 kB is 413', 413, 'required', 3 * 1024]);
    expect(bodyRows(jobs({}, { 'x-body-limit': 4096 }))[1]).toEqual(['a body over 4 kB is 413', 413, 'required', 5 * 1024]);
    expect(bodyRows(onBody, { bodyLimitBytes: 1024 })[1]).toEqual(['a body over 1 kB is 413', 413, 'required', 2 * 1024]);
    expect(bodyRows(jobs({}), { strictContentType: true })[0]).toEqual(['Content-Type text/plain is 415', 415, 'required', 2]);
  });

  it('held only to the contract: a success or another error in the contract passes with a note; the due status must be that error; an error out of the contract fails', () => {
    const document = jobs({});
    const { bodyLimitBytes: _limit, ...rest } = options;
    const planned = planProbes(document, listOperations(document, ''), rest);
    const oversize = planned.find((probe) => probe.kase.id === 'oversize-body')!;
    const plain = planned.find((probe) => probe.kase.id === 'wrong-content-type')!;
    const created: ResponseSnapshot = { status: 201, headers: { 'content-type': 'application/json' }, text: '{}' };
    expect(judgeProbe(undefined, oversize, created, options)).toEqual({
      checked: true,
      passed: true,
      problems: [],
      notes: ['413 not required: no body limit is documented (x-body-limit) or given (--body-limit); the 201 was judged only to be in the contract'],
    });
    expect(judgeProbe(undefined, plain, problem(400, 'validation_failed'), options)).toMatchObject({ checked: true, passed: true, notes: [expect.stringMatching(/^415 not required: /)] });
    expect(judgeProbe(undefined, oversize, problem(413, 'payload_too_large'), options)).toMatchObject({ checked: true, passed: true, notes: [] });
    expect(judgeProbe(undefined, oversize, problem(413, 'too_big'), options)).toMatchObject({ checked: true, passed: false, problems: ['expected code payload_too_large, got too_big'] });
    const html: ResponseSnapshot = { status: 413, headers: { 'content-type': 'text/html' }, text: '<h1>Payload Too Large</h1>' };
    expect(judgeProbe(undefined, oversize, html, options)).toMatchObject({ checked: true, passed: false });
    expect(judgeProbe(undefined, plain, { ...html, status: 400 }, options)).toMatchObject({ checked: true, passed: false });
  });
});

describe('judging an answer with the document', () => {
  const checker = declaredChecker(doc);
  const planned = planProbes(doc, operations, options);
  const find = (group: string, name: string) => planned.find((probe) => probe.group === group && probe.kase.name === name)!;

  it('Allow must list the document methods, HEAD and OPTIONS allowed on top', () => {
    expect(allowProblems('GET, HEAD, POST, OPTIONS', ['GET', 'POST'])).toEqual([]);
    expect(allowProblems('GET, HEAD', ['GET', 'POST'])).toEqual(['Allow lacks POST, which the document lists for the path']);
    expect(allowProblems('POST, HEAD', ['POST'])).toEqual(['Allow names HEAD, which the document does not list for the path']);
    const wrong = find('GET /widgets', 'PUT is 405 with Allow');
    const answer = { ...problem(405, 'method_not_allowed'), headers: { 'content-type': 'application/json', allow: 'GET, HEAD, PATCH' } };
    expect(judgeProbe(checker, wrong, answer, options).problems).toEqual(['Allow lacks POST, which the document lists for the path', 'Allow names PATCH, which the document does not list for the path']);
  });

  it('a required property left out: 400 or 422, validation_failed, naming the field', () => {
    const missing = find('POST /widgets', 'no "name" is 400 validation_failed');
    // 422 is as good as 400 for the contract, but this document declares only 400: drift
    expect(judgeProbe(checker, missing, problem(422, 'validation_failed', { errors: [{ field: 'name', detail: 'required' }] }), options)).toMatchObject({
      checked: true,
      passed: false,
      problems: ['422 is not among the responses the document declares for POST /widgets (it answered `validation_failed`)'],
    });
    expect(judgeProbe(checker, missing, problem(400, 'validation_failed', { errors: [{ field: 'name', detail: 'required' }] }), options)).toMatchObject({ checked: true, passed: true });
    expect(judgeProbe(checker, missing, problem(400, 'validation_failed', { errors: [{ field: 'size', detail: 'required' }] }), options).problems).toEqual(['expected a field problem naming "name", got fields [size]']);
    const compact: ResponseSnapshot = { status: 400, headers: { 'content-type': 'application/json' }, text: '{"errors":[{"code":"validation_failed","message":"size: required"}]}' };
    expect(judgeProbe(checker, missing, compact, options).problems).toEqual(expect.arrayContaining(['expected a field problem naming "name", got messages ["size: required"]']));
  });

  it('an Accept probe answered 200 is reported; with --strict-accept it fails', () => {
    const accept = find('GET /widgets', 'no Accept header is 406');
    const ok: ResponseSnapshot = { status: 200, headers: { 'content-type': 'application/json' }, text: '[]' };
    expect(judgeProbe(checker, accept, ok, options)).toEqual({ checked: false, passed: true, problems: [], notes: ['answered 200 (application/json) whatever the Accept'] });
    expect(judgeProbe(checker, accept, ok, { strictAccept: true })).toMatchObject({ checked: true, passed: false, problems: ['expected status 406, got 200'] });
  });

  it('a 401 on a secured operation without its credentials is reported, saying to pass them with -H', () => {
    const bare = planProbes(doc, operations, { ...options, headers: {} });
    const wrong = bare.find((probe) => probe.kase.name === 'PUT is 405 with Allow')!;
    const verdict = judgeProbe(checker, wrong, { ...problem(401, 'unauthorized'), headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' } }, options);
    expect(verdict).toMatchObject({ checked: false, passed: true, problems: [], notes: ['not checked: the operation is secured and no authorization header was given (pass its credentials with -H)'] });
  });

  it('that 401 must still be the contract\'s: without a challenge it fails', () => {
    const bare = planProbes(doc, operations, { ...options, headers: {} });
    const wrong = bare.find((probe) => probe.kase.name === 'PUT is 405 with Allow')!;
    const verdict = judgeProbe(checker, wrong, { ...problem(401, 'unauthorized'), headers: { 'content-type': 'application/json' } }, options);
    expect(verdict).toMatchObject({ checked: true, passed: false });
    expect(verdict.problems).toContain('expected header www-authenticate: /\\S/, got none');
  });
});

describe('checkDeclared(checker, operation, answer)', () => {
  it('the exact status, else its class, else default; a status not declared fails where the operation declares errors, else is a note', () => {
    const ranged = readOpenApi(JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: { responses: { '4XX': { description: 'client' }, default: { description: 'other' } } } } } }), 'x');
    const [get] = listOperations(ranged, '');
    expect(declaredResponse(ranged, get!, 404)?.key).toBe('4XX');
    expect(declaredResponse(ranged, get!, 503)?.key).toBe('default');
    const [list] = operations;
    expect(checkDeclared(declaredChecker(doc), list!, problem(409, 'conflict'))).toEqual({ problems: ['409 is not among the responses the document declares for GET /widgets (it answered `conflict`)'], notes: [] });
    const bare = readOpenApi(JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } }), 'x');
    expect(checkDeclared(declaredChecker(bare), listOperations(bare, '')[0]!, problem(409, 'conflict'))).toEqual({ problems: [], notes: ['409 is not among the responses the document declares for GET /a, which declares no error response'] });
    expect(checkDeclared(declaredChecker(ranged), get!, problem(404, 'not_found')).notes).toEqual(['the declared 4XX response has no content: its body is not checked against a schema']);
  });

  it('a body that breaks the declared schema fails with the schema path; an undeclared media type fails', () => {
    const strict = readOpenApi(JSON.stringify(widgetsDocument({ requireTraceId: true })), 'x');
    const [list] = listOperations(strict, '');
    expect(checkDeclared(declaredChecker(strict), list!, problem(404, 'not_found')).problems).toEqual([
      "the body breaks the declared 404 response (application/json) of GET /widgets: the body must have required property 'traceId' (schema #/components/schemas/Problem/required)",
    ]);
    expect(checkDeclared(declaredChecker(strict), list!, { ...problem(404, 'not_found'), headers: { 'content-type': 'text/html' } }).problems).toEqual([
      'Content-Type text/html is not declared for the 404 response of GET /widgets (declared: application/json, application/problem+json)',
    ]);
  });

  it('OpenAPI 3.0: `nullable` is read; a required header is checked', () => {
    const raw = widgetsDocument({ version: '3.0.3' }) as { components: { schemas: { Problem: { properties: Record<string, unknown> } } }; paths: Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>> };
    raw.components.schemas.Problem.properties.detail = { type: 'string', nullable: true };
    raw.paths['/widgets']!.get!.responses['401']!.headers = { 'WWW-Authenticate': { required: true, schema: { type: 'string' } } };
    const old = readOpenApi(JSON.stringify(raw), 'x');
    const [list] = listOperations(old, '');
    const nullDetail: ResponseSnapshot = { status: 401, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ type: 't', title: 't', status: 401, detail: null, instance: '/', code: 'unauthorized' }) };
    expect(checkDeclared(declaredChecker(old), list!, nullDetail).problems).toEqual(['the declared 401 response requires the WWW-Authenticate header, got none']);
    const numberDetail = { ...nullDetail, text: nullDetail.text.replace('null', '5') };
    expect(checkDeclared(declaredChecker(old), list!, numberDetail).problems[1]).toMatch(/\/detail must be string,null \(schema #\/components\/schemas\/Problem\/properties\/detail\/type\)$/);
  });
});
