// `pnpm api:check` / `pnpm api:update`: the public surface of every published package, as API
// Extractor reads it from the built declarations (it builds nothing: run `pnpm build` first),
// against the report checked in beside the package (packages/<name>/etc/<name>[.<entry>].api.md, one
// per entry point of its `exports`, each configured by packages/<name>/api-extractor[.<entry>].json,
// which extends the root api-extractor.base.json).
// --check (CI) fails, naming the package and printing the difference, when the surface changed and
// the report was not updated in the same commit; --update rewrites the reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const update = process.argv.includes('--update');
if (!update && !process.argv.includes('--check')) {
  console.error('usage: node scripts/api-report.mjs --check | --update');
  process.exit(2);
}

/** Each published package's entry points (`.` and its subpaths) and the config that reports on each. */
function entryPoints() {
  const entries = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const directory = join(root, 'packages', folder);
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
    if (manifest.private === true) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (target?.import?.types === undefined && target?.types === undefined) continue;
      const entry = subpath === '.' ? '' : `.${subpath.slice(2).replaceAll('/', '-')}`;
      entries.push({ folder, name: manifest.name, subpath, config: join(directory, `api-extractor${entry}.json`) });
    }
  }
  return entries;
}

/** The report's exported names: its top-level `export` declarations (`export declare namespace` counts once). */
function exportCount(reportPath) {
  return (readFileSync(reportPath, 'utf8').match(/^export /gm) ?? []).length;
}

const failures = [];
for (const entry of entryPoints()) {
  const label = `${entry.name}${entry.subpath === '.' ? '' : entry.subpath.slice(1)}`;
  if (!existsSync(entry.config)) {
    failures.push(`${label}: no API Extractor config; add ${relative(root, entry.config)} (see packages/testing/api-extractor.vitest.json)`);
    continue;
  }
  const config = ExtractorConfig.loadFileAndPrepare(entry.config);
  const findings = [];
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message) => {
      // keep the console to the verdict: warnings are findings the report itself records
      if (message.logLevel === 'error' || message.logLevel === 'warning') findings.push(`  ${message.logLevel} ${message.messageId}: ${message.text}`);
      message.handled = true;
    },
  });
  const reportPath = relative(root, config.reportFilePath);
  if (result.errorCount > 0) {
    failures.push(`${label}: API Extractor failed with ${result.errorCount} error(s)\n${findings.join('\n')}`);
  } else if (result.apiReportChanged && !update) {
    const diff = spawnSync('diff', ['-u', config.reportFilePath, config.reportTempFilePath], { encoding: 'utf8' });
    failures.push(`${label}: the public API changed but ${reportPath} was not updated.\n` +
      `Run \`npx -y pnpm@10 api:update\` and commit the report with the change:\n${diff.stdout || '(the report is missing)'}`);
  } else {
    console.log(`${label}: ${exportCount(config.reportFilePath)} exports (${reportPath})${findings.length ? `, ${findings.length} API Extractor warning(s): API_REPORT_VERBOSE=1 lists them` : ''}`);
    if (process.env.API_REPORT_VERBOSE) for (const finding of findings) console.log(finding);
  }
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`\n${failure}`);
  console.error(`\napi:${update ? 'update' : 'check'}: ${failures.length} entry point(s) failed.`);
  process.exit(1);
}
console.log(update ? 'api:update: the reports are written.' : 'api:check: every public API matches its report.');
