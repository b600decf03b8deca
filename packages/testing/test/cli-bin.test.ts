// The built bin, as npx runs it: `node dist/cli.js` in a child process. The root `pnpm test`
// builds every package first; alone: `npx -y pnpm@10 --filter @error-contract/testing build`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startBroken } from './servers.js';

const BIN = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

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

describe('the built bin: node dist/cli.js', () => {
  // exit code 0 for a service that keeps the contract: suites/probe/test/kit-cli.test.ts
  let broken: Running;
  beforeAll(async () => {
    expect(existsSync(BIN), `${BIN} is missing: build the package first`).toBe(true);
    broken = await startBroken();
  });
  afterAll(() => broken?.close());

  it('is an executable with a node shebang, named in package.json as a file that exists before the build', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.bin).toEqual({ 'error-contract': './bin/error-contract.js' });
    const shim = fileURLToPath(new URL('../bin/error-contract.js', import.meta.url));
    for (const file of [shim, BIN]) {
      expect(readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n'), file).toBe(true);
      expect(statSync(file).mode & 0o111, file).not.toBe(0);
    }
    // the shim is only the way in: it loads the built command
    expect(readFileSync(shim, 'utf8')).toContain("import '../dist/cli.js';");
  });

  it('the linked command runs through the shim', async () => {
    const shim = fileURLToPath(new URL('../bin/error-contract.js', import.meta.url));
    const child = spawn(process.execPath, [shim, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('probe');
  });

  it('exit code 1 for one that breaks it, with JSON output', async () => {
    const { code, stdout } = await run(['probe', broken.url, '--route', 'GET /widgets', '--route', 'POST /widgets', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ passed: false, probes: expect.arrayContaining([expect.objectContaining({ name: 'an unknown path is 404', passed: false })]) });
  });

  it('exit code 2 and one clear line for an unreachable host', async () => {
    const { code, stdout, stderr } = await run(['probe', 'http://127.0.0.1:1']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('error-contract: cannot reach http://127.0.0.1:1/: connect ECONNREFUSED 127.0.0.1:1\n');
  });

  it('exit code 2 for a usage error', async () => {
    const { code, stderr } = await run(['probe']);
    expect(code).toBe(2);
    expect(stderr).toContain('error-contract: probe needs the base URL of the API');
  });
});
