// `pnpm demo [express|koa|hono]`: starts the reference service of that framework's example.
// Where that example does not exist yet, it prints how the contract answers a few failures.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2] ?? 'express';
const example = join(root, 'examples', name);

if (existsSync(join(example, 'package.json'))) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: example, stdio: ['inherit', 'pipe', 'inherit'], env: process.env });
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const ready = /listening on (\S+)/.exec(chunk.toString());
    if (ready) printTryLines(ready[1]);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const { createErrorContract, notFound, methodNotAllowed, validationFailed } = await import('@error-contract/core');
  const contract = createErrorContract({
    typeBaseUrl: 'https://docs.example.com/errors/',
    shape: (request) => (request.path.startsWith('/api/client/v1/') ? 'compact' : 'detailed'),
    onError: () => {},
  });
  const cases = [
    ['GET', '/api/client/v2/widgets/9', notFound('No widget has the id "9".')],
    ['PUT', '/api/client/v2/widgets', methodNotAllowed(['GET', 'POST'])],
    ['POST', '/api/client/v1/widgets', validationFailed([{ field: 'name', detail: 'must be 1 to 50 characters' }])],
    ['GET', '/api/client/v1/fail', new Error('connection to db-7 failed: password=hunter2')],
  ];
  console.log(`No example "${name}" yet: this is how the contract answers.\n`);
  for (const [method, path, error] of cases) {
    const response = contract.respond(error, { method, path, headers: { accept: 'application/json' } });
    console.log(`${method} ${path}\n-> ${response.status} ${JSON.stringify(response.headers)}\n   ${response.body}\n`);
  }
}

function printTryLines(url) {
  const reader = "-H 'Authorization: Bearer reader-token'";
  const writer = "-H 'Authorization: Bearer writer-token'";
  const json = "-H 'Accept: application/json'";
  console.log(`
Try (Ctrl-C stops the service):
  curl -i ${json} ${reader} ${url}/api/client/v2/widgets
  curl -i ${json} ${reader} ${url}/api/client/v2/widgets/9          # 404, detailed shape
  curl -i ${json} ${reader} ${url}/api/client/v1/widgets/9          # 404, compact shape
  curl -i -X PUT ${json} ${reader} ${url}/api/client/v2/widgets     # 405 with Allow
  curl -i ${url}/api/client/v2/widgets                              # 406: no Accept
  curl -i ${json} ${url}/api/client/v2/widgets                      # 401 with WWW-Authenticate
  curl -i -X POST ${json} ${writer} -H 'Content-Type: application/json' -d '{"name":"","price":-1}' ${url}/api/client/v1/widgets   # 400 validation_failed
  curl -i ${json} ${reader} ${url}/api/client/v2/fail               # 500, nothing leaked
`);
}
