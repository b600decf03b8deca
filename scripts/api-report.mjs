// `pnpm api:check` / `pnpm api:update`: the public surface of every published package, as API
// Extractor reads it from the built declarations (run `pnpm build` first), against the report
// checked in beside the package (packages/<name>/etc/<name>[.<entry>].api.md, one per entry point of
// its `exports`). --check (CI) fails, naming the package and printing the difference, when the
// surface changed and the report was not updated in the same commit; --update rewrites the reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const update = process.argv.includes('--update');
if (!update && !process.argv.includes('--check')) {
  console.error('usage: node scripts/api-report.mjs --check | --update');
  process.exit(2);
}

/** Each published package's entry points: `.` and its subpaths, by the declarations `import` resolves to. */
function entryPoints() {
  const entries = [];
  for (const folder of readdirSync(join(root, 'packages'))) {
    const directory = join(root, 'packages', folder);
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
    if (manifest.private === true) continue;
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const types = target?.import?.types ?? target?.types;
      if (types === undefined) continue;
      const unscoped = manifest.name.split('/')[1];
      const name = subpath === '.' ? unscoped : `${unscoped}.${subpath.slice(2).replaceAll('/', '-')}`;
      entries.push({ folder, directory, manifest, subpath, types: join(directory, types), name });
    }
  }
  return entries;
}

let changed = 0;
for (const entry of entryPoints()) {
  const reportFolder = join(entry.directory, 'etc');
  mkdirSync(reportFolder, { recursive: true });
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: entry.directory,
      mainEntryPointFilePath: entry.types,
      bundledPackages: [],
      compiler: { overrideTsconfig: { compilerOptions: { strict: true, skipLibCheck: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023', 'dom'], types: ['node'] }, include: [entry.types] } },
      apiReport: { enabled: true, reportFileName: `${entry.name}.api.md`, reportFolder, reportTempFolder: join(root, 'node_modules', '.cache', 'api-extractor', entry.folder) },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // release tags (@public, @beta) are not how these packages mark their surface
        // (members without TSDoc are marked `(undocumented)` in the report itself)
        extractorMessageReporting: { default: { logLevel: 'warning' }, 'ae-missing-release-tag': { logLevel: 'none' }, 'ae-undocumented': { logLevel: 'none' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
        compilerMessageReporting: { default: { logLevel: 'warning' } },
      },
    },
    configObjectFullPath: join(entry.directory, 'api-extractor.json'),
    packageJsonFullPath: join(entry.directory, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false, messageCallback: (message) => {
    // the report itself lists what it finds (forgotten exports as `ae-forgotten-export` notes); keep the console to the verdict
    if (process.env.API_REPORT_VERBOSE) console.error(`${message.logLevel} ${message.messageId}: ${message.text}`);
    message.handled = message.logLevel !== 'error';
  } });
  // warnings (an unresolved {@link}) are findings of the report, not failures; errors and a changed surface are
  if (result.errorCount > 0) {
    console.error(`${entry.manifest.name} (${entry.subpath}): API Extractor failed with ${result.errorCount} errors`);
    process.exitCode = 1;
  } else if (result.apiReportChanged && !update) {
    changed += 1;
    console.error(`${entry.manifest.name} (${entry.subpath}): the public API changed; run \`npx -y pnpm@10 api:update\` and commit packages/${entry.folder}/etc/${entry.name}.api.md`);
    const diff = spawnSync('diff', ['-u', config.reportFilePath, config.reportTempFilePath], { encoding: 'utf8' });
    console.error(diff.stdout);
  }
}
if (changed > 0) process.exitCode = 1;
else if (process.exitCode !== 1) console.log(update ? 'api:update: the reports are written.' : 'api:check: every public API matches its report.');
