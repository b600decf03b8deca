import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../src/cli/main.js';
import { renderTable } from '../src/cli/render.js';
import { type Running, startBroken, startPlain } from './servers.js';

/** Runs the CLI in-process and keeps what it wrote. */
async function cli(argv: string[], { tty = false } = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: tty },
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

interface JsonRow {
  name: string;
  status?: number;
  shape?: string;
  checked: boolean;
  passed: boolean;
  problems: string[];
  skipped?: string;
}

async function probeJson(argv: string[]) {
  const run = await cli([...argv, '--json']);
  return { code: run.code, report: JSON.parse(run.stdout) as { baseUrl: string; passed: boolean; probes: JsonRow[] } };
}

describe('error-contract probe against an app that breaks the contract', () => {
  let broken: Running;
  beforeAll(async () => {
    broken = await startBroken();
  });
  afterAll(() => broken.close());

  it('finds each break and exits 1', async () => {
    const { code, report } = await probeJson(['probe', broken.url, '--route', 'GET /widgets', '--route', 'POST /widgets', '--strict-accept']);
    expect(code).toBe(1);
    expect(report.passed).toBe(false);
    const failed = Object.fromEntries(report.probes.filter((row) => !row.passed).map((row) => [row.name, row.problems]));
    expect(Object.keys(failed)).toEqual([
      'an unknown path is 404',
      'PUT /widgets is 405 with Allow',
      'no Accept header is 406',
      'Accept: text/html is 406',
      'malformed JSON is 400',
      'a 101 kB body answers in the contract',
    ]);
    // the HTML 404 page
    expect(failed['an unknown path is 404']).toEqual(expect.arrayContaining([expect.stringContaining('got text/html'), expect.stringContaining('expected a JSON error body, got "<!DOCTYPE html>')]));
    // 404 instead of 405
    expect(failed['PUT /widgets is 405 with Allow']).toContain('expected status 405, got 404');
    // a text/plain 500 with a stack
    expect(failed['Accept: text/html is 406']).toEqual(
      expect.arrayContaining(['expected status 406, got 500', 'expected Content-Type application/json or application/problem+json, got text/plain; charset=utf-8', 'the body holds a stack trace ("\\n    at ")']),
    );
    // malformed JSON giving 500
    expect(failed['malformed JSON is 400']).toContain('expected status 400, got 500');
  });

  it('prints the table: each FAIL with its reasons, and the totals', async () => {
    const { code, stdout, stderr } = await cli(['probe', broken.url, '--route', 'GET /widgets', '--route', 'POST /widgets', '--strict-accept']);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^probe\s+status\s+shape\s+verdict$/);
    expect(stdout).toMatch(/an unknown path is 404\s+404\s+not-contract\s+FAIL: expected Content-Type/);
    expect(stdout).toMatch(/PUT \/widgets is 405 with Allow\s+404\s+not-contract\s+FAIL: expected status 405, got 404/);
    expect(stdout).toMatch(/\n {20,}expected a JSON error body/);
    expect(stdout).toContain('8 checked: 2 passed, 6 failed; 0 reported only');
    expect(stdout).toContain(`${broken.url}/ breaks the error contract`);
    // one progress line per probe when stderr is no terminal
    expect(stderr.trim().split('\n')).toHaveLength(8);
    expect(stderr).toContain('[2/8] an unknown path is 404: 404');
  });

  it('without --strict-accept, the Accept probes are reported, not checked', async () => {
    const { report } = await probeJson(['probe', broken.url, '--route', 'GET /widgets', '--route', 'POST /widgets']);
    const accept = report.probes.filter((row) => row.name.startsWith('no Accept') || row.name.startsWith('Accept:'));
    expect(accept.map((row) => [row.name, row.checked, row.status])).toEqual([
      ['no Accept header', false, 200],
      ['Accept: text/html', false, 500],
    ]);
  });
});

describe('error-contract probe against a plain Express app', () => {
  let plain: Running;
  beforeAll(async () => {
    plain = await startPlain();
  });
  afterAll(() => plain.close());

  it('shows what it gets wrong; the wrong method comes from its OPTIONS answer', async () => {
    const { code, report } = await probeJson(['probe', plain.url, '--route', 'GET /widgets']);
    expect(code).toBe(1);
    expect(report.probes.map((row) => [row.name, row.status, row.shape ?? '-', row.checked && !row.passed ? 'FAIL' : 'ok'])).toEqual([
      ['an existing path answers', 200, '-', 'ok'],
      ['an unknown path is 404', 404, 'not-contract', 'FAIL'],
      ['PUT /widgets is 405 with Allow', 404, 'not-contract', 'FAIL'],
      ['no Accept header', 200, '-', 'ok'],
      ['Accept: text/html', 200, '-', 'ok'],
      ['malformed JSON is 400', 400, 'not-contract', 'FAIL'],
      // express.json() leaves text/plain to the handler, which answers 201: in the contract
      ['Content-Type text/plain answers in the contract', 201, '-', 'ok'],
      // no limit given: any answer in the contract would do, but Express's 413 is an HTML page
      ['a 101 kB body answers in the contract', 413, 'not-contract', 'FAIL'],
    ]);
    // Express's default error page, with the stack outside production
    expect(report.probes[5]!.problems).toEqual(expect.arrayContaining([expect.stringContaining('got text/html'), 'the body holds a stack trace ("\\n    at ")']));
  });

  it('with no route: what it cannot probe is skipped, and it says why', async () => {
    const { stdout, code } = await cli(['probe', plain.url]);
    expect(stdout).toMatch(/an existing path answers\s+404\s+not-contract\s+info: expected a success/);
    expect(stdout).toMatch(/a wrong method is 405 with Allow\s+-\s+-\s+skip: the path's methods are unknown/);
    expect(stdout).toMatch(/malformed JSON is 400\s+-\s+-\s+skip: no route known to take a JSON body/);
    expect(code).toBe(1);
  });

  it('a progress line rewritten in place on a terminal, cleared at the end', async () => {
    const { stderr } = await cli(['probe', plain.url, '--route', 'GET /widgets'], { tty: true });
    expect(stderr).toContain('\r\x1b[K[1/8] an existing path answers');
    expect(stderr.endsWith('\r\x1b[K')).toBe(true);
  });
});

describe('error-contract usage', () => {
  it('--help prints the usage, exit code 0', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: error-contract probe <base-url> [options]');
  });

  it('a bad URL: one line and the usage on stderr, exit code 2', async () => {
    const { code, stdout, stderr } = await cli(['probe', 'not-a-url']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^error-contract: not a URL: "not-a-url"/);
    expect(stderr).not.toContain('    at ');
  });

  it('an unreachable host: a clear message, no stack, exit code 2', async () => {
    const { code, stderr } = await cli(['probe', 'http://127.0.0.1:1/api']);
    expect(code).toBe(2);
    expect(stderr).toBe('error-contract: cannot reach http://127.0.0.1:1/api: connect ECONNREFUSED 127.0.0.1:1\n');
  });
});

describe('renderTable(report)', () => {
  it('a reported probe with a note, and a checked probe that got no answer', () => {
    const table = renderTable({
      baseUrl: 'http://x/',
      passed: false,
      verdict: 'breaks',
      notChecked: [],
      rows: [
        { name: 'no Accept header', method: 'GET', path: '/', status: 406, shape: 'not-contract', checked: false, passed: false, problems: ['expected Content-Type application/json, got text/html'] },
        { name: 'an unknown path is 404', method: 'GET', path: '/x', checked: true, passed: false, problems: ['no answer: socket hang up'] },
      ],
    });
    expect(table).toContain('no Accept header        406     not-contract  info: expected Content-Type application/json, got text/html');
    expect(table).toContain('an unknown path is 404  -       -             FAIL: no answer: socket hang up');
    expect(table).toContain('1 checked: 0 passed, 1 failed; 1 reported only');
  });
});
