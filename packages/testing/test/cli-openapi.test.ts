// `error-contract probe <base-url>` with the routes read from the API's OpenAPI document: against
// an API that keeps the contract (all pass), one whose bodies break its own declared error schema,
// and a plain Express app (fails, saying why); the budget and the rate held; JUnit XML.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { type CliIo, main } from '../src/cli/main.js';
import type { Clock } from '../src/openapi/pace.js';
import { senderFor } from '../src/transport.js';
import { type Counted, startContractApi, startPlainApi, widgetsDocument } from './openapi-servers.js';

async function cli(argv: string[], deps = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text), isTTY: false } };
  const code = await main(argv, io, deps);
  return { code, stdout, stderr };
}

interface Row {
  name: string;
  operation?: string;
  method: string;
  status?: number;
  checked: boolean;
  passed: boolean;
  problems: string[];
  skipped?: string;
  notes?: string[];
}
interface Report {
  passed: boolean;
  probes: Row[];
  openapi?: { source: string; version: string; operations: number; probed: number };
  notes?: string[];
  requests?: { sent: number; maxRequests: number; rps: number };
}

async function probeJson(argv: string[], deps = {}) {
  const run = await cli([...argv, '--json'], deps);
  return { code: run.code, report: JSON.parse(run.stdout) as Report, stderr: run.stderr };
}

const TOKEN = ['-H', 'Authorization: Bearer t'];
// fast enough for a test; the rate itself is tested with a fake clock below
const FAST = ['--rps', '1000', '--max-body', '1kb'];
const OPERATIONS = ['GET /widgets', 'POST /widgets', 'GET /widgets/{id}', 'DELETE /widgets/{id}'];

describe('probe from the document: an API that keeps the contract', () => {
  let api: Counted;
  beforeAll(async () => {
    api = await startContractApi(widgetsDocument());
  });
  afterAll(() => api.close());
  afterEach(() => {
    api.received.length = 0;
  });

  it('with --write, every operation is probed and every probe passes; exit 0', async () => {
    const { code, report } = await probeJson(['probe', api.url, ...TOKEN, ...FAST, '--write']);
    expect(report.probes.filter((row) => !row.passed)).toEqual([]);
    expect(report.openapi).toEqual({ source: `${api.url}/openapi.json`, version: '3.1.0', operations: 4, probed: 4 });
    const groups = [...new Set(report.probes.map((row) => row.operation))];
    expect(groups).toEqual(['the API', ...OPERATIONS]);
    expect(report.probes.every((row) => row.checked && row.skipped === undefined)).toBe(true);
    expect(report.probes).toHaveLength(16);
    // one request per probe, plus the document
    expect(report.requests).toEqual({ sent: 17, maxRequests: 200, rps: 1000 });
    expect(api.received).toHaveLength(17);
    expect(code).toBe(0);
  });

  it('without --write only GET, HEAD and OPTIONS are sent; the rest is listed as not sent, with why', async () => {
    const { code, stdout } = await cli(['probe', api.url, ...TOKEN, ...FAST]);
    expect(code).toBe(0);
    expect(new Set(api.received.map((line) => line.split(' ')[0]))).toEqual(new Set(['GET']));
    expect(stdout).toContain(`OpenAPI 3.1.0 document: ${api.url}/openapi.json`);
    expect(stdout).toContain('8 probes send a body or a method other than GET, HEAD and OPTIONS: they run with --write');
    expect(stdout).toMatch(/\nPOST \/widgets\n {2}no credentials is 401 with WWW-Authenticate\s+-\s+-\s+skip: sends POST with a body: pass --write to allow it\n/);
    expect(stdout).toMatch(/\nGET \/widgets\/\{id\}\n {2}PUT is 405 with Allow\s+-\s+-\s+skip: sends PUT: pass --write to allow it\n {2}no Accept header is 406\s+406\s+detailed\s+pass\n/);
    expect(stdout).toContain('8 checked: 8 passed, 0 failed; 0 reported only; 8 not sent');
    expect(stdout).toContain(`${api.url}/ keeps the error contract`);
  });

  it('--openapi names the document: a YAML file (OpenAPI 3.0) or a URL; nothing is looked for', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'probe-openapi-'));
    const file = join(dir, 'openapi.yaml');
    await writeFile(file, stringify(widgetsDocument({ version: '3.0.3' })));
    const fromFile = await probeJson(['probe', api.url, ...TOKEN, ...FAST, '--write', '--openapi', file]);
    expect(fromFile.report.openapi).toMatchObject({ source: file, version: '3.0.3', probed: 4 });
    expect(fromFile.code).toBe(0);
    expect(api.received).toHaveLength(16);
    const fromUrl = await probeJson(['probe', api.url, ...TOKEN, ...FAST, '--openapi', `${api.url}/openapi.json`]);
    expect(fromUrl.code).toBe(0);
    expect(fromUrl.report.openapi?.source).toBe(`${api.url}/openapi.json`);
  });

  it('no credentials given: the 401s in the contract are reported, saying to pass them with -H; exit 0', async () => {
    const { code, report } = await probeJson(['probe', api.url, ...FAST]);
    expect(code).toBe(0);
    const existing = report.probes.find((row) => row.name === 'an existing path answers');
    expect(existing).toMatchObject({ status: 401, checked: false, passed: true });
    expect(existing?.notes).toEqual(['not checked: the operation is secured and no authorization header was given (pass its credentials with -H)']);
    expect(report.probes.find((row) => row.operation === 'GET /widgets' && row.name === 'no Accept header is 406')?.passed).toBe(true);
  });
});

describe('probe from the document: bodies that break their own declared error schema', () => {
  let api: Counted;
  beforeAll(async () => {
    api = await startContractApi(widgetsDocument({ requireTraceId: true }), { documentPath: '/docs/json' });
  });
  afterAll(() => api.close());

  it('fails each error answer, naming the declared response and the schema path that broke; exit 1', async () => {
    const { code, report } = await probeJson(['probe', api.url, ...TOKEN, ...FAST, '--write']);
    expect(code).toBe(1);
    expect(report.openapi?.source).toBe(`${api.url}/docs/json`);
    expect(report.notes).toEqual([`OpenAPI 3.1.0 document: ${api.url}/docs/json`]);
    const failed = report.probes.filter((row) => !row.passed);
    // every probe of an operation (the document declares each status); the unknown path belongs to none
    expect(failed).toHaveLength(14);
    expect(failed.find((row) => row.operation === 'POST /widgets' && row.name === 'Content-Type text/plain is 415')?.problems).toEqual([
      "the body breaks the declared 415 response (application/json) of POST /widgets: the body must have required property 'traceId' (schema #/components/schemas/Problem/required)",
    ]);
    // the 405 is judged by the declaration of an operation on the path
    expect(failed.find((row) => row.operation === 'GET /widgets/{id}' && row.name === 'PUT is 405 with Allow')?.problems[0]).toMatch(/^the body breaks the declared 405 response \(application\/json\) of GET \/widgets\/\{id\}/);
  });
});

describe('probe from the document: a plain Express app', () => {
  let plain: Counted;
  beforeAll(async () => {
    plain = await startPlainApi(widgetsDocument());
  });
  afterAll(() => plain.close());

  it('fails, saying why, per operation; exit 1', async () => {
    const { code, report } = await probeJson(['probe', plain.url, ...TOKEN, ...FAST, '--write']);
    expect(code).toBe(1);
    const verdicts = report.probes.map((row) => [row.operation, row.name, row.status, row.skipped !== undefined ? 'skip' : !row.checked ? 'info' : row.passed ? 'pass' : 'FAIL']);
    expect(verdicts).toEqual([
      ['the API', 'an existing path answers', 200, 'pass'],
      ['the API', 'an unknown path is 404', 404, 'FAIL'],
      ['GET /widgets', 'PUT is 405 with Allow', 404, 'FAIL'],
      ['GET /widgets', 'no Accept header is 406', 200, 'info'],
      ['GET /widgets', 'Accept: text/html is 406', 200, 'info'],
      ['GET /widgets', 'no credentials is 401 with WWW-Authenticate', 200, 'FAIL'],
      ['POST /widgets', 'no credentials is 401 with WWW-Authenticate', 201, 'FAIL'],
      ['POST /widgets', 'malformed JSON is 400', 400, 'FAIL'],
      ['POST /widgets', 'Content-Type text/plain is 415', 201, 'FAIL'],
      ['POST /widgets', 'a body over 1 kB is 413', 201, 'FAIL'],
      ['POST /widgets', 'no "name" is 400 validation_failed', 201, 'FAIL'],
      ['GET /widgets/{id}', 'PUT is 405 with Allow', 404, 'FAIL'],
      ['GET /widgets/{id}', 'no Accept header is 406', 200, 'info'],
      ['GET /widgets/{id}', 'Accept: text/html is 406', 200, 'info'],
      ['GET /widgets/{id}', 'no credentials is 401 with WWW-Authenticate', 200, 'FAIL'],
      ['DELETE /widgets/{id}', 'no credentials is 401 with WWW-Authenticate', 204, 'FAIL'],
    ]);
    const malformed = report.probes.find((row) => row.name === 'malformed JSON is 400')!;
    expect(malformed.problems).toEqual([
      'expected Content-Type application/json or application/problem+json, got text/html; charset=utf-8',
      'the body holds a stack trace ("\\n    at ")',
      expect.stringMatching(/^expected a JSON error body, got "<!DOCTYPE html>/),
      'Content-Type text/html is not declared for the 400 response of POST /widgets (declared: application/json, application/problem+json)',
    ]);
    expect(report.probes.find((row) => row.name === 'no Accept header is 406')?.notes).toEqual(['answered 200 (application/json) whatever the Accept']);
  });

  it('--junit writes JUnit XML: a suite per operation, a failure per failed probe', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'probe-junit-'));
    const file = join(dir, 'probe.xml');
    const { code } = await cli(['probe', plain.url, ...TOKEN, ...FAST, '--junit', file]);
    expect(code).toBe(1);
    const xml = await readFile(file, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="error-contract probe http://127.0.0.1:')).toBe(true);
    expect(xml).toMatch(/<testsuites [^>]*tests="16" failures="3" errors="0" skipped="8">/);
    expect(xml).toContain('<testsuite name="POST /widgets" tests="5" failures="0" errors="0" skipped="5">');
    expect(xml).toContain('<skipped message="sends POST with a body: pass --write to allow it"/>');
    expect(xml).toMatch(/<testcase classname="GET \/widgets" name="no credentials is 401 with WWW-Authenticate \(GET \/widgets\)">\n {6}<failure message="expected status 401, got 200" type="error-contract">status: 200\nexpected status 401, got 200<\/failure>/);
    expect(xml).toContain('<system-out>answered 200 (application/json) whatever the Accept</system-out>');
    expect(xml).toContain('&lt;!DOCTYPE html&gt;');
  });

  it('a JUnit file that cannot be written is exit 2', async () => {
    const { code, stderr } = await cli(['probe', plain.url, ...TOKEN, ...FAST, '--junit', join(tmpdir(), 'no-such-dir', 'x', 'probe.xml')]);
    expect(code).toBe(2);
    expect(stderr.split('\n').at(-2)).toMatch(/^error-contract: cannot write .*probe\.xml: ENOENT$/);
  });
});

describe('the budget and the rate', () => {
  let api: Counted;
  beforeAll(async () => {
    api = await startContractApi(widgetsDocument());
  });
  afterAll(() => api.close());
  afterEach(() => {
    api.received.length = 0;
  });

  it('--max-requests: no more requests than that reach the API; the rest are listed as not sent', async () => {
    const { code, report } = await probeJson(['probe', api.url, ...TOKEN, ...FAST, '--write', '--max-requests', '6']);
    expect(api.received).toHaveLength(6);
    expect(report.requests).toEqual({ sent: 6, maxRequests: 6, rps: 1000 });
    const unsent = report.probes.filter((row) => row.skipped === 'the request budget (--max-requests 6) is spent');
    expect(unsent).toHaveLength(11);
    expect(report.probes.filter((row) => row.status !== undefined)).toHaveLength(5);
    expect(report.notes).toContain('11 probes not sent: the request budget (--max-requests 6) was spent');
    // nothing sent failed: exit 0, and the table says what was left out
    expect(code).toBe(0);
  });

  it('--max-requests smaller than discovery needs: exit 2, saying so', async () => {
    const plainRoot = await startPlainApi({});
    try {
      const { code, stderr } = await cli(['probe', `${plainRoot.url}/api`, '--max-requests', '2', '--rps', '1000']);
      expect(code).toBe(2);
      expect(stderr).toBe('error-contract: the request budget (--max-requests 2) is spent before an OpenAPI document was found\n');
      expect(plainRoot.received).toHaveLength(2);
    } finally {
      await plainRoot.close();
    }
  });

  it('--rps: each request starts 1/rps after the one before (a fake clock: nothing is timed)', async () => {
    let now = 0;
    const slept: number[] = [];
    const clock: Clock = { now: () => now, sleep: async (ms) => void (slept.push(ms), (now += ms)) };
    const startedAt: number[] = [];
    const sendTo = (origin: string, request: Parameters<ReturnType<typeof senderFor>>[0]) => {
      startedAt.push(now);
      return senderFor({ baseUrl: origin })(request);
    };
    const { code } = await cli(['probe', api.url, ...TOKEN, '--write', '--max-body', '1kb', '--rps', '4'], { clock, sendTo });
    expect(code).toBe(0);
    expect(startedAt).toHaveLength(17);
    expect(startedAt).toEqual(startedAt.map((_at, index) => index * 250));
    expect(slept.every((ms) => ms === 250)).toBe(true);
    // the default: 10 a second
    now = 0;
    startedAt.length = 0;
    await cli(['probe', api.url, ...TOKEN], { clock, sendTo });
    expect(startedAt.slice(0, 3)).toEqual([0, 100, 200]);
  });
});

describe('finding no document', () => {
  let plain: Counted;
  beforeAll(async () => {
    plain = await startPlainApi({});
  });
  afterAll(() => plain.close());

  it('says where it looked and probes the base URL alone', async () => {
    const { stdout, code } = await cli(['probe', `${plain.url}/v1`, '--rps', '1000']);
    expect(stdout.split('\n').slice(0, 10)).toEqual([
      'no OpenAPI document found; tried:',
      `  ${plain.url}/v1/openapi.json: 404`,
      `  ${plain.url}/v1/openapi.yaml: 404`,
      `  ${plain.url}/v1/docs/json: 404`,
      `  ${plain.url}/v1/swagger.json: 404`,
      `  ${plain.url}/openapi.json: 200 application/json; charset=utf-8, no OpenAPI document`,
      `  ${plain.url}/openapi.yaml: 404`,
      `  ${plain.url}/docs/json: 404`,
      `  ${plain.url}/swagger.json: 404`,
      'probing the base URL alone, which is not enough to judge the API: name the document with --openapi, or routes with --route',
    ]);
    // Express's HTML 404 is a failure whatever else could not be checked: exit 1
    expect(stdout).toContain(`${plain.url}/v1 breaks the error contract`);
    expect(code).toBe(1);
    expect(stdout).toMatch(/a wrong method is 405 with Allow\s+-\s+-\s+skip: the path's methods are unknown/);
    // the route probes go below the base URL's path
    expect(plain.received.slice(8)).toEqual(['OPTIONS /v1/', 'HEAD /v1/', 'GET /v1/', 'GET /v1/no-such-path/error-contract-probe', 'GET /v1/', 'GET /v1/']);
  });

  it('a named document that cannot be read is exit 2, in one line', async () => {
    const missingFile = await cli(['probe', plain.url, '--openapi', join(tmpdir(), 'no-such-openapi.yaml')]);
    expect(missingFile.code).toBe(2);
    expect(missingFile.stderr).toMatch(/^error-contract: cannot read .*no-such-openapi\.yaml: ENOENT\n$/);
    const notOpenApi = await cli(['probe', plain.url, '--openapi', `${plain.url}/openapi.json`]);
    expect(notOpenApi.stderr).toBe(`error-contract: ${plain.url}/openapi.json is no OpenAPI document (no "openapi" member)\n`);
    expect(notOpenApi.code).toBe(2);
  });
});

describe('finding no document on an API that keeps the contract', () => {
  let api: Counted;
  beforeAll(async () => {
    // the contract kept by hand, its document where the probe does not look
    api = await startContractApi(widgetsDocument(), { documentPath: '/private/openapi.json' });
  });
  afterAll(() => api.close());

  it('does not claim the contract holds: it says what it could not check, exit 3', async () => {
    const { stdout, code } = await cli(['probe', api.url, ...TOKEN, '--rps', '1000']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.slice(-4)).toEqual([
      '10 requests sent (at most 200, 1000 a second)',
      'not checked:',
      '  whether the API keeps the contract on its own routes: with no OpenAPI document and no --route only the base URL was probed (name the document with --openapi, or routes with --route)',
      `${api.url}/: not enough checked to judge the error contract (no probe failed)`,
    ]);
    expect(stdout).toMatch(/\n1 checked: 1 passed, 0 failed; /);
    expect(stdout).not.toContain('keeps the error contract');
    expect(code).toBe(3);
  });

  it('--json says so too: verdict, passed false, notChecked; --junit adds an error', async () => {
    const junit = join(await mkdtemp(join(tmpdir(), 'probe-junit-')), 'probe.xml');
    const { code, report } = await probeJson(['probe', api.url, ...TOKEN, '--rps', '1000', '--junit', junit]);
    expect(report).toMatchObject({ verdict: 'not enough to judge', passed: false, notChecked: [expect.stringMatching(/^whether the API keeps the contract on its own routes: /)] });
    expect(code).toBe(3);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/<testsuites [^>]* errors="1"/);
    expect(xml).toContain('<error message="not enough checked to judge the error contract: whether the API keeps the contract on its own routes: ');
  });

  it('the same API with its routes named (--route) is judged: exit 0', async () => {
    const { code, report } = await probeJson(['probe', api.url, ...TOKEN, '--route', 'GET /widgets', '--rps', '1000']);
    expect(report).toMatchObject({ verdict: 'keeps', passed: true });
    expect(code).toBe(0);
  });
});

describe('where the operations are', () => {
  it("a document whose paths lie nowhere under the base URL's path: they are read below it", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'probe-under-'));
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(widgetsDocument()));
    const sent: string[] = [];
    // no network: every answer a 404 in the contract
    const sendTo = async (origin: string, request: { method: string; path: string }) => {
      sent.push(`${origin} ${request.method} ${request.path}`);
      return { status: 404, headers: { 'content-type': 'application/json' }, text: JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'd', instance: request.path, code: 'not_found' }) };
    };
    const { report } = await probeJson(['probe', 'http://127.0.0.1:9/api', '--openapi', file, '--rps', '1000'], { sendTo });
    expect(report.notes).toContain("no operation's path lies under /api: the document's paths are read below it");
    expect(report.openapi).toMatchObject({ operations: 4, probed: 4 });
    expect(new Set(report.probes.map((row) => row.operation))).toEqual(new Set(['the API', '/api/widgets', '/api/widgets/{id}'].flatMap((path) => (path === 'the API' ? [path] : [`GET ${path}`, `${path.endsWith('}') ? 'DELETE' : 'POST'} ${path}`]))));
    expect(sent.every((line) => line.startsWith('http://127.0.0.1:9 GET /api/widgets'))).toBe(true);
  });
});

describe('--route probes are held to the budget too', () => {
  let api: Counted;
  beforeAll(async () => {
    api = await startContractApi(widgetsDocument());
  });
  afterAll(() => api.close());

  it('past --max-requests the rest are listed as not sent', async () => {
    const { code, report } = await probeJson(['probe', api.url, ...TOKEN, '--route', 'GET /widgets', '--max-requests', '3', '--rps', '1000']);
    expect(api.received).toHaveLength(3);
    expect(report.probes.filter((row) => row.skipped === 'the request budget (--max-requests 3) is spent').map((row) => row.name)).toEqual([
      // the OPTIONS request that finds the path's methods, then two probes, spend the three
      'PUT /widgets is 405 with Allow',
      'no Accept header',
      'Accept: text/html',
      'malformed JSON is 400',
      'Content-Type text/plain answers in the contract',
      'a 101 kB body answers in the contract',
    ]);
    expect(code).toBe(0);
  });
});
