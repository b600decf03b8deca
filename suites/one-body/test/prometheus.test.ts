// Issue 51: the reference service's Prometheus endpoint (service-kit's serveMetrics, what
// METRICS_PORT turns on) serves `error_contract_responses_total` after failing requests, and the
// Grafana dashboard's panel queries (examples/grafana/error-contract.json) computed from two
// scrapes: what Prometheus would show for `sum by (...) (increase(...))` over the interval.
import { readFileSync } from 'node:fs';
import { casesFor, PREFIXES, send } from '@error-contract/conformance';
import { startService as startExpress } from '@error-contract/example-express/server';
import { serveMetrics } from '@error-contract/service-kit/metrics';
import { expect, it } from 'vitest';
import { freePort } from '../../../test-support/free-port.js';

type Sample = { labels: Record<string, string>; value: number };

/** The samples of `error_contract_responses_total` in Prometheus's text format. */
function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^error_contract_responses_total\{(.*)\} (\S+)/.exec(line);
    if (match === null) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
    found.push({ labels, value: Number(match[2]) });
  }
  return found;
}

/** `sum by (label) (increase(error_contract_responses_total[...]))` between two scrapes. */
function increaseBy(before: Sample[], after: Sample[], label: string): Record<string, number> {
  const key = (sample: Sample) => JSON.stringify(sample.labels);
  const earlier = new Map(before.map((sample) => [key(sample), sample.value]));
  const sums: Record<string, number> = {};
  for (const sample of after) {
    const increase = sample.value - (earlier.get(key(sample)) ?? 0);
    if (increase === 0) continue;
    const group = sample.labels[label] ?? '';
    sums[group] = (sums[group] ?? 0) + increase;
  }
  return sums;
}

it('the Prometheus endpoint serves error_contract_responses_total, and the dashboard queries compute from it', async () => {
  const port = await freePort();
  const endpoint = await serveMetrics(port, '127.0.0.1');
  const service = await startExpress({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} });
  try {
    const scrape = async () => (await fetch(endpoint.url)).text();
    const failing = PREFIXES.flatMap((prefix) => casesFor(prefix.path)).filter((kase) => kase.status >= 400);
    for (const kase of failing.slice(0, 5)) await send(service.url, kase.request);
    const before = samples(await scrape());
    for (const kase of failing) await send(service.url, kase.request);
    const text = await scrape();
    expect(text).toMatch(/# TYPE error_contract_responses_total counter/);
    const after = samples(text);
    const byCode = increaseBy(before, after, 'error_type');
    const byRoute = increaseBy(before, after, 'http_route');
    const byStatus = increaseBy(before, after, 'http_response_status_code');
    const total = Object.values(byCode).reduce((sum, value) => sum + value, 0);
    expect(total).toBe(failing.length);
    const expectedByCode: Record<string, number> = {};
    for (const kase of failing) expectedByCode[kase.code!] = (expectedByCode[kase.code!] ?? 0) + 1;
    expect(byCode).toEqual(expectedByCode);
    const fiveHundreds = Object.entries(byStatus).filter(([status]) => status.startsWith('5')).reduce((sum, [, value]) => sum + value, 0);
    expect(fiveHundreds).toBe(failing.filter((kase) => kase.status >= 500).length);
    // the dashboard's panels are these queries
    const dashboard = JSON.parse(readFileSync(new URL('../../../examples/grafana/error-contract.json', import.meta.url), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)).join('\n');
    for (const label of ['error_type', 'http_route', 'http_response_status_code']) expect(exprs).toContain(`sum by (${label})`);
    expect(exprs).toContain('http_response_status_code=~"5.."');
    console.log(JSON.stringify({ byCode, byRoute, byStatus, fiveHundredRatio: fiveHundreds / total }, null, 2));
  } finally {
    await service.close();
    await endpoint.close();
  }
}, 60_000);
