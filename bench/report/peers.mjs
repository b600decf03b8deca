// The "Peers" section: per framework, the contract and what users pick instead, case by case.
import { FRAMEWORKS } from '../http/cases.mjs';
import { PEER_CASES, PEERS_NOT_FOUND } from '../http/peer-cases.mjs';
import { cpuOf, fixed, ratio } from './format.mjs';

function cell(figure, probe) {
  // Not measured: the peer has no answer of its own for this case; say what it sends instead.
  if (!figure) return probe ? `— (answers ${probe.status})` : '—';
  return `${fixed(cpuOf(figure), 1)} µs, p99 ${fixed(figure.p99?.median, 1)} ms`;
}

export function peersMarkdown(results) {
  const peers = results.peers;
  if (!peers) return [];
  const s = results.settings.peers;
  const lines = ['', '### Peers', ''];
  lines.push(
    `The contract and the error handling users pick instead, on the same routes and cases as the tables above, in the same run: CPU µs per request (median over ${s.rounds} round${s.rounds === 1 ? '' : 's'} of fresh processes; ${s.primeRequests} requests to prime, ${s.warmupRequests} to warm up, ${s.requests} measured) and p99 latency. ` +
      'A peer is measured only on the cases it answers itself (every window is checked for the expected status); "— (answers N)" is what it sends instead, from one probe request. ' +
      '"500 shows the message" means the 500 body carried the thrown error\'s message ("connection to db-7 failed"). The last column compares each peer\'s CPU with the contract\'s over the cases both answer (geometric mean of the per-case ratios).',
  );
  for (const framework of FRAMEWORKS) {
    const figures = peers[framework];
    if (!figures) continue;
    lines.push('', `#### ${framework}: peers`, '');
    lines.push(`| peer | 400 thrown as | ${PEER_CASES.map((kase) => kase.name).join(' | ')} | 404 body | 500 shows the message | CPU vs contract |`);
    lines.push(`|---|---|${PEER_CASES.map(() => '---').join('|')}|---|---|---|`);
    for (const peer of figures.peers) {
      const probes = figures.probes?.[peer.key] ?? {};
      const cells = PEER_CASES.map((kase) => cell(figures.cases[kase.key]?.[peer.key], probes[kase.key]));
      const shared = PEER_CASES.map((kase) => ratio(cpuOf(figures.cases[kase.key]?.[peer.key]), cpuOf(figures.cases[kase.key]?.contract))).filter((value) => value !== null);
      const geomean = shared.length ? Math.exp(shared.reduce((sum, value) => sum + Math.log(value), 0) / shared.length) : null;
      const vs = peer.key === 'contract' ? '' : `${fixed(geomean)}×`;
      lines.push(`| ${peer.label} | ${peer.thrown400} | ${cells.join(' | ')} | ${probes['404']?.contentType ?? '?'} | ${probes['500'] ? (probes['500'].leaks ? '**yes**' : 'no') : '?'} | ${vs} |`);
    }
    const missing = PEERS_NOT_FOUND[framework];
    if (missing) lines.push('', `Not measured: ${missing.join(', ')}.`);
  }
  return lines;
}
