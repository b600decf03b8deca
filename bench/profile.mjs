// Profiles one benchmark server under load and prints where its CPU time goes, inclusive per
// function (what the contract's own code costs is the sum of its frames):
//   node profile.mjs <express|koa|hono|fastify|nest-express|nest-fastify> <bare|minimal|contract> [path] [method] [filter regexp]
//   node profile.mjs hono contract /widgets PUT 'packages/|hono/dist'
// --mixed first sends every case of the run (800 requests each), so the profile is of a server
// that has seen every kind of failure, as in the full run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CASES } from './http/cases.mjs';
import { hasTaskset, SERVER_CORE, SERVER_NODE_FLAGS } from './http/servers.mjs';

const mixed = process.argv.includes('--mixed');
const [framework = 'express', variant = 'contract', path = '/widgets', method = 'GET', filter = '.'] = process.argv.slice(2).filter((arg) => arg !== '--mixed');
const here = dirname(fileURLToPath(import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'error-contract-profile-'));
const node = [process.execPath, ...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${directory}`, join(here, 'servers', `${framework}.mjs`), variant];
const child = spawn(hasTaskset ? 'taskset' : node[0], hasTaskset ? ['-c', SERVER_CORE, ...node] : node.slice(1), { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
const port = await new Promise((resolve) => child.on('message', (message) => message?.type === 'ready' && resolve(message.port)));
if (mixed) {
  for (const kase of CASES.filter((each) => each.variants.includes(variant))) {
    await new Promise((resolve) => autocannon({ url: `http://127.0.0.1:${port}${kase.request.path}`, method: kase.request.method, headers: kase.request.headers, connections: 10, amount: 800 }, resolve));
  }
}
await new Promise((resolve) => autocannon({ url: `http://127.0.0.1:${port}${path}`, method, headers: { accept: 'application/json' }, connections: 10, duration: 5 }, resolve));
await new Promise((resolve) => {
  child.once('exit', resolve);
  child.kill('SIGINT');
});

const profile = JSON.parse(readFileSync(join(directory, readdirSync(directory)[0]), 'utf8'));
const nodes = new Map(profile.nodes.map((entry) => [entry.id, entry]));
const parents = new Map();
for (const entry of profile.nodes) for (const child of entry.children ?? []) parents.set(child, entry.id);
const inclusive = new Map();
let total = 0;
profile.samples.forEach((id, index) => {
  total += profile.timeDeltas[index];
  const seen = new Set();
  for (let current = id; current !== undefined; current = parents.get(current)) {
    const frame = nodes.get(current).callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*node_modules\//, '').replace(/.*\/(packages|bench)\//, '$1/')}:${frame.lineNumber}`;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + profile.timeDeltas[index]);
  }
});
console.log(`${framework}/${variant} ${method} ${path}: inclusive share of the server's CPU time (profile in ${directory})`);
const pattern = new RegExp(filter);
for (const [name, time] of [...inclusive].filter(([name]) => pattern.test(name)).sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
}
