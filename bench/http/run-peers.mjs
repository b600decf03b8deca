// The peers section: per framework, the contract and its peers on the same cases with runRounds().
import { fail } from './checks.mjs';
import { send } from './request.mjs';
import { PEER_CASES, PEERS, peerPlan, peerSlotId } from './peer-cases.mjs';
import { runRounds } from './rounds.mjs';

/**
 * One real request per peer and case, measured or not: the status, content type and Allow each
 * answers (what the table shows for the cases a peer does not handle), and whether a 500's body
 * carries the thrown message ("connection to db-7 failed"), which no client should see.
 */
async function probePeers(framework, started, into) {
  for (const each of PEERS[framework]) {
    const server = started[`${framework}/peers/${each.key}`];
    into[each.key] ??= {};
    for (const kase of PEER_CASES) {
      try {
        const { status, headers, body } = await send(server.port, kase.request);
        into[each.key][kase.key] = { status, contentType: headers['content-type']?.split(';')[0] ?? null, allow: headers.allow ?? null, leaks: body.includes('db-7') };
      } catch (error) {
        fail(`${framework}/peers/${each.key} ${kase.name}`, `probe failed: ${error.message}`);
      }
    }
  }
}

/** Returns { [framework]: { peers: [{ key, label, thrown400 }], probes, cases: { [case]: { [peer]: summary } } } }. */
export async function runPeers({ frameworks, log, ...settings }) {
  const results = {};
  for (const framework of frameworks) {
    const probes = {};
    const slots = await runRounds({ ...peerPlan(framework), ...settings, probe: (started) => probePeers(framework, started, probes) });
    const cases = {};
    for (const kase of PEER_CASES) {
      cases[kase.key] = {};
      for (const each of PEERS[framework]) if (each.supports.includes(kase.key)) cases[kase.key][each.key] = slots[peerSlotId(framework, each.key, kase.key)];
      const line = Object.entries(cases[kase.key]).map(([key, summary]) => `${key} ${summary.cpuUsPerRequest.median?.toFixed(1)}`).join('  ');
      log?.(`${framework.padEnd(8)} peers ${kase.name.padEnd(22)} ${line} µs/req`);
    }
    results[framework] = { peers: PEERS[framework].map(({ key, label, thrown400, supports }) => ({ key, label, thrown400, supports })), probes, cases };
  }
  return results;
}
