// `pnpm bench [--quick]`: micro benchmarks of core, then HTTP throughput of the three frameworks
// with and without the contract. Writes bench/results.json and prints a Markdown table; a full run
// also writes BENCHMARKS.md. Bounded: about 5 to 6 minutes full, about a minute with --quick.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, platform, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHttp } from './http/run-http.mjs';
import { hasTaskset, pinLoadGenerator } from './http/servers.mjs';
import { runMicro } from './micro/core.mjs';
import { evaluateTargets, markdown } from './report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const settings = quick
  ? { rounds: 2, requests: 2000, primeRequests: 1500, warmupRequests: 300, connections: 10 }
  : { rounds: 5, requests: 8000, primeRequests: 3000, warmupRequests: 500, connections: 10 };

/** A dependency's version, also for packages whose `exports` hide their package.json. */
function versionOf(name) {
  try {
    let directory = dirname(createRequire(join(here, 'package.json')).resolve(name));
    while (directory !== dirname(directory)) {
      const manifest = join(directory, 'package.json');
      if (existsSync(manifest)) {
        const { name: found, version } = JSON.parse(readFileSync(manifest, 'utf8'));
        if (found === name) return version;
      }
      directory = dirname(directory);
    }
  } catch {
    // fall through
  }
  return 'unknown';
}

const started = Date.now();
pinLoadGenerator();
const log = (line) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

log('micro benchmarks of core');
const micro = await runMicro({ quick });
log('HTTP benchmarks');
const http = await runHttp({ ...settings, log });

const results = {
  date: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  settings,
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), platform: `${platform()} ${release()}`, pinned: hasTaskset },
  versions: {
    node: process.versions.node,
    express: versionOf('express'),
    koa: versionOf('koa'),
    hono: versionOf('hono'),
    '@hono/node-server': versionOf('@hono/node-server'),
    autocannon: versionOf('autocannon'),
    tinybench: versionOf('tinybench'),
  },
  micro,
  http,
};
results.targets = evaluateTargets(results);
results.seconds = Math.round((Date.now() - started) / 1000);

writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
const table = markdown(results);
console.log(table);
if (!quick) {
  // The profile findings are written by hand in bench/findings.md and kept with every table.
  const findings = readFileSync(join(here, 'findings.md'), 'utf8');
  writeFileSync(
    join(here, '..', 'BENCHMARKS.md'),
    `# Benchmarks\n\nWritten by \`pnpm bench\` (full run, ${results.seconds} s). Raw figures: \`bench/results.json\`. How it measures: \`bench/\` (servers/, http/, micro/).\n\n${table}\n\n${findings}`,
  );
}
log(`done in ${results.seconds} s; ${results.targets.filter((check) => check.pass).length} of ${results.targets.length} targets met`);
