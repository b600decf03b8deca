// Runs the bundle of the portable test files (portable.ts) in one runtime and reads back one
// result per test: Bun and Deno run a harness module that prints them; workerd serves them from a
// module Worker's fetch handler; Chromium runs them in a page. Every runtime is bounded in time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import { requireRuntimeBinary, workerdConfig } from '../../../../scripts/runtimes.mjs';
import type { Result } from './vitest-shim.js';

export type Runtime = 'bun' | 'deno' | 'workerd' | 'chromium';
export type { Result };

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PACKAGE = join(HERE, '..', '..');
const MARK = '@@results ';
export const RUN_MS = 120_000;

const HARNESS = `import { list, run } from './portable.js';
const mode = globalThis.Deno ? Deno.args[0] : process.argv[2];
console.log(${JSON.stringify(MARK)} + JSON.stringify(mode === 'list' ? list() : await run()));
`;
const WORKER = `import { run } from './portable.js';
export default { async fetch() { return Response.json(await run()); } };
`;

/** Bundles the portable tests once, with the harness and Worker modules beside them; returns the directory. */
export async function bundle(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'client-portable-tests-'));
  await build({
    entryPoints: [join(HERE, 'portable.ts')],
    outfile: join(dir, 'portable.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    alias: { vitest: join(HERE, 'vitest-shim.ts') },
    define: { 'process.env.NODE_ENV': '"test"' },
    logLevel: 'error',
  });
  writeFileSync(join(dir, 'harness.mjs'), HARNESS);
  writeFileSync(join(dir, 'worker.mjs'), WORKER);
  return dir;
}

/** Runs `command` and reads the marked JSON line it prints; rejects on a timeout or a missing line. */
function marked<T>(command: string, args: string[], cwd: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((entry) => entry.startsWith(MARK));
      if (line === undefined) return reject(new Error(`${command} ${args.join(' ')}: no results (exit ${code ?? signal}): ${stderr.slice(-2000)}`));
      resolve(JSON.parse(line.slice(MARK.length)) as T);
    });
  });
}

/** Every test's name, from the bundle as Node loads it (nothing is run). */
export function listTests(dir: string): Promise<string[]> {
  return marked<string[]>(process.execPath, ['harness.mjs', 'list'], dir);
}

async function onWorkerd(dir: string): Promise<Result[]> {
  const binary = requireRuntimeBinary('workerd', PACKAGE);
  writeFileSync(join(dir, 'config.capnp'), workerdConfig('127.0.0.1:0', {}, ['worker.mjs', 'portable.js']));
  const child = spawn(binary, ['serve', join(dir, 'config.capnp'), '--control-fd=3'], { cwd: dir, env: { ...process.env, PWD: dir }, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`workerd did not listen within 30 s: ${stderr}`)), 30_000);
      let control = '';
      (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
        control += chunk.toString();
        const listen = /\{"event":"listen","socket":"http","port":(\d+)\}/.exec(control);
        if (listen === null) return;
        clearTimeout(timer);
        resolve(Number(listen[1]));
      });
      child.on('exit', (code) => reject(new Error(`workerd exited (${code}): ${stderr}`)));
    });
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(RUN_MS) });
    if (!response.ok) throw new Error(`workerd answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Result[];
  } finally {
    child.kill('SIGTERM');
  }
}

async function onChromium(dir: string, executablePath: string): Promise<Result[]> {
  const page = `<!doctype html><meta charset="utf-8"><script type="module">
import { run } from './portable.js';
run().then((results) => { window.__results = results; }, (error) => { window.__results = String(error && error.stack || error); });
</script>`;
  const script = readFileSync(join(dir, 'portable.js'));
  const server = createServer((request, response) => {
    if (request.url === '/portable.js') return void response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], timeout: 30_000, protocolTimeout: RUN_MS });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { waitUntil: 'load', timeout: 30_000 });
    await tab.waitForFunction('window.__results !== undefined', { timeout: RUN_MS });
    const results = await tab.evaluate('window.__results');
    if (!Array.isArray(results)) throw new Error(`the page failed: ${String(results)}`);
    return results as Result[];
  } finally {
    await browser.close().catch(() => {});
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Runs the bundled tests in `runtime`; `chromium` is the browser's executable for that one. */
export function runOn(runtime: Runtime, dir: string, chromium?: string): Promise<Result[]> {
  if (runtime === 'bun') return marked(requireRuntimeBinary('bun', PACKAGE), ['harness.mjs', 'run'], dir);
  // --allow-env: tinyrainbow (vitest's colours) reads NO_COLOR and FORCE_COLOR
  if (runtime === 'deno') return marked(requireRuntimeBinary('deno', PACKAGE), ['run', '--no-prompt', '--allow-env', 'harness.mjs', 'run'], dir);
  if (runtime === 'workerd') return onWorkerd(dir);
  return onChromium(dir, chromium!);
}
