import { CASES, FRAMEWORKS, VARIANTS } from './cases.mjs';
import { measure } from './measure.mjs';
import { startServer, stopServer } from './servers.mjs';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summarise(samples, key) {
  const values = samples.map((sample) => sample[key]).filter((value) => typeof value === 'number');
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * For each framework: one process per variant; for each case, `rounds` rounds in which the
 * variants run one after the other (order reversed every other round), so drift cancels out.
 */
export async function runHttp({ rounds, requests, warmupRequests, connections, log }) {
  const results = {};
  for (const framework of FRAMEWORKS) {
    const servers = {};
    for (const variant of VARIANTS) servers[variant] = await startServer(framework, variant);
    try {
      results[framework] = {};
      for (const kase of CASES) {
        for (const variant of kase.variants) await measure(servers[variant], kase.request, { requests: warmupRequests, connections });
        const samples = Object.fromEntries(kase.variants.map((variant) => [variant, []]));
        for (let round = 0; round < rounds; round++) {
          const order = round % 2 === 0 ? kase.variants : [...kase.variants].reverse();
          for (const variant of order) samples[variant].push(await measure(servers[variant], kase.request, { requests, connections }));
        }
        const summary = {};
        for (const variant of kase.variants) {
          const last = samples[variant].at(-1);
          summary[variant] = {
            cpuUsPerRequest: summarise(samples[variant], 'cpuUsPerRequest'),
            requestsPerSecond: summarise(samples[variant], 'requestsPerSecond'),
            p50: summarise(samples[variant], 'p50'),
            p99: summarise(samples[variant], 'p99'),
            statuses: last.statuses,
            errors: samples[variant].reduce((sum, sample) => sum + sample.errors, 0),
            samples: samples[variant].map(({ cpuUsPerRequest, requestsPerSecond, p50, p99, requests }) => ({ cpuUsPerRequest, requestsPerSecond, p50, p99, requests })),
          };
        }
        results[framework][kase.name] = summary;
        log?.(`${framework.padEnd(8)} ${kase.name.padEnd(24)} ${kase.variants.map((v) => `${v} ${summary[v].cpuUsPerRequest.median.toFixed(1)} µs/req`).join('  ')}`);
      }
      for (const variant of VARIANTS) {
        const { maxRss } = await measure(servers[variant], CASES[0].request, { requests: 10, connections: 1 });
        results[framework][`peak RSS (${variant})`] = maxRss;
      }
    } finally {
      for (const server of Object.values(servers)) stopServer(server);
    }
  }
  return results;
}
