// What the probe can and cannot tell, against Express apps wired as the README shows
// (@error-contract/express's guard, fallback and handler on /api): without an OpenAPI document or
// --route it does not claim the contract holds (exit 3); a 413 is required only with a known body
// limit and a 415 only where the document declares one (or --strict-content-type); otherwise those
// answers, whatever their status, are judged only to be in the contract.
import type { AddressInfo, Server } from 'node:net';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { errorContract } from '@error-contract/express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = join(dirname(createRequire(import.meta.url).resolve('@error-contract/testing/package.json')), 'dist', 'cli.js');

interface Row {
  name: string;
  status?: number;
  checked: boolean;
  passed: boolean;
  problems: string[];
  notes?: string[];
}

function run(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'probe', ...args, '--rps', '1000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

async function probeJson(args: string[]): Promise<{ code: number | null; verdict: string; notChecked: string[]; rows: Row[] }> {
  const { code, stdout } = await run([...args, '--json']);
  const report = JSON.parse(stdout) as { verdict: string; notChecked: string[]; probes: Row[] };
  return { code, verdict: report.verdict, notChecked: report.notChecked, rows: report.probes };
}

/** Its document, when it serves one: POST /widgets takes JSON; no 413 or 415 declared, no limit stated. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'widgets', version: '1.0.0' },
  servers: [{ url: '/api' }],
  paths: {
    '/widgets': {
      get: { responses: { '200': { description: 'the widgets' } } },
      post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '201': { description: 'created' } } },
    },
  },
};

/**
 * The README's Express lines around an API whose POST reads JSON with express.json() (with
 * `limit`, or '1gb': in effect no limit) and, as a handler of its own, text/plain.
 */
function startApp({ limit, document }: { limit: string; document: boolean }): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });
  const api = express.Router();
  if (document) api.get('/openapi.json', (_req, res) => void res.json(DOCUMENT));
  api.get('/widgets', (_req, res) => void res.json([{ id: '1' }]));
  // express.json() leaves text/plain alone; the handler reads it itself
  api.post('/widgets', express.json({ limit }), express.text(), (req, res) => void res.status(201).json(typeof req.body === 'string' ? { text: req.body } : { id: '2' }));
  app.use('/api', errors.guard());
  app.use('/api', api);
  app.use('/api', errors.fallback());
  app.use('/api', errors.handler());
  return new Promise((resolve) => {
    const server: Server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('an Express app with the contract and no OpenAPI document', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({ limit: '1gb', document: false });
  });
  afterAll(() => app.close());

  it('given only its base URL: says it found no document and what it could not check, does not claim the contract holds; exit 3', async () => {
    const { code, stdout } = await run([`${app.url}/api`]);
    expect(stdout).toContain('no OpenAPI document found; tried:');
    expect(stdout).toContain('not checked:\n  whether the API keeps the contract on its own routes: with no OpenAPI document and no --route only the base URL was probed');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(`${app.url}/api: not enough checked to judge the error contract (no probe failed)`);
    expect(stdout).not.toContain('keeps the error contract');
    expect(code).toBe(3);
  });

  it('with its routes named: no body limit given, so the 101 kB body it takes (201) passes, as does the text/plain its handler answers; exit 0', async () => {
    const { code, verdict, notChecked, rows } = await probeJson([`${app.url}/api`, '--route', 'GET /widgets', '--route', 'POST /widgets']);
    expect(rows.filter((row) => row.checked && !row.passed)).toEqual([]);
    const body = (name: string) => rows.find((row) => row.name === name)!;
    expect(body('a 101 kB body answers in the contract')).toMatchObject({ status: 201, checked: true, passed: true, notes: [expect.stringMatching(/^413 not required: no body limit was given \(--body-limit\)/)] });
    expect(body('Content-Type text/plain answers in the contract')).toMatchObject({ status: 201, checked: true, passed: true, notes: [expect.stringMatching(/^415 not required: --strict-content-type was not given/)] });
    // in the order of the rows: the text/plain body comes right after malformed JSON
    expect(notChecked).toEqual([
      '415 not required (--strict-content-type was not given): 1 answer was judged only to be in the contract',
      '413 not required (no body limit was given (--body-limit)): 1 answer was judged only to be in the contract',
    ]);
    expect(verdict).toBe('keeps');
    expect(code).toBe(0);
  });

  it('--body-limit and --strict-content-type say what the app promises: then the 201s fail; exit 1', async () => {
    const { code, rows } = await probeJson([`${app.url}/api`, '--route', 'GET /widgets', '--route', 'POST /widgets', '--body-limit', '100kb', '--strict-content-type']);
    const failed = Object.fromEntries(rows.filter((row) => row.checked && !row.passed).map((row) => [row.name, row.problems]));
    expect(failed).toEqual({ 'Content-Type text/plain is 415': ['expected status 415, got 201'], 'a body over 100 kB is 413': ['expected status 413, got 201'] });
    expect(code).toBe(1);
  });
});

describe('the same app with express.json()\'s 100 kB limit and a document that states neither a limit nor a 415', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({ limit: '100kb', document: true });
  });
  afterAll(() => app.close());

  it('its 413 is judged as the contract\'s 413; its text/plain answer only to be in the contract; exit 0', async () => {
    const { code, verdict, rows } = await probeJson([`${app.url}/api`, '--write']);
    expect(rows.filter((row) => row.checked && !row.passed)).toEqual([]);
    expect(rows.find((row) => row.name === 'a 101 kB body answers in the contract')).toMatchObject({ status: 413, checked: true, passed: true });
    expect(rows.find((row) => row.name === 'Content-Type text/plain answers in the contract')).toMatchObject({ status: 201, checked: true, passed: true });
    expect(verdict).toBe('keeps');
    expect(code).toBe(0);
  });
});
