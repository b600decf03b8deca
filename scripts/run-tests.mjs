// Runs every test and ends with the plain totals line CI reads: `N passed, N failed, N skipped`.
// A run that executes no test fails.
//
// Two vitest runs go side by side (vitest.config.ts, TEST_GROUPS): the packages' in-process tests
// under coverage, with vitest's own worker count (one on two cores), and the examples, suites and
// site tests, which mostly wait on the servers, builds and browsers they start, with more workers
// than cores. In one run both shared one worker on a two-core machine, each waiting file holding
// up every other (docs/contributing.md, "Where the test time goes").
//
// `--quick` runs only the in-process group (the edit-run loop). Other arguments go to both runs
// (a file filter, `-t name`), without coverage; a group that the filter leaves empty passes.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const forwarded = args.filter((arg) => arg !== '--quick');
// the waiting group's files at once: each mostly waits on a child process, so more than the cores
const processWorkers = Number(process.env.TEST_PROCESS_WORKERS ?? 3);

// coverage and its threshold judge a whole run, not the few files a filter picks
const coverage = forwarded.length === 0 ? ['--coverage'] : [];
const groups = [
  { name: 'in-process', extra: coverage },
  ...(quick ? [] : [{ name: 'processes', extra: [`--maxWorkers=${processWorkers}`] }]),
];
const width = Math.max(...groups.map((group) => group.name.length));

/** One vitest run of a group, its lines prefixed with the group's name; resolves to its exit code. */
function runGroup(group) {
  const results = join(root, `.vitest-results.${group.name}.json`);
  const timings = join(root, `.vitest-timings.${group.name}.json`);
  rmSync(results, { force: true });
  rmSync(timings, { force: true });
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [vitest, 'run', ...group.extra, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, '--reporter=./scripts/test-timings-reporter.mjs', ...forwarded],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TEST_GROUP: group.name, TEST_TIMINGS_FILE: timings, FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1') },
    },
  );
  const prefix = `${group.name.padEnd(width)} │ `;
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      if (lines.length > 0) out.write(lines.map((line) => prefix + line).join('\n') + '\n');
    });
    stream.on('end', () => pending && out.write(prefix + pending + '\n'));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ ...group, code: code ?? 1, seconds: (Date.now() - started) / 1000, results, timings }));
  });
}

const runs = await Promise.all(groups.map(runGroup));

let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const run of runs) {
  if (existsSync(run.results)) {
    const report = JSON.parse(readFileSync(run.results, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (existsSync(run.timings)) rows.push(...JSON.parse(readFileSync(run.timings, 'utf8')));
}

// where the time went: each run's wall time, the projects and the files that took longest
console.log('\nwhere the time went:');
for (const run of runs) console.log(`  ${run.name.padEnd(width)}  ${run.seconds.toFixed(0)} s (exit ${run.code})`);
const byProject = new Map();
for (const row of rows) byProject.set(row.project, (byProject.get(row.project) ?? 0) + row.seconds);
const projects = [...byProject].sort((a, b) => b[1] - a[1]).slice(0, 8);
console.log(`  slowest projects (seconds in their files): ${projects.map(([name, seconds]) => `${name} ${seconds.toFixed(0)}`).join(', ')}`);
console.log(`  slowest files: ${rows.slice().sort((a, b) => b.seconds - a.seconds).slice(0, 8).map((row) => `${row.file} ${row.seconds.toFixed(0)}`).join(', ')}`);

const total = passed + failed + skipped;
if (total === 0) console.error('No test was executed: that is a failure.');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
const exitCode = runs.find((run) => run.code !== 0)?.code;
process.exit(exitCode !== undefined ? exitCode : total === 0 || failed > 0 ? 1 : 0);
