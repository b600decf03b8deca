// What each step the contract adds on top of writing its bytes costs inside a framework: the floor
// server (the contract's exact answer, written where the contract answers, deciding nothing) is
// run plain, with one step added (BENCH_FLOOR_STEPS, see servers/fastify.mjs), with all of them,
// and beside the contract; each is measured in windows taking turns and reported over the plain
// floor, paired per window, median (min–max) over rounds.
//   node floor-steps.mjs <framework> <case substring> <step,step,...> [rounds=4] [windows=12] [requests per window=2000]
import { CASES, expectedStatus } from './http/cases.mjs';
import { measureChecked } from './http/checks.mjs';
import { contractFloor } from './http/floor.mjs';
import { pinLoadGenerator, startServer, stopServer } from './http/servers.mjs';

const [framework, caseName, stepList, rounds = '4', windows = '12', perWindow = '2000'] = process.argv.slice(2);
const kase = CASES.find((c) => c.name.includes(caseName ?? ''));
if (!framework || !kase || !stepList) {
  console.error('usage: node floor-steps.mjs <framework> <case substring> <step,step,...> [rounds] [windows] [requests per window]');
  process.exit(2);
}
const steps = stepList.split(',');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
pinLoadGenerator();

const floor = await contractFloor(framework, kase.request);

// label -> how its server starts
const variants = new Map([['floor', { variant: 'floor', steps: '' }], ...steps.map((step) => [`+${step}`, { variant: 'floor', steps: step }]), ['+all', { variant: 'floor', steps: stepList }], ['contract', { variant: 'contract' }]]);
const ratios = Object.fromEntries([...variants.keys()].filter((label) => label !== 'floor').map((label) => [label, []]));
for (let round = 0; round < Number(rounds); round++) {
  const servers = {};
  for (const [label, { variant, steps: chosen }] of variants) {
    servers[label] = await startServer(framework, variant, variant === 'floor' ? { env: { BENCH_FLOOR: floor, BENCH_FLOOR_STEPS: chosen } } : {});
  }
  const measure = (label, requests) => measureChecked(servers[label], kase.request, { requests, connections: 10 }, expectedStatus(kase, framework, 'contract'), `${framework}/${label}`);
  for (const label of variants.keys()) await measure(label, 5000);
  const taken = Object.fromEntries([...variants.keys()].map((label) => [label, []]));
  const labels = [...variants.keys()];
  for (let turn = 0; turn < Number(windows); turn++) {
    for (const label of turn % 2 ? [...labels].reverse() : labels) taken[label].push((await measure(label, Number(perWindow))).cpuUsPerRequest);
  }
  for (const label of Object.keys(ratios)) ratios[label].push(median(taken[label].map((cpu, turn) => cpu / taken.floor[turn])));
  console.log(`round ${round}: ${labels.map((label) => `${label} ${median(taken[label]).toFixed(1)} µs`).join('  ')}`);
  for (const server of Object.values(servers)) stopServer(server);
}
const spread = (xs) => `${median(xs).toFixed(3)} (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`;
console.log(`${framework} ${kase.name}, over the floor: ${Object.entries(ratios).map(([label, xs]) => `${label} ${spread(xs)}`).join('  ')}`);
