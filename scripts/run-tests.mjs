// Runs every test once through vitest and ends with the plain totals line CI reads:
// `N passed, N failed, N skipped`. A run that executes no test fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.vitest-results.json');
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

rmSync(results, { force: true });
const run = spawnSync(
  process.execPath,
  [vitest, 'run', '--coverage', '--reporter=default', '--reporter=json', `--outputFile=${results}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
const total = passed + failed + skipped;
if (total === 0) console.error('No test was executed: that is a failure.');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status !== 0 ? (run.status ?? 1) : total === 0 || failed > 0 ? 1 : 0);
