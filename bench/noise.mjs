// A/A: identical servers of one variant, measured in windows taking turns as every bench run
// measures its variants; the paired ratios of servers 2..N to server 1 are what the method reads
// where there is no difference. BENCH_NODE_FLAGS='' runs them without servers.mjs's default flags.
//   node noise.mjs <framework> <variant> <case substring> [servers=6] [rounds=2] [windows=12] [requests per window=2000]
import { CASES, expectedStatus } from './http/cases.mjs';
import { measureChecked } from './http/checks.mjs';
import { contractFloor } from './http/floor.mjs';
import { pinLoadGenerator, SERVER_NODE_FLAGS, startServer, stopServer } from './http/servers.mjs';

const [framework, variant, caseName, count = '6', rounds = '2', windows = '12', perWindow = '2000'] = process.argv.slice(2);
const kase = CASES.find((c) => c.name.includes(caseName ?? ''));
if (!framework || !variant || !kase) {
  console.error('usage: node noise.mjs <framework> <variant|floor> <case substring> [servers] [rounds] [windows] [requests per window]');
  process.exit(2);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
pinLoadGenerator();

const env = variant === 'floor' ? { BENCH_FLOOR: await contractFloor(framework, kase.request) } : {};
const expected = expectedStatus(kase, framework, variant === 'floor' ? 'contract' : variant);
const ratios = [];
for (let round = 0; round < Number(rounds); round++) {
  const servers = [];
  for (let index = 0; index < Number(count); index++) servers.push(await startServer(framework, variant, { env }));
  const measure = (server, requests) => measureChecked(server, kase.request, { requests, connections: 10 }, expected, `${framework}/${variant}`);
  for (const server of servers) await measure(server, 5000);
  const taken = servers.map(() => []);
  const order = [...servers.keys()];
  for (let turn = 0; turn < Number(windows); turn++) {
    for (const index of turn % 2 ? [...order].reverse() : order) taken[index].push((await measure(servers[index], Number(perWindow))).cpuUsPerRequest);
  }
  const paired = taken.slice(1).map((cpu) => median(cpu.map((value, turn) => value / taken[0][turn])));
  ratios.push(...paired);
  console.log(`round ${round}: medians ${taken.map((cpu) => median(cpu).toFixed(1)).join(' ')} µs; paired to the first ${paired.map((ratio) => ratio.toFixed(3)).join(' ')}`);
  for (const server of servers) stopServer(server);
}
console.log(`${framework}/${variant} ${kase.name}, node ${SERVER_NODE_FLAGS.join(' ') || '(no flags)'}: A/A paired ratios ${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)}`);
