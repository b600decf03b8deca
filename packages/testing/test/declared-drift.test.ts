// Drift: an answer whose code its document does not declare for the operation and status fails,
// naming the code it got; the answers to requests that match no operation are held to the
// document's `x-unmatched-responses`; a declared 404 is provoked with an absent id.
import { createErrorContract } from '@error-contract/core';
import { withErrorResponses } from '@error-contract/core/openapi';
import { describe, expect, it } from 'vitest';
import { declaredErrorCodes } from '../src/index.js';
import { readOpenApi } from '../src/openapi/document.js';
import { judgeProbe } from '../src/openapi/judge.js';
import { listOperations } from '../src/openapi/operations.js';
import { planProbes } from '../src/openapi/plan.js';
import { declaredChecker } from '../src/openapi/schema-check.js';
import type { ResponseSnapshot } from '../src/snapshot.js';

const contract = createErrorContract({ accept: 'strict' });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const written = withErrorResponses(
  {
    openapi: '3.1.0',
    info: { title: 'Widgets', version: '1' },
    paths: {
      '/widgets': {
        get: { 'x-error-codes': [], responses: { '200': { description: 'The widgets' } } },
        post: { 'x-error-codes': [], requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } }, responses: { '201': { description: 'Created' } } },
      },
      '/widgets/{id}': { get: { 'x-error-codes': ['not_found'], parameters: [id], responses: { '200': { description: 'A widget' } } } },
    },
  },
  contract,
);
const doc = readOpenApi(JSON.stringify(written), 'http://h/openapi.json');
const operations = listOperations(doc, '');
const checker = declaredChecker(doc);
const options = { headers: {}, write: true, strictAccept: true, strictContentType: true, bodyLimitBytes: 1024 };
const planned = planProbes(doc, operations, options);
const find = (group: string, name: string) => planned.find((probe) => probe.group === group && probe.kase.name === name)!;

/** What the contract answers for `error` at `path`, as a snapshot. */
function answer(error: unknown, method: string, path: string): ResponseSnapshot {
  const response = contract.respond(error, { method, path, headers: { accept: 'application/json' } });
  return { status: response.status, headers: response.headers, text: response.body ?? '' };
}

describe('the probe against declared errors', () => {
  it('passes an answer whose code the operation declares, and fails one it does not, naming the code', () => {
    const malformed = find('POST /widgets', 'malformed JSON is 400');
    expect(judgeProbe(checker, malformed, answer(contract.error('bad_request', 'The body is not valid JSON.'), 'POST', '/widgets'), options)).toMatchObject({ passed: true, problems: [] });

    // a document whose POST /widgets 400 pins only validation_failed: the bad_request the service sends is drift
    const narrowed = structuredClone(written);
    narrowed.paths['/widgets'].post.responses['400'] = { description: 'Bad Request', content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailedProblem.validation_failed' } } } };
    const narrowedDoc = readOpenApi(JSON.stringify(narrowed), 'x');
    const narrowedProbe = planProbes(narrowedDoc, listOperations(narrowedDoc, ''), options).find((probe) => probe.kase.id === 'malformed-json')!;
    const verdict = judgeProbe(declaredChecker(narrowedDoc), narrowedProbe, answer(contract.error('bad_request', 'The body is not valid JSON.'), 'POST', '/widgets'), options);
    expect(verdict.passed).toBe(false);
    expect(verdict.problems).toEqual(['POST /widgets answered 400 with `bad_request`, which its document does not declare for 400 (declared: validation_failed)']);
  });

  it('a status the operation does not declare fails: a 404 on the list', () => {
    const existing = planned.find((probe) => probe.kase.id === 'existing')!;
    const verdict = judgeProbe(checker, { ...existing, kase: { ...existing.kase, expected: { status: 404, code: 'not_found' } } }, answer(contract.error('not_found'), 'GET', '/widgets'), options);
    expect(verdict.problems).toEqual(['404 is not among the responses the document declares for GET /widgets (it answered `not_found`)']);
  });

  it("holds an unknown path's 404 and a wrong method's 405 to x-unmatched-responses", () => {
    const unknown = planned.find((probe) => probe.kase.id === 'unknown-path')!;
    expect(judgeProbe(checker, unknown, answer(contract.error('not_found'), 'GET', unknown.kase.request.path), options)).toMatchObject({ passed: true, problems: [] });
    const wrong = planned.find((probe) => probe.kase.id === 'wrong-method')!;
    const allowed = answer(contract.error('method_not_allowed', undefined, { headers: { allow: 'GET, HEAD, POST' } }), wrong.kase.request.method, wrong.kase.request.path);
    expect(judgeProbe(checker, wrong, allowed, options)).toMatchObject({ passed: true, problems: [] });
    const drifted = answer(contract.error('forbidden'), wrong.kase.request.method, wrong.kase.request.path);
    expect(judgeProbe(checker, wrong, { ...drifted, status: 405, headers: { ...drifted.headers, allow: 'GET, HEAD, POST' } }, options).problems).toContain(
      `${wrong.kase.request.method} /widgets answered 405 with \`forbidden\`, which its document does not declare for 405 (declared: method_not_allowed)`,
    );
  });

  it('provokes a declared 404 with an absent id, and only where one is declared', () => {
    const absent = planned.filter((probe) => probe.kase.id === 'absent-resource');
    expect(absent.map((probe) => [probe.group, probe.kase.name, probe.kase.request.path])).toEqual([['GET /widgets/{id}', 'an absent id is 404 not_found', '/widgets/error-contract-probe-absent']]);
    expect(judgeProbe(checker, absent[0]!, answer(contract.error('not_found'), 'GET', '/widgets/error-contract-probe-absent'), options)).toMatchObject({ passed: true, codes: ['not_found'] });
  });

  it('provokes a declared 403 as the identity --forbidden-header names, and only with it', () => {
    const guarded = withErrorResponses({ openapi: '3.1.0', info: { title: 'Widgets', version: '1' }, paths: { '/widgets': { post: { 'x-error-codes': ['forbidden'], requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } }, responses: { '201': { description: 'Created' } } } } } }, contract);
    const guardedDoc = readOpenApi(JSON.stringify(guarded), 'x');
    const plan = (extra: object) => planProbes(guardedDoc, listOperations(guardedDoc, ''), { ...options, headers: { authorization: 'Bearer writer' }, ...extra }).filter((probe) => probe.kase.id === 'forbidden-identity');
    expect(plan({})).toEqual([]);
    const [refused] = plan({ forbiddenHeaders: { authorization: 'Bearer reader' } });
    expect(refused!.kase.request).toEqual({ method: 'POST', path: '/widgets', headers: { accept: 'application/json', authorization: 'Bearer reader', 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(refused!.kase.expected).toEqual({ status: 403, code: 'forbidden' });
  });

  it('declaredErrorCodes reads the codes back, status by status', () => {
    expect(declaredErrorCodes(written, 'GET', '/widgets/{id}')).toEqual({ '404': ['not_found'], '406': ['not_acceptable'], '500': ['internal_server_error'] });
    expect(declaredErrorCodes(written, 'post', '/widgets')).toEqual({ '400': ['bad_request', 'validation_failed'], '406': ['not_acceptable'], '500': ['internal_server_error'] });
    expect(() => declaredErrorCodes(written, 'PUT', '/widgets')).toThrow(/has no PUT \/widgets/);
  });
});
