// The `error-contract probe` command, as installed (the package's bin), against the reference
// services: every probe passes in the shape of its prefix, and the exit code is 0.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_SERVICES, type Running, startReference } from './kit/reference-services.js';

const require = createRequire(import.meta.url);
const BIN = join(dirname(require.resolve('@error-contract/testing/package.json')), 'bin', 'error-contract.js');

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface JsonRow {
  name: string;
  status?: number;
  shape?: string;
  checked: boolean;
  passed: boolean;
}

const WRITER = ['-H', 'Authorization: Bearer writer-token'];
// what the reference service promises (REFERENCE-SERVICE.md): 406 for a non-JSON Accept, a 100 kB
// body limit, 415 for a body that is not JSON; told, the probe holds it to each
const STRICT = ['--strict-accept', '--body-limit', '100kb', '--strict-content-type'];

describe.each(REFERENCE_SERVICES)('error-contract probe against the %s reference service', (_name, start) => {
  let server: Running;
  beforeAll(async () => {
    server = await startReference(start);
  });
  afterAll(() => server.close());

  it.each([
    ['/api/client/v1', 'compact'],
    ['/api/client/v2', 'detailed'],
  ])('every probe under %s passes, in the %s shape; exit code 0', async (prefix, shape) => {
    const { code, stdout } = await run(['probe', `${server.url}${prefix}`, ...WRITER, '--route', 'GET /widgets', ...STRICT, '--json']);
    const report = JSON.parse(stdout) as { passed: boolean; probes: JsonRow[] };
    expect(report.probes.filter((row) => !row.passed)).toEqual([]);
    expect(report.probes.map((row) => [row.name, row.status, row.checked])).toEqual([
      ['an existing path answers', 200, true],
      ['an unknown path is 404', 404, true],
      ['PUT /widgets is 405 with Allow', 405, true],
      ['no Accept header is 406', 406, true],
      ['Accept: text/html is 406', 406, true],
      ['malformed JSON is 400', 400, true],
      ['Content-Type text/plain is 415', 415, true],
      ['a body over 100 kB is 413', 413, true],
    ]);
    expect(report.probes.slice(1).every((row) => row.shape === shape)).toBe(true);
    expect(code).toBe(0);
  });

  it('the table output sums up, exit code 0', async () => {
    const { code, stdout } = await run(['probe', `${server.url}/api/client/v2`, ...WRITER, '--route', 'GET /widgets', ...STRICT]);
    expect(stdout).toContain('8 checked: 8 passed, 0 failed; 0 reported only');
    expect(stdout).toContain(`${server.url}/api/client/v2 keeps the error contract`);
    expect(code).toBe(0);
  });
});
