// Issue 51: the Grafana dashboard's panel queries (examples/grafana/error-contract.json), run by a
// real Prometheus (Debian's `prometheus`, scripts/install-system-packages.sh) that scrapes the
// Express reference service's endpoint (service-kit's serveMetrics, what METRICS_PORT starts). A
// throwaway server: a temp dir, 127.0.0.1, a free port, a 1 s scrape interval, stopped after.
// `$job` is the scrape job, `$__rate_interval` 1m.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { casesFor, PREFIXES, send } from '@error-contract/conformance';
import { startService } from '@error-contract/example-express/server';
import { serveMetrics } from '@error-contract/service-kit/metrics';
import { expect, it } from 'vitest';
import { POLL_INTERVAL_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { freePort } from '../../../test-support/free-port.js';

const installed = spawnSync('prometheus', ['--version']).status === 0;
if (!installed) console.warn('prometheus is not installed (scripts/install-system-packages.sh): the dashboard queries are not run');

type Result = { metric: Record<string, string>; value: [number, string] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// not installed: skipped here, a failure in CI (which installs it)
it.skipIf(!installed && process.env.CI !== 'true')("the dashboard's panel queries, run by Prometheus against the exporter", async () => {
  const metricsPort = await freePort();
  const promPort = await freePort();
  const endpoint = await serveMetrics(metricsPort, '127.0.0.1');
  const service = await startService({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} });
  const dir = mkdtempSync(join(tmpdir(), 'error-contract-prometheus-'));
  writeFileSync(join(dir, 'prometheus.yml'), `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: error-contract\n    static_configs:\n      - targets: ['127.0.0.1:${metricsPort}']\n`);
  const prometheus = spawn('prometheus', [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => prometheus.once('exit', () => resolve()));
  const query = async (expr: string): Promise<Result[]> => {
    const res = (await (await fetch(`http://127.0.0.1:${promPort}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as { status: string; data: { result: Result[] } };
    expect(res.status, expr).toBe('success');
    return res.data.result;
  };
  /** Polls until `done` holds, bounded. */
  const until = async (done: () => Promise<boolean>, what: string) => {
    for (const started = Date.now(); !(await done().catch(() => false)); await sleep(POLL_INTERVAL_MS * 4)) {
      if (Date.now() - started > PROCESS_WAIT_MS) throw new Error(`${what}: not within ${PROCESS_WAIT_MS} ms`);
    }
  };
  try {
    await until(async () => (await query('up{job="error-contract"}')).some((result) => result.value[1] === '1'), 'the first scrape');
    const failing = PREFIXES.flatMap((prefix) => casesFor(prefix.path)).filter((kase) => kase.status >= 400);
    // three rounds, scrapes apart: each series has samples before and after increases
    for (let round = 0; round < 3; round += 1) {
      for (const kase of failing) await send(service.url, kase.request);
      await sleep(1500);
    }
    const sent = failing.length * 3;
    await until(async () => Number((await query('sum(error_contract_responses_total{job="error-contract"})'))[0]?.value[1]) === sent, 'the last requests scraped');

    const dashboard = JSON.parse(readFileSync(new URL('../../../examples/grafana/error-contract.json', import.meta.url), 'utf8')) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const results: Record<string, Result[]> = {};
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) results[panel.title] = await query(target.expr.replaceAll('$job', 'error-contract').replaceAll('$__rate_interval', '1m'));
    }
    const labels = (title: string, label: string) => new Set(results[title]!.map((result) => result.metric[label] ?? ''));
    const panels = Object.keys(results);
    expect(panels).toHaveLength(4);
    // by code and by status: every code and status sent, nothing else; by route: the templates, and no route for the misses
    const [byCode, byRoute, byStatus, share] = panels;
    expect(labels(byCode!, 'error_type')).toEqual(new Set(failing.map((kase) => kase.code)));
    expect(labels(byStatus!, 'http_response_status_code')).toEqual(new Set(failing.map((kase) => String(kase.status))));
    expect(labels(byRoute!, 'http_route')).toContain('/api/client/v1/widgets/:id');
    expect(labels(byRoute!, 'http_route')).toContain('');
    for (const title of [byCode!, byRoute!, byStatus!]) for (const result of results[title]!) expect(Number(result.value[1])).toBeGreaterThan(0);
    // the 5xx share: Prometheus's rate misses each series' first increment (a series appears with its first count), so near, not equal
    const expected = failing.filter((kase) => kase.status >= 500).length / failing.length;
    const ratio = Number(results[share!]![0]!.value[1]);
    expect(ratio).toBeGreaterThan(expected / 2);
    expect(ratio).toBeLessThan(expected * 2);
    console.log(`${sent} failing requests; panel results:\n${panels.map((title) => `${title}: ${results[title]!.map((result) => `${JSON.stringify(result.metric)} ${Number(result.value[1]).toFixed(4)}`).join(', ')}`).join('\n')}`);
  } finally {
    prometheus.kill('SIGTERM');
    await exited;
    await service.close();
    await endpoint.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, PROCESS_WAIT_MS * 2);
