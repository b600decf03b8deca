// Focused re-measure of one case, for profiling work, with the discipline of run-http.mjs: fresh
// server processes every round, the variants measured in windows taking turns, and the paired
// ratio (contract / each other variant) per round, then its median over rounds.
//   node focus.mjs <framework> <case substring> [rounds=4] [windows=16] [requests per window=2000]
import { CASES, expectedStatus } from './http/cases.mjs';
import { measureChecked } from './http/checks.mjs';
import { pinLoadGenerator, startServer, stopServer } from './http/servers.mjs';

const [framework, caseName, rounds = '4', windows = '16', perWindow = '2000'] = process.argv.slice(2);
const kase = CASES.find((c) => c.name.includes(caseName));
if (!framework || !kase) {
  console.error('usage: node focus.mjs <express|koa|hono> <case substring> [rounds] [windows] [requests per window]');
  process.exit(2);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
pinLoadGenerator();
const others = kase.variants.filter((variant) => variant !== 'contract');
const ratios = Object.fromEntries(others.map((variant) => [variant, []]));
for (let round = 0; round < Number(rounds); round++) {
  const servers = {};
  for (const variant of kase.variants) servers[variant] = await startServer(framework, variant);
  const measure = (variant, requests) => measureChecked(servers[variant], kase.request, { requests, connections: 10 }, expectedStatus(kase, framework, variant), `${framework}/${variant}`);
  for (const variant of kase.variants) await measure(variant, 5000);
  const taken = Object.fromEntries(kase.variants.map((variant) => [variant, []]));
  for (let turn = 0; turn < Number(windows); turn++) {
    for (const variant of turn % 2 ? [...kase.variants].reverse() : kase.variants) taken[variant].push((await measure(variant, Number(perWindow))).cpuUsPerRequest);
  }
  for (const variant of others) ratios[variant].push(median(taken.contract.map((cpu, turn) => cpu / taken[variant][turn])));
  console.log(`round ${round}: ${kase.variants.map((variant) => `${variant} ${median(taken[variant]).toFixed(1)} µs`).join('  ')}  ${others.map((variant) => `contract/${variant} ${ratios[variant].at(-1).toFixed(3)}`).join('  ')}`);
  for (const server of Object.values(servers)) stopServer(server);
}
console.log(`${framework} ${kase.name}: ${others.map((variant) => `contract/${variant} ${median(ratios[variant]).toFixed(3)} (${ratios[variant].map((r) => r.toFixed(3)).join(' ')})`).join('  ')}`);
