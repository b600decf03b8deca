// `deno publish --dry-run` of the packages published on JSR (core, hono, client, next, and the
// reason-phrase table core and client import, which npm gets bundled): their sources, each
// package's jsr.json and README, staged in a temp dir as one Deno workspace (a deno.json at the
// repository's root would change how examples/hono runs on Deno). Fails on any slow type. Deno
// comes from npm (packages/client's devDependency).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const jsrPackages = ['http-status', 'core', 'hono', 'client', 'next'];
const deno = join(root, 'packages/client/node_modules/.bin/deno');
if (!existsSync(deno)) {
  console.error(`jsr: no Deno at ${deno} (packages/client's devDependency): run pnpm install`);
  process.exit(1);
}

const stage = mkdtempSync(join(tmpdir(), 'error-contract-jsr-'));
try {
  // every package carries the npm packages' one version (.changeset: one version for all)
  const version = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8')).version;
  for (const name of jsrPackages) {
    const from = join(root, 'packages', name);
    cpSync(join(from, 'src'), join(stage, name, 'src'), { recursive: true });
    for (const file of ['README.md']) if (existsSync(join(from, file))) cpSync(join(from, file), join(stage, name, file));
    cpSync(join(root, 'LICENSE'), join(stage, name, 'LICENSE'));
    const config = JSON.parse(readFileSync(join(from, 'jsr.json'), 'utf8'));
    config.version = version;
    config.imports = Object.fromEntries(Object.entries(config.imports ?? {}).map(([key, value]) => [key, value.replace(/^(jsr:@error-contract\/[^@]+)@.*$/, `$1@^${version}`)]));
    config.publish.include = [...config.publish.include, 'LICENSE'];
    writeFileSync(join(stage, name, 'jsr.json'), JSON.stringify(config, null, 2));
  }
  // sloppy imports: the sources import each other as `./x.js`, as node16 resolution asks; JSR
  // rewrites them to the .ts files when publishing
  writeFileSync(join(stage, 'deno.json'), JSON.stringify({ workspace: jsrPackages.map((name) => `./${name}`), unstable: ['sloppy-imports'] }, null, 2));
  const run = spawnSync(deno, ['publish', '--dry-run', '--allow-dirty'], {
    cwd: stage,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
    timeout: 10 * 60_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  process.stdout.write(output);
  const slow = (output.match(/^error\[/gm) ?? []).length;
  console.log(`jsr: ${jsrPackages.length} packages, dry run ${run.status === 0 ? 'passed' : `failed (${slow} problems)`}`);
  process.exitCode = run.status === 0 ? 0 : 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
