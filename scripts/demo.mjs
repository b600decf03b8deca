// `pnpm demo [express|koa|hono|fastify|nest|next|h3|nitro|elysia]`: builds what that framework's
// reference service needs when it changed (scripts/build-stale.mjs --for), starts the service
// (REFERENCE-SERVICE.md), then prints a few requests to try. `pnpm demo hono --runtime bun` (deno, workerd) starts
// Hono's on that runtime instead of Node (examples/hono's `start:<runtime>`). Elysia's runs on Bun
// (examples/elysia's `start`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FRAMEWORKS = ['express', 'koa', 'hono', 'fastify', 'nest', 'next', 'h3', 'nitro', 'elysia'];
// The runtimes each framework's example runs on, its default first.
const RUNTIMES_OF = { hono: ['node', 'bun', 'deno', 'workerd'], elysia: ['bun'] };
const args = process.argv.slice(2);
const runtimeAt = args.findIndex((arg) => arg === '--runtime' || arg.startsWith('--runtime='));
const chosen = runtimeAt === -1 ? undefined : args[runtimeAt].includes('=') ? args[runtimeAt].slice('--runtime='.length) : args[runtimeAt + 1];
if (runtimeAt !== -1) args.splice(runtimeAt, args[runtimeAt].includes('=') ? 1 : 2);
const name = args[0] ?? 'express';
const runtimes = RUNTIMES_OF[name] ?? ['node'];
const runtime = chosen ?? runtimes[0];
const example = join(root, 'examples', name);

if (!FRAMEWORKS.includes(name) || !existsSync(join(example, 'src', 'main.ts'))) {
  console.error(`No example "${name}": choose one of ${FRAMEWORKS.join(', ')} (pnpm demo koa).`);
  process.exit(2);
}
if (!runtimes.includes(runtime)) {
  console.error(`No runtime "${runtime}" for ${name}: Hono's runs on ${RUNTIMES_OF.hono.join(', ')} (pnpm demo hono --runtime deno), Elysia's on bun, the others on node.`);
  process.exit(2);
}

// build first what this service needs and only if it changed since its last build (the service's
// packages, not all of them), saying so line by line
console.log(`Checking the packages the ${name} service needs (each built again only if it changed)...`);
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-stale.mjs'), '--for', `examples/${name}`], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// say what is starting: the framework, the runtime, and Nest's platform
const platform = name === 'nest' ? `, platform-${process.env.PLATFORM || 'express'} (PLATFORM=fastify for the other)` : '';
console.log(`The reference service on ${name} (${runtime === 'node' ? `Node ${process.versions.node}` : runtime}${platform}), starting...`);

// Elysia's `start` is scripts/start.mjs, which runs Bun; Hono's takes the runtime as its argument
const command = runtime === 'node' ? ['--import', 'tsx', 'src/main.ts'] : name === 'elysia' ? ['scripts/start.mjs'] : ['scripts/start.mjs', runtime];
const child = spawn(process.execPath, command, { cwd: example, stdio: ['inherit', 'pipe', 'inherit'], env: process.env });
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const ready = /listening on (\S+)/.exec(chunk.toString());
  if (ready) printTryLines(ready[1]);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

function printTryLines(url) {
  const as = (token) => `-H 'Accept: application/json' -H 'Authorization: Bearer ${token}'`;
  const lines = [
    ['200, the widgets', `curl -i ${as('reader-token')} ${url}/api/client/v2/widgets`],
    ['404, detailed shape', `curl -i ${as('reader-token')} ${url}/api/client/v2/widgets/9`],
    ['404, compact shape', `curl -i ${as('reader-token')} ${url}/api/client/v1/widgets/9`],
    ['405 with Allow', `curl -i -X PUT ${as('reader-token')} ${url}/api/client/v2/widgets`],
    // curl sends `Accept: */*` unless told to send none (`-H 'Accept:'`).
    ['406, no Accept', `curl -i -H 'Accept:' -H 'Authorization: Bearer reader-token' ${url}/api/client/v2/widgets`],
    ['406, Accept without JSON', `curl -i -H 'Accept: text/html' -H 'Authorization: Bearer reader-token' ${url}/api/client/v2/widgets`],
    ['401 with WWW-Authenticate', `curl -i -H 'Accept: application/json' ${url}/api/client/v2/widgets`],
    ['400 validation_failed', `curl -i -X POST ${as('writer-token')} -H 'Content-Type: application/json' -d '{"name":"","price":-1}' ${url}/api/client/v1/widgets`],
    ['500, nothing leaked', `curl -i ${as('reader-token')} ${url}/api/client/v2/fail`],
  ];
  console.log(`\nTry these (Ctrl-C stops the service):\n${lines.map(([what, line]) => `  # ${what}\n  ${line}`).join('\n')}\n`);
}
