// The measuring discipline of run-http.mjs, for any list of servers and cases (the scale and peer
// sections): fresh server processes every round (one process differs from the next by up to 20%,
// so medians are taken over processes), every slot primed before anything is measured (no case
// measured while V8 still compiles), then per group a short warm-up and the slots measured back to
// back, their order reversed every other round so that drift cancels out.
import { measureChecked } from './checks.mjs';
import { startScript, stopServer } from './servers.mjs';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function summarise(samples, key) {
  const values = samples.map((sample) => sample[key]).filter((value) => typeof value === 'number');
  return values.length ? { median: median(values), min: Math.min(...values), max: Math.max(...values) } : { median: null, min: null, max: null };
}

/**
 * servers: [{ key, script, args?, nodeArgs? }], started anew each round.
 * groups: [{ slots: [{ id, server (a key), port (index into its ports, default 0), request, expect }] }]:
 *   the slots of one group are compared with each other, so they are measured one after the other.
 * probe(started), when given, runs once per round after the servers start: checks that a status
 *   alone cannot make (bodies, counts).
 * Returns { [slot id]: { cpuUsPerRequest, requestsPerSecond, p50, p99 (each median/min/max), statuses, samples } }.
 */
export async function runRounds({ servers, groups, rounds, requests, primeRequests, warmupRequests, connections, probe }) {
  const samples = {};
  for (const group of groups) for (const slot of group.slots) samples[slot.id] = [];
  for (let round = 0; round < rounds; round++) {
    const started = {};
    try {
      for (const { key, script, args, nodeArgs } of servers) started[key] = await startScript(script, args, { label: key, nodeArgs });
      await probe?.(started);
      const measureSlot = (slot, amount) => {
        const server = started[slot.server];
        const target = { child: server.child, port: server.ports[slot.port ?? 0] };
        return measureChecked(target, slot.request, { requests: amount, connections }, slot.expect, slot.id);
      };
      if (primeRequests > 0) for (const group of groups) for (const slot of group.slots) await measureSlot(slot, primeRequests);
      for (const group of groups) {
        const order = round % 2 === 0 ? group.slots : [...group.slots].reverse();
        if (warmupRequests > 0) for (const slot of order) await measureSlot(slot, warmupRequests);
        for (const slot of order) samples[slot.id].push(await measureSlot(slot, requests));
      }
    } finally {
      for (const server of Object.values(started)) stopServer(server);
    }
  }
  const results = {};
  for (const [id, taken] of Object.entries(samples)) {
    results[id] = {
      cpuUsPerRequest: summarise(taken, 'cpuUsPerRequest'),
      requestsPerSecond: summarise(taken, 'requestsPerSecond'),
      p50: summarise(taken, 'p50'),
      p99: summarise(taken, 'p99'),
      statuses: taken.at(-1)?.statuses ?? {},
      samples: taken.map(({ cpuUsPerRequest, p99, requests: count }) => ({ cpuUsPerRequest, p99, requests: count })),
    };
  }
  return results;
}
