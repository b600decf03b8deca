// `error-contract probe <base-url>`, the built bin as a user runs it, given only a base URL: it
// finds the API's OpenAPI document and checks every operation in it. Every reference service
// passes every probe; a plain app of each framework, with a document, fails, saying why.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startFastify } from '@error-contract/example-fastify/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startPlainExpress, startPlainFastify, startPlainHono, startPlainKoa } from './plain-apps.js';

// The bin of the workspace's @error-contract/testing; `pnpm test` builds it first.
const BIN = join(dirname(createRequire(import.meta.url).resolve('@error-contract/testing/package.json')), 'dist', 'cli.js');

interface Row {
  name: string;
  operation?: string;
  method: string;
  status?: number;
  checked: boolean;
  passed: boolean;
  problems: string[];
  skipped?: string;
}
interface Report {
  passed: boolean;
  probes: Row[];
  openapi: { source: string; version: string; operations: number; probed: number };
  notes: string[];
  requests: { sent: number };
}

function probe(args: string[]): Promise<{ code: number | null; report: Report; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'probe', ...args, '--json', '--rps', '1000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code, report: JSON.parse(stdout) as Report, stderr });
      } catch {
        reject(new Error(`no JSON report (exit ${code}): ${stdout}${stderr}`));
      }
    });
  });
}

const WRITER = ['-H', 'Authorization: Bearer writer-token'];
const REFERENCE = [
  ['express', startExpress],
  ['koa', startKoa],
  ['hono', startHono],
  ['fastify', startFastify],
] as const;
// The reference document's eight operations: the widgets routes under each prefix.
const OPERATIONS = ['/api/client/v1', '/api/client/v2'].flatMap((prefix) => [`GET ${prefix}/widgets`, `POST ${prefix}/widgets`, `GET ${prefix}/widgets/{id}`, `DELETE ${prefix}/widgets/{id}`]);

beforeAll(() => {
  expect(existsSync(BIN), `${BIN} is missing: build @error-contract/testing first`).toBe(true);
});

describe.each(REFERENCE)('the %s reference service, given only its base URL', (_name, start) => {
  let service: Running;
  beforeAll(async () => {
    service = await start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} });
  });
  afterAll(() => service.close());

  it('finds /openapi.json and, with --write and its body limit, checks every operation of it: 34 probes, all pass; exit 0', async () => {
    // the document declares 413 and 415 but not the limit: --body-limit gives it
    const { code, report } = await probe([service.url, ...WRITER, '--write', '--body-limit', '100kb']);
    expect(report.probes.filter((row) => !row.passed)).toEqual([]);
    expect(report.openapi).toEqual({ source: `${service.url}/openapi.json`, version: '3.1.0', operations: 8, probed: 8 });
    expect([...new Set(report.probes.map((row) => row.operation))]).toEqual(['the API', ...OPERATIONS]);
    expect(report.probes.every((row) => row.checked && row.skipped === undefined)).toBe(true);
    const perOperation = Object.fromEntries(OPERATIONS.slice(4).map((operation) => [operation, report.probes.filter((row) => row.operation === operation).map((row) => `${row.name}: ${row.status}`)]));
    expect(perOperation).toEqual({
      'GET /api/client/v2/widgets': ['PUT is 405 with Allow: 405', 'no Accept header is 406: 406', 'Accept: text/html is 406: 406', 'no credentials is 401 with WWW-Authenticate: 401'],
      'POST /api/client/v2/widgets': [
        'no credentials is 401 with WWW-Authenticate: 401',
        'malformed JSON is 400: 400',
        'Content-Type text/plain is 415: 415',
        'a body over 100 kB is 413: 413',
        'no "name" is 400 validation_failed: 400',
      ],
      'GET /api/client/v2/widgets/{id}': [
        'PUT is 405 with Allow: 405',
        'no Accept header is 406: 406',
        'Accept: text/html is 406: 406',
        'no credentials is 401 with WWW-Authenticate: 401',
        // the document declares not_found for it: an id that names nothing provokes it
        'an absent id is 404 not_found: 404',
      ],
      'DELETE /api/client/v2/widgets/{id}': ['no credentials is 401 with WWW-Authenticate: 401', 'an absent id is 404 not_found: 404'],
    });
    expect(report.probes).toHaveLength(34);
    expect(report.requests.sent).toBe(35);
    // what it could not provoke is said, and fails nothing: a 403 needs an identity without the right
    expect(report.notes).toContain('POST /api/client/v2/widgets declares forbidden (403), which no probe provoked');
    expect(code).toBe(0);
  });

  it('with --forbidden-header, a reader\'s writes are 403 forbidden where the document declares it; the note of what was not provoked goes', async () => {
    const { code, report } = await probe([`${service.url}/api/client/v2`, ...WRITER, '--write', '--body-limit', '100kb', '--forbidden-header', 'Authorization: Bearer reader-token']);
    expect(report.probes.filter((row) => !row.passed)).toEqual([]);
    expect(report.probes.filter((row) => row.name === 'as an identity without the right is 403 forbidden').map((row) => [row.operation, row.method, row.status, row.checked])).toEqual([
      ['POST /api/client/v2/widgets', 'POST', 403, true],
      ['DELETE /api/client/v2/widgets/{id}', 'DELETE', 403, true],
    ]);
    expect(report.notes.filter((note) => note.includes('no probe provoked'))).toEqual([]);
    expect(code).toBe(0);
  });

  it("with a document whose POST /widgets 400 pins only validation_failed: the malformed JSON probe fails, naming bad_request; exit 1", async () => {
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    document.paths['/api/client/v2/widgets']!.post!.responses['400'] = { description: 'Bad Request', content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailedProblem.validation_failed' } } } };
    const file = join(mkdtempSync(join(tmpdir(), 'narrowed-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const { code, report } = await probe([service.url, ...WRITER, '--write', '--body-limit', '100kb', '--openapi', file]);
    expect(code).toBe(1);
    expect(report.probes.filter((row) => !row.passed).map((row) => [row.operation, row.name, row.problems])).toEqual([
      ['POST /api/client/v2/widgets', 'malformed JSON is 400', ['POST /api/client/v2/widgets answered 400 with `bad_request`, which its document does not declare for 400 (declared: validation_failed)']],
    ]);
  });

  it('without its body limit: the over-large body is only held to the contract, and its 413 is the contract\'s; exit 0', async () => {
    const { code, report } = await probe([service.url, ...WRITER, '--write']);
    expect(report.probes.filter((row) => !row.passed)).toEqual([]);
    const oversize = report.probes.filter((row) => row.name === 'a 101 kB body answers in the contract');
    expect(oversize.map((row) => [row.operation, row.status, row.checked])).toEqual([
      ['POST /api/client/v1/widgets', 413, true],
      ['POST /api/client/v2/widgets', 413, true],
    ]);
    expect(code).toBe(0);
  });

  it('with nothing but the base URL: every read is checked and passes, what needs a token is reported as such; exit 0', async () => {
    const { code, report } = await probe([service.url]);
    expect(report.probes.filter((row) => !row.passed)).toEqual([]);
    const needToken = report.probes.filter((row) => !row.checked && row.skipped === undefined);
    expect(needToken.map((row) => [row.operation, row.name, row.status])).toEqual([
      ['the API', 'an existing path answers', 401],
      ['the API', 'an unknown path is 404', 401],
      ['GET /api/client/v1/widgets/{id}', 'an absent id is 404 not_found', 401],
      ['GET /api/client/v2/widgets/{id}', 'an absent id is 404 not_found', 401],
    ]);
    expect(report.probes.filter((row) => row.checked)).toHaveLength(12);
    expect(code).toBe(0);
  });

  it('under /api/client/v2 without --write: its four operations, the reads checked and the writes listed as not sent; exit 0', async () => {
    const { code, report } = await probe([`${service.url}/api/client/v2`, ...WRITER]);
    expect(report.notes).toEqual([
      `OpenAPI 3.1.0 document: ${service.url}/openapi.json`,
      '4 of 8 operations lie under /api/client/v2: the others are not probed',
      '9 probes send a body or a method other than GET, HEAD and OPTIONS: they run with --write',
      'POST /api/client/v2/widgets declares forbidden (403), which no probe provoked',
      'DELETE /api/client/v2/widgets/{id} declares forbidden (403), not_found (404), which no probe provoked',
    ]);
    expect(report.probes.filter((row) => row.checked).map((row) => [row.operation, row.name, row.passed])).toEqual([
      ['the API', 'an existing path answers', true],
      ['the API', 'an unknown path is 404', true],
      ['GET /api/client/v2/widgets', 'no Accept header is 406', true],
      ['GET /api/client/v2/widgets', 'Accept: text/html is 406', true],
      ['GET /api/client/v2/widgets', 'no credentials is 401 with WWW-Authenticate', true],
      ['GET /api/client/v2/widgets/{id}', 'no Accept header is 406', true],
      ['GET /api/client/v2/widgets/{id}', 'Accept: text/html is 406', true],
      ['GET /api/client/v2/widgets/{id}', 'no credentials is 401 with WWW-Authenticate', true],
      ['GET /api/client/v2/widgets/{id}', 'an absent id is 404 not_found', true],
    ]);
    expect(report.probes.filter((row) => row.skipped !== undefined)).toHaveLength(9);
    expect(code).toBe(0);
  });
});

describe.each([
  // the framework, its app, where it serves its document, and what its 404 gets wrong
  ['express', startPlainExpress, '/openapi.json', '3.1.0', /^expected Content-Type application\/json or application\/problem\+json, got text\/html/],
  ['koa', startPlainKoa, '/openapi.yaml', '3.0.3', /^expected Content-Type application\/json or application\/problem\+json, got text\/plain/],
  ['hono', startPlainHono, '/swagger.json', '3.1.0', /^expected Content-Type application\/json or application\/problem\+json, got text\/plain/],
  ['fastify', startPlainFastify, '/docs/json', '3.1.0', /^expected the detailed \{type,title,status,detail,instance,code\} or the compact \{errors:\[\{code,message\}\]\} shape, got "\{\\"message\\":\\"Route GET:\/widgets/],
] as const)('a plain %s app with a document', (name, start, documentPath, version, why404) => {
  let app: Running;
  beforeAll(async () => {
    app = await start();
  });
  afterAll(() => app.close());

  it('fails, saying why; exit 1', async () => {
    const { code, report } = await probe([app.url, '-H', 'Authorization: Bearer t', '--write']);
    expect(code).toBe(1);
    expect(report.openapi).toMatchObject({ source: `${app.url}${documentPath}`, version, operations: 3, probed: 3 });
    const failed = Object.fromEntries(report.probes.filter((row) => row.checked && !row.passed).map((row) => [`${row.operation}: ${row.name}`, row.problems]));
    // what every plain app gets wrong: no 401 without credentials, no 415, no validation; errors that are not in the contract
    expect(Object.keys(failed)).toEqual(
      expect.arrayContaining([
        'the API: an unknown path is 404',
        'GET /widgets: PUT is 405 with Allow',
        'GET /widgets: no credentials is 401 with WWW-Authenticate',
        'POST /widgets: no credentials is 401 with WWW-Authenticate',
        'POST /widgets: malformed JSON is 400',
        'POST /widgets: Content-Type text/plain is 415',
        'POST /widgets: no "name" is 400 validation_failed',
      ]),
    );
    expect(failed['GET /widgets: no credentials is 401 with WWW-Authenticate']).toEqual(['expected status 401, got 200']);
    expect(failed['the API: an unknown path is 404']).toEqual(expect.arrayContaining([expect.stringMatching(why404)]));
    // an error body in a media type the document does not declare for it; Hono's body reader throws, a 500
    if (name === 'hono') expect(failed['POST /widgets: malformed JSON is 400']).toContain('expected status 400, got 500');
    else expect(failed['POST /widgets: malformed JSON is 400']!.some((problem) => /^Content-Type (text\/(html|plain)|application\/json) is not declared for the 400 response of POST \/widgets|^expected the detailed/.test(problem))).toBe(true);
    // only Koa's router answers 405 (with Allow), and in plain text
    if (name !== 'koa') expect(failed['GET /widgets: PUT is 405 with Allow']).toContain('expected status 405, got 404');
    else expect(failed['GET /widgets: PUT is 405 with Allow']).toEqual(expect.arrayContaining(['expected Content-Type application/json or application/problem+json, got text/plain; charset=utf-8']));
  });
});
