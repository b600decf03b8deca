// Focused re-measure of one case, for profiling work, with the discipline of run-http.mjs: fresh
// server processes every round, the variants measured in windows taking turns, and the paired
// ratio (contract / each other variant) per round, then its median over rounds.
//   node focus.mjs <framework> <case substring> [rounds=4] [windows=16] [requests per window=2000] [--floor] [--mixed]
// --floor adds the `floor` variant: a server of the same framework that answers with the
// contract's exact response to this case (captured first), written where the contract answers
// and deciding nothing. contract / floor is then what the contract's decisions cost, and
// floor / bare what the spec's bytes cost over the framework's default.
// --mixed primes each process on every case first, as the full run does (a server that has seen
// every kind of failure, not only this one).
import { CASES, expectedStatus } from './http/cases.mjs';
import { measureChecked } from './http/checks.mjs';
import { contractFloor } from './http/floor.mjs';
import { pinLoadGenerator, startServer, stopServer } from './http/servers.mjs';

const args = process.argv.slice(2);
const withFloor = args.includes('--floor');
const mixed = args.includes('--mixed');
const [framework, caseName, rounds = '4', windows = '16', perWindow = '2000'] = args.filter((arg) => !arg.startsWith('--'));
const kase = CASES.find((c) => c.name.includes(caseName));
if (!framework || !kase) {
  console.error('usage: node focus.mjs <express|koa|hono|fastify|nest-express|nest-fastify> <case substring> [rounds] [windows] [requests per window] [--floor] [--mixed]');
  process.exit(2);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
pinLoadGenerator();

const floorEnv = withFloor ? { BENCH_FLOOR: await contractFloor(framework, kase.request) } : undefined;
const variants = withFloor ? [...kase.variants, 'floor'] : kase.variants;
const expected = (variant) => expectedStatus(kase, framework, variant === 'floor' ? 'contract' : variant);
const others = variants.filter((variant) => variant !== 'contract');
const ratios = Object.fromEntries(others.map((variant) => [variant, []]));
const floorOverBare = [];
for (let round = 0; round < Number(rounds); round++) {
  const servers = {};
  for (const variant of variants) servers[variant] = await startServer(framework, variant, variant === 'floor' ? { env: floorEnv } : {});
  const measure = (variant, requests) => measureChecked(servers[variant], kase.request, { requests, connections: 10 }, expected(variant), `${framework}/${variant}`);
  if (mixed) {
    for (const other of CASES) {
      for (const variant of variants.filter((each) => other.variants.includes(each === 'floor' ? 'contract' : each))) {
        if (variant === 'floor' && other !== kase) continue; // the floor server answers this case only
        await measureChecked(servers[variant], other.request, { requests: 800, connections: 10 }, expectedStatus(other, framework, variant), `${framework}/${variant}`);
      }
    }
  }
  for (const variant of variants) await measure(variant, 5000);
  const taken = Object.fromEntries(variants.map((variant) => [variant, []]));
  for (let turn = 0; turn < Number(windows); turn++) {
    for (const variant of turn % 2 ? [...variants].reverse() : variants) taken[variant].push((await measure(variant, Number(perWindow))).cpuUsPerRequest);
  }
  for (const variant of others) ratios[variant].push(median(taken.contract.map((cpu, turn) => cpu / taken[variant][turn])));
  if (withFloor) floorOverBare.push(median(taken.floor.map((cpu, turn) => cpu / taken.bare[turn])));
  console.log(`round ${round}: ${variants.map((variant) => `${variant} ${median(taken[variant]).toFixed(1)} µs`).join('  ')}  ${others.map((variant) => `contract/${variant} ${ratios[variant].at(-1).toFixed(3)}`).join('  ')}`);
  for (const server of Object.values(servers)) stopServer(server);
}
console.log(`${framework} ${kase.name}: ${others.map((variant) => `contract/${variant} ${median(ratios[variant]).toFixed(3)} (${ratios[variant].map((r) => r.toFixed(3)).join(' ')})`).join('  ')}`);
if (withFloor) console.log(`${framework} ${kase.name}: floor/bare ${median(floorOverBare).toFixed(3)} (${floorOverBare.map((r) => r.toFixed(3)).join(' ')})`);
