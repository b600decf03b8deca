// Each framework guide's complete app, as a reader follows the page: its files copied into a new
// project, its install line run with npm (our packages from the packed tarballs, as "Installing
// before a release" says, the rest from the registry at the versions the line names), its start
// command run, and every request it lists sent: each must get the status, headers and body the
// page shows.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDependencies } from '../../../scripts/published-packages.mjs';
import { runtimeBinary } from '../../../scripts/runtimes.mjs';
import { POLL_INTERVAL_MS } from '../../../test-waits.js';
import { COMPLETE_APP_HEADING, completeApp, curlRequest, type GuideApp, type TriedRequest } from '../src/guide-app.ts';
import { packedTarball } from '../src/project.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const guideDir = join(root, 'docs/guides');
// the adapter guide is for authors of adapters, not an app's guide
const guides = readdirSync(guideDir)
  .filter((name) => name.endsWith('.md') && name !== 'writing-an-adapter.md')
  .sort();
const apps = guides.map((name) => [name, completeApp(join(guideDir, name), root)] as const);

// An npm install of a framework and a build (next build, nitro build, tsc) on a busy two-core
// machine: an upper bound, each step ends when it is done.
const SETUP_TIMEOUT_MS = 900_000;
const READY_TIMEOUT_MS = 120_000;
// Bun for the Elysia guide's `bun server.ts`: a reader has it installed, the workspace has it from
// npm (its platform package's binary: pnpm runs no postinstall that would make `.bin/bun` work)
const bun = runtimeBinary('bun', join(root, 'examples/elysia'));
const bunDir = bun === undefined ? [] : [dirname(bun)];

it('every framework guide starts with a complete app: its files, the command that starts it and requests to try', () => {
  expect(guides.length).toBeGreaterThanOrEqual(9);
  for (const [name, app] of apps) {
    expect(app, `${name} has no "${COMPLETE_APP_HEADING}"`).toBeDefined();
    if (!app) continue;
    const firstSection = /^## .*$/m.exec(readFileSync(join(guideDir, name), 'utf8'))?.[0];
    expect(firstSection, `${name}: the complete app is its first section`).toBe(COMPLETE_APP_HEADING);
    expect(app.install.some((word) => word.startsWith('@error-contract/')), `${name}: the install line`).toBe(true);
    expect(app.files.length, `${name}: the app's files`).toBeGreaterThan(0);
    expect(app.start.length, `${name}: the command that starts it`).toBeGreaterThan(0);
    // a route that throws, a route that reads a body, and what the contract answers by itself
    expect(app.requests.length, `${name}: the requests to try`).toBeGreaterThanOrEqual(4);
    expect(app.requests.some((request) => request.body !== undefined), `${name}: a request with a body`).toBe(true);
  }
});

it('reads a curl line as curl sends it', () => {
  expect(curlRequest(`curl -i -X POST -H 'content-type: application/json' -d '{"name":"Desk"}' http://127.0.0.1:3000/api/widgets`)).toEqual({
    method: 'POST',
    url: 'http://127.0.0.1:3000/api/widgets',
    headers: { 'content-type': 'application/json', accept: '*/*' },
    body: '{"name":"Desk"}',
  });
  expect(curlRequest('curl -i -d name=Desk http://127.0.0.1:3000/api/widgets').headers['content-type']).toBe('application/x-www-form-urlencoded');
  expect(() => curlRequest('curl -i --json {} http://127.0.0.1:3000/')).toThrow(/--json/);
});

for (const [name, app] of apps) {
  if (!app) continue;
  describe(`${app.page}: the complete app, copied into a new project`, () => {
    let dir = '';
    let port = 0;
    let server: ChildProcess | undefined;
    let output = '';

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), `guide-app-${name.replace(/\.md$/, '')}-`));
      for (const file of app.files) {
        mkdirSync(dirname(join(dir, file.path)), { recursive: true });
        writeFileSync(join(dir, file.path), file.code);
      }
      port = await freePort();
      const env = appEnvironment(port);
      run(`npm install --no-audit --no-fund --loglevel=error ${installWords(app).join(' ')}`, dir, env);
      for (const command of app.start.slice(0, -1)) run(command, dir, env);
      server = spawn('sh', ['-c', `exec ${app.start.at(-1)}`], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      server.stdout?.on('data', (chunk) => (output += chunk));
      server.stderr?.on('data', (chunk) => (output += chunk));
      await untilServing(port, server, () => output);
    }, SETUP_TIMEOUT_MS);

    afterAll(() => {
      if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it.each(app.requests.map((request) => [`line ${request.line}: ${request.curl}`, request] as const))('%s', async (_name, request) => {
      const response = await send(request, port);
      const body = await response.text();
      const said = `${request.curl}\nanswered ${response.status}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${body}`;
      expect(response.status, said).toBe(request.expected.status);
      for (const [header, value] of request.expected.headers) expect(response.headers.get(header), `${header} of ${said}`).toBe(value);
      expect(sameBody(body, request.expected.body), `the page shows\n${request.expected.body}\n\n${said}`).toBe(true);
    });
  });
}

// @error-contract/express -> the packed tarball of it and of the packages of ours it needs
function installWords(app: GuideApp): string[] {
  const ours = app.install.filter((word) => word.startsWith('@error-contract/'));
  const theirs = app.install.filter((word) => !word.startsWith('@error-contract/'));
  return [...[...withDependencies(ours)].map((folder) => packedTarball(folder)), ...theirs];
}

// A reader's shell: no settings of the pnpm and vitest running this test (npm warns about pnpm's,
// Next refuses NODE_ENV=test, Nitro installs nothing under TEST=true), the port the app reads, and
// Bun on the PATH.
function appEnvironment(port: number): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_config_|npm_package_|VITEST|TEST$|NODE_ENV$|NODE_PATH$|NODE_OPTIONS$)/i.test(key)),
  );
  return { ...env, PORT: String(port), HOST: '127.0.0.1', PATH: [...bunDir, process.env.PATH ?? ''].join(':') };
}

function run(command: string, cwd: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', timeout: SETUP_TIMEOUT_MS / 2 });
  if (result.status !== 0) {
    throw new Error(`\`${command}\` exited with ${result.status ?? result.signal}:\n${`${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-30).join('\n')}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function untilServing(port: number, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited with ${server.exitCode} before it served:\n${output()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS * 4));
    }
  }
  throw new Error(`The app did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

// the URL as the page writes it (port 3000), on the port this test gave the app
function send(request: TriedRequest, port: number): Promise<Response> {
  const url = request.url.replace(/\/\/(127\.0\.0\.1|localhost):3000\b/, `//127.0.0.1:${port}`);
  return fetch(url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
}

// JSON compared member by member in order (the page pretty-prints it), anything else as text
function sameBody(actual: string, expected: string): boolean {
  try {
    return JSON.stringify(JSON.parse(actual)) === JSON.stringify(JSON.parse(expected));
  } catch {
    return actual.trim() === expected.trim();
  }
}
