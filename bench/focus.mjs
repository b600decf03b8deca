// Focused re-measure of one case, for profiling work: node focus.mjs <framework> <case substring> [rounds] [requests]
import { CASES } from './http/cases.mjs';
import { measure } from './http/measure.mjs';
import { pinLoadGenerator, startServer, stopServer } from './http/servers.mjs';

const [framework, caseName, rounds = '6', requests = '15000'] = process.argv.slice(2);
const kase = CASES.find((c) => c.name.includes(caseName));
pinLoadGenerator();
const servers = {};
for (const variant of kase.variants) servers[variant] = await startServer(framework, variant);
for (const variant of kase.variants) await measure(servers[variant], kase.request, { requests: 5000, connections: 10 });
const samples = Object.fromEntries(kase.variants.map((v) => [v, []]));
for (let round = 0; round < Number(rounds); round++) {
  const order = round % 2 ? [...kase.variants].reverse() : kase.variants;
  for (const variant of order) samples[variant].push((await measure(servers[variant], kase.request, { requests: Number(requests), connections: 10 })).cpuUsPerRequest);
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const variant of kase.variants) console.log(framework, kase.name, variant.padEnd(9), med(samples[variant]).toFixed(1), 'µs/req', samples[variant].map((x) => x.toFixed(1)).join(' '));
for (const s of Object.values(servers)) stopServer(s);
