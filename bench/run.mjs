// `pnpm bench [--quick]`: micro benchmarks of core; HTTP CPU time, throughput and latency of
// Express, Koa, Hono, Fastify, Nest (on platform-express and platform-fastify), h3, Nitro and Elysia (on
// Bun) with and without the contract; the scale curves (routes, Accept length, field errors, catalog size) of the same
// six; the peers side by side; memory after many errors. Writes
// bench/results.json and prints the Markdown report; a full run also writes BENCHMARKS.md and
// bench/scale.svg. Every measured window is checked for the status it must answer: any failure
// (or a server that does not start, or anything thrown) ends the run non-zero.
// Bounded: the estimate is printed first (about 24 minutes full on 2 cores); --quick, for
// CI, checks everything with small counts in about two minutes; it writes results.json
// only (its counts are too small for figures), never BENCHMARKS.md or the chart.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, platform, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { estimate } from './estimate.mjs';
import { FRAMEWORKS, SCALE_FRAMEWORKS } from './http/cases.mjs';
import { checkFailures } from './http/checks.mjs';
import { runHttp } from './http/run-http.mjs';
import { runMemory } from './http/run-memory.mjs';
import { runPeers } from './http/run-peers.mjs';
import { runScale } from './http/run-scale.mjs';
import { hasTaskset, pinLoadGenerator } from './http/servers.mjs';
import { runMicro } from './micro/core.mjs';
import { scaleSvg } from './report/chart.mjs';
import { evaluateTargets, markdown } from './report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const connections = 10;
// --quick is a smoke test: every server, case and probe once, with counts too small for timings.
const settings = quick
  ? {
      rounds: 1,
      requests: 600,
      alternations: 2,
      primeRequests: 300,
      warmupRequests: 0,
      connections,
      scale: { rounds: 1, requests: 150, primeRequests: 0, warmupRequests: 0, connections },
      peers: { rounds: 1, requests: 200, primeRequests: 0, warmupRequests: 0, connections },
      // six frameworks' servers: 5,000 errors each is enough to see one fail or leak grossly
      memory: { requests: 5000, warmupRequests: 1000, connections },
    }
  : {
      rounds: 5,
      requests: 7200,
      alternations: 6,
      primeRequests: 800,
      warmupRequests: 300,
      connections,
      scale: { rounds: 3, requests: 2000, primeRequests: 300, warmupRequests: 200, connections },
      peers: { rounds: 3, requests: 3000, primeRequests: 500, warmupRequests: 200, connections },
      memory: { requests: 100_000, warmupRequests: 5000, connections },
    };

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

/** A package's version read from its package.json (for packages with no entry to resolve, as `bun`). */
function manifestVersionOf(name) {
  try {
    return JSON.parse(readFileSync(createRequire(join(here, 'package.json')).resolve(`${name}/package.json`), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

const started = Date.now();
const mark = quick ? 'bench --quick' : 'bench';
pinLoadGenerator();
const log = (line) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const planned = estimate(settings, { quick });
const total = Object.values(planned).reduce((sum, value) => sum + value, 0);
log(`${quick ? 'quick' : 'full'} run, estimated ${Math.round(total / 6) / 10} min (${Object.entries(planned).map(([key, value]) => `${key} ${value} s`).join(', ')})`);

const sections = {};
async function section(name, title, run) {
  const begun = Date.now();
  log(title);
  const result = await run();
  sections[name] = Math.round((Date.now() - begun) / 1000);
  log(`${title}: ${sections[name]} s (estimated ${planned[name]} s)`);
  return result;
}

try {
  const micro = await section('micro', 'micro benchmarks of core', () => runMicro({ quick }));
  const http = await section('http', 'HTTP benchmarks', () => runHttp({ ...settings, log }));
  const scale = await section('scale', 'scale curves', () => runScale({ frameworks: SCALE_FRAMEWORKS, ...settings.scale, log }));
  const peers = await section('peers', 'peers', () => runPeers({ frameworks: FRAMEWORKS, ...settings.peers, log }));
  const memory = await section('memory', `memory after ${settings.memory.requests} errors`, () => runMemory({ frameworks: FRAMEWORKS, ...settings.memory, log }));

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
      h3: versionOf('h3'),
      nitro: versionOf('nitro'),
      elysia: versionOf('elysia'),
      bun: manifestVersionOf('bun'),
      fastify: versionOf('fastify'),
      '@fastify/sensible': versionOf('@fastify/sensible'),
      '@nestjs/core': versionOf('@nestjs/core'),
      '@nestjs/platform-express': versionOf('@nestjs/platform-express'),
      '@nestjs/platform-fastify': versionOf('@nestjs/platform-fastify'),
      '@hono/node-server': versionOf('@hono/node-server'),
      '@koa/router': versionOf('@koa/router'),
      autocannon: versionOf('autocannon'),
      tinybench: versionOf('tinybench'),
      zod: versionOf('zod'),
      '@hapi/boom': versionOf('@hapi/boom'),
      'express-http-problem-details': versionOf('express-http-problem-details'),
    },
    micro,
    http,
    scale,
    peers,
    memory,
  };
  results.targets = evaluateTargets(results);
  results.seconds = Math.round((Date.now() - started) / 1000);
  results.sectionSeconds = sections;
  const failures = checkFailures();
  results.failures = failures;

  writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  // Only a full run without failures writes the report and its chart: a --quick run's counts are
  // too small for figures, and a case that answered the wrong status measured the wrong thing.
  const write = !quick && failures.length === 0;
  if (write) writeFileSync(join(here, 'scale.svg'), scaleSvg(results.scale, { date: results.date }));
  const table = markdown(results, { chart: write ? 'bench/scale.svg' : undefined });
  console.log(table);
  if (write) {
    // The profile findings are written by hand in bench/findings.md and kept with every table.
    const findings = readFileSync(join(here, 'findings.md'), 'utf8');
    writeFileSync(
      join(here, '..', 'BENCHMARKS.md'),
      `# Benchmarks\n\nWritten by \`pnpm bench\` (full run, ${results.seconds} s: ${Object.entries(sections).map(([key, value]) => `${key} ${value} s`).join(', ')}). Raw figures: \`bench/results.json\`. How it measures: \`bench/\` (servers/, http/, micro/, report/).\n\n${table}\n\n${findings}`,
    );
  }
  log(`done in ${results.seconds} s (estimated ${total} s); ${results.targets.filter((check) => check.pass).length} of ${results.targets.length} targets met`);
  if (failures.length > 0) {
    for (const failure of failures) console.error(`  failed: ${failure}`);
    console.error(`${mark}: FAILED (${failures.length} check${failures.length === 1 ? '' : 's'})${quick ? '' : '; BENCHMARKS.md not written'}`);
    process.exit(1);
  }
  console.error(`${mark}: ok`);
  process.exit(0);
} catch (error) {
  console.error(error);
  for (const failure of checkFailures()) console.error(`  failed: ${failure}`);
  console.error(`${mark}: FAILED (${error?.message ?? error})`);
  process.exit(1);
}
