// The memory section: what the contract keeps after many error responses. Per framework, a bare
// and a contract server (the main servers, with --expose-gc and the harness's 50 ms heap sampling)
// answer a warm-up and then `requests` errors, a 404 / 500 / 400 mix; then their peak RSS, their
// sampled peak heap and their heap after a full GC are compared.
import { JSON_ACCEPT } from './cases.mjs';
import { measureChecked } from './checks.mjs';
import { memory } from './measure.mjs';
import { startServer, stopServer } from './servers.mjs';

export const MEMORY_VARIANTS = ['bare', 'contract'];
const MIX = [
  { method: 'GET', path: '/nothing/here', headers: JSON_ACCEPT },
  { method: 'GET', path: '/fail', headers: JSON_ACCEPT },
  { method: 'GET', path: '/bad', headers: JSON_ACCEPT },
];
const MIX_STATUSES = [404, 500, 400];

async function sample(framework, variant, { requests, warmupRequests, connections }) {
  const server = await startServer(framework, variant, { nodeArgs: ['--expose-gc'], env: { BENCH_MEMORY: '1' } });
  const label = `${framework}/${variant} memory mix`;
  try {
    await measureChecked(server, { mix: MIX }, { requests: warmupRequests, connections }, MIX_STATUSES, `${label} (warm-up)`);
    const before = await memory(server.child, { gc: true, resetPeak: true });
    const window = await measureChecked(server, { mix: MIX }, { requests, connections }, MIX_STATUSES, label);
    const loaded = await memory(server.child);
    const after = await memory(server.child, { gc: true });
    return {
      requests: window.requests,
      statuses: window.statuses,
      gcExposed: after.gc,
      peakRss: after.maxRss,
      peakHeapUsed: loaded.peakHeapUsed,
      heapUsedBefore: before.heapUsed,
      heapUsedAfterGc: after.heapUsed,
      rssAfter: after.rss,
      cpuUsPerRequest: window.cpuUsPerRequest,
    };
  } finally {
    stopServer(server);
  }
}

/** Returns { [framework]: { [variant]: { peakRss, peakHeapUsed, heapUsedBefore, heapUsedAfterGc, ... } } }. */
export async function runMemory({ frameworks, log, ...settings }) {
  const results = {};
  for (const framework of frameworks) {
    results[framework] = {};
    for (const variant of MEMORY_VARIANTS) {
      const figures = await sample(framework, variant, settings);
      results[framework][variant] = figures;
      const mib = (bytes) => (bytes / 1048576).toFixed(1);
      log?.(`${framework.padEnd(8)} memory ${variant.padEnd(9)} after ${figures.requests} errors: peak RSS ${mib(figures.peakRss)} MiB, peak heap ${mib(figures.peakHeapUsed)} MiB, heap after GC ${mib(figures.heapUsedBefore)} -> ${mib(figures.heapUsedAfterGc)} MiB`);
    }
  }
  return results;
}
