// `pnpm demo [express|koa|hono|fastify|nest]`: starts the reference service (REFERENCE-SERVICE.md) on that
// framework, then prints a few requests to try.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FRAMEWORKS = ['express', 'koa', 'hono', 'fastify', 'nest'];
const name = process.argv[2] ?? 'express';
const example = join(root, 'examples', name);

if (!FRAMEWORKS.includes(name) || !existsSync(join(example, 'src', 'main.ts'))) {
  console.error(`No example "${name}": choose one of ${FRAMEWORKS.join(', ')} (pnpm demo koa).`);
  process.exit(2);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: example, stdio: ['inherit', 'pipe', 'inherit'], env: process.env });
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
