// `npx -y pnpm@10 pack:local [dir]` (scripts/pack-local.mjs, after a build): every published
// package packed into one folder, and the `npm install` line that installs exactly those tarballs;
// and packPublished, which every reader of the tarballs shares, packing again only what changed.
// A private package (@error-contract/http-status, bundled into core and client) is never packed.
// Packing is bounded by the project's hookTimeout (vitest.config.ts), as the consumer project is.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPublished, publishedPackages, tarballFile } from '../../../scripts/published-packages.mjs';
import { runtimeBinary } from '../../../scripts/runtimes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Read here from the manifests, not from the script under test: the folders whose package.json is not private. */
function manifests(): Array<{ name: string; version: string; private?: boolean }> {
  return readdirSync(join(root, 'packages')).map((folder) => JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')));
}

describe('pack:local', () => {
  let dir = '';
  let stdout = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'error-contract-pack-local-'));
    stdout = execFileSync(process.execPath, [join(root, 'scripts/pack-local.mjs'), dir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('http-status is private, and so never packed', () => {
    expect(manifests().find((manifest) => manifest.name === '@error-contract/http-status')?.private).toBe(true);
    expect(readdirSync(dir).filter((file) => file.includes('http-status'))).toEqual([]);
  });

  it('prints one npm install line listing exactly the published packages, each tarball in the folder', () => {
    const published = manifests().filter((manifest) => manifest.private !== true);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([`packed ${published.length} packages into ${dir} (private packages are not packed)`, 'install them in another project with:']);
    const install = lines[2]!;
    expect(install.startsWith('npm install ')).toBe(true);
    const tarballs = install.slice('npm install '.length).split(' ');
    // each tarball's own manifest names the package: exactly the non-private ones, once each
    const packedNames = tarballs.map((tarball) => {
      expect(dirname(tarball)).toBe(dir);
      return (JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { name: string }).name;
    });
    expect(packedNames.sort()).toEqual(published.map((manifest) => manifest.name).sort());
    expect(readdirSync(dir).sort()).toEqual(tarballs.map((tarball) => tarball.slice(dir.length + 1)).sort());
  });
});

describe('pack:local with package names: the line of those and what they need', () => {
  let dir = '';
  let stdout = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'error-contract-pack-named-'));
    stdout = execFileSync(process.execPath, [join(root, 'scripts/pack-local.mjs'), dir, 'nitro', 'express'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('nitro brings h3 and core; express brings core; nothing else is on the line', () => {
    const install = stdout.trimEnd().split('\n')[2]!;
    const names = install
      .slice('npm install '.length)
      .split(' ')
      .map((tarball) => (JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { name: string }).name);
    expect(names.sort()).toEqual(['@error-contract/core', '@error-contract/express', '@error-contract/h3', '@error-contract/nitro']);
    expect(stdout).toContain('(nitro, express and what they need)');
  });
});

describe('pack:local: the same tarballs with pnpm, yarn and bun, after the members it prints', () => {
  let dir = '';
  let stdout = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'error-contract-pack-managers-'));
    stdout = execFileSync(process.execPath, [join(root, 'scripts/pack-local.mjs'), join(dir, 'packed'), 'express'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const bun = runtimeBinary('bun', join(root, 'examples/elysia'));
  // a reader's shell: none of the settings of the pnpm running this test
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const managers = [
    ['pnpm', ['npx', '-y', 'pnpm@10', 'add']],
    ['yarn', ['npx', '-y', 'yarn@1', 'add', '--no-lockfile']],
    ['bun', [bun ?? 'bun', 'add']],
  ] as const;

  it.each(managers)('%s adds @error-contract/express, and the app imports it', (name, command) => {
    const lines = stdout.trimEnd().split('\n');
    const tarballs = lines[2]!.slice('npm install '.length).split(' ');
    const members = lines.slice(lines.findIndex((line) => line.startsWith('with pnpm, yarn or bun')) + 1, -1).join('\n');
    expect(lines.at(-1)).toBe('then run `pnpm add`, `yarn add` or `bun add` with the same tarballs');
    const project = join(dir, name);
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `try-${name}`, private: true, ...JSON.parse(`{${members}}`) }));
    execFileSync(command[0], [...command.slice(1), ...tarballs, 'express@5'], { cwd: project, env, stdio: 'pipe', timeout: 240_000 });
    const imported = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('@error-contract/express'); console.log(typeof m.errorContract)"], { cwd: project, encoding: 'utf8' });
    expect(imported.trim()).toBe('function');
  });
});

describe('packPublished: one pack per change', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'error-contract-packed-'));
    packPublished(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const mtimes = () => new Map(readdirSync(dir).map((file) => [file, statSync(join(dir, file)).mtimeMs]));

  it('packs nothing again when no package changed since its tarball', () => {
    const before = mtimes();
    packPublished(dir);
    expect(mtimes()).toEqual(before);
  });

  it('packs again only the tarballs older than their package, and removes an older version', () => {
    const [first, second, ...rest] = publishedPackages();
    const firstTarball = join(dir, tarballFile(first!));
    utimesSync(firstTarball, 0, 0);
    rmSync(join(dir, tarballFile(second!)));
    const stray = join(dir, tarballFile({ name: rest[0]!.name, version: '0.0.0-older' }));
    writeFileSync(stray, '');
    const before = mtimes();
    packPublished(dir);
    const after = mtimes();
    expect(after.has(tarballFile(second!))).toBe(true);
    expect(after.get(tarballFile(first!))).toBeGreaterThan(0);
    expect(existsSync(stray)).toBe(false);
    for (const pkg of rest) expect(after.get(tarballFile(pkg)), pkg.name).toBe(before.get(tarballFile(pkg)));
    expect([...after.keys()].sort()).toEqual(publishedPackages().map(tarballFile).sort());
  });
});
