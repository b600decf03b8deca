// Where a contract's error answer spends more than its floor: both servers profiled under the same
// fixed load, each frame's self time divided by the requests served, contract minus floor.
//   node profile-diff.mjs <framework> <case substring> [requests=60000] [rows=30] [--steps=a,b]
// --steps compares the floor with those steps added (servers/<framework>.mjs BENCH_FLOOR_STEPS)
// against the plain floor, instead of the contract against the floor.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CASES } from './http/cases.mjs';
import { contractFloor } from './http/floor.mjs';
import { pinLoadGenerator, startServer } from './http/servers.mjs';

const steps = process.argv.find((arg) => arg.startsWith('--steps='))?.slice('--steps='.length);
const [framework, caseName, requests = '60000', rows = '30'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const kase = CASES.find((c) => c.name.includes(caseName ?? ''));
if (!framework || !kase) {
  console.error('usage: node profile-diff.mjs <framework> <case substring> [requests] [rows]');
  process.exit(2);
}
pinLoadGenerator();
const floor = await contractFloor(framework, kase.request);
const load = (port, amount) => new Promise((resolve) => autocannon({ url: `http://127.0.0.1:${port}${kase.request.path}`, method: kase.request.method, headers: kase.request.headers, connections: 10, amount }, resolve));

async function selfTimes(variant, floorSteps = '') {
  const directory = mkdtempSync(join(tmpdir(), 'error-contract-profile-diff-'));
  const server = await startServer(framework, variant, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${directory}`, '--cpu-prof-interval=100'], env: variant === 'floor' ? { BENCH_FLOOR: floor, BENCH_FLOOR_STEPS: floorSteps } : {} });
  await load(server.port, 20000); // compiled before the profile counts (the warm-up is in it too, subtracted below)
  const warm = process.hrtime.bigint();
  await load(server.port, Number(requests));
  await new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', resolve);
    server.child.kill('SIGINT');
  });
  const profile = JSON.parse(readFileSync(join(directory, readdirSync(directory)[0]), 'utf8'));
  const nodes = new Map(profile.nodes.map((entry) => [entry.id, entry]));
  const self = new Map();
  // only samples after the warm-up: the profile's clock starts at startTime (µs)
  let at = profile.startTime;
  const from = profile.endTime - Number(process.hrtime.bigint() - warm) / 1000;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    if (at < from) return;
    const frame = nodes.get(id).callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*node_modules\//, '').replace(/.*\/(packages|bench)\//, '$1/')}:${frame.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + profile.timeDeltas[index] / Number(requests));
  });
  self.delete('(idle) :-1');
  return self;
}

const contract = steps === undefined ? await selfTimes('contract') : await selfTimes('floor', steps);
const floorTimes = await selfTimes('floor');
const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);
console.log(`${framework} ${kase.name}: busy µs per request, contract ${sum(contract).toFixed(2)}, floor ${sum(floorTimes).toFixed(2)}`);
const names = new Set([...contract.keys(), ...floorTimes.keys()]);
const diff = [...names].map((name) => [name, (contract.get(name) ?? 0) - (floorTimes.get(name) ?? 0), contract.get(name) ?? 0]);
diff.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
for (const [name, delta, own] of diff.slice(0, Number(rows))) console.log(`${delta >= 0 ? '+' : ''}${delta.toFixed(3).padStart(7)} µs  (${own.toFixed(3)})  ${name}`);
const ours = [...contract].filter(([name]) => name.includes('packages/')).reduce((a, [, t]) => a + t, 0);
console.log(`the contract's own frames: ${ours.toFixed(2)} µs per request`);
