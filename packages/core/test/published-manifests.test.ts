// The status table (`packages/http-status`) is private: compiled into core and client at build
// time. A published manifest that named it, even as a devDependency, would point users at a
// package that does not exist on the registry.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  license?: string;
  files?: string[];
  repository?: { type: string; url: string; directory: string };
  homepage?: string;
  bugs?: { url: string };
  keywords?: string[];
  dependencies?: Record<string, string>;
}

const manifests = readdirSync(packagesDir).map((folder) => ({
  folder,
  text: readFileSync(join(packagesDir, folder, 'package.json'), 'utf8'),
}));
const privateNames = manifests.map(({ text }) => JSON.parse(text) as Manifest).filter((manifest) => manifest.private === true).map((manifest) => manifest.name);
const published = manifests.filter(({ text }) => (JSON.parse(text) as Manifest).private !== true);

// What each published package installs with it, named one by one so that a new dependency is a
// decision. Core and the client run in browsers and edge runtimes: their one dependency is types only.
const DEPENDENCIES: Record<string, string[]> = {
  client: ['type-fest'],
  core: ['type-fest'],
  elysia: ['@error-contract/core'],
  express: ['@error-contract/core'],
  fastify: ['@error-contract/core', 'fastify-plugin'],
  h3: ['@error-contract/core'],
  hono: ['@error-contract/core'],
  koa: ['@error-contract/core'],
  next: ['@error-contract/core'],
  nitro: ['@error-contract/core', '@error-contract/h3'],
  nest: ['@error-contract/core'],
  node: ['@error-contract/core'],
  testing: ['@error-contract/client', '@error-contract/core', 'ajv', 'ajv-formats', 'yaml'],
};
const TYPES_ONLY = ['type-fest'];

describe('published manifests', () => {
  it('there are private workspace packages and published ones', () => {
    expect(privateNames).toContain('@error-contract/http-status');
    expect(published.map(({ folder }) => folder)).toEqual(expect.arrayContaining(['core', 'client', 'express', 'koa', 'hono', 'node']));
  });

  it.each(published.map(({ folder, text }) => [folder, text] as const))('%s names no private package', (_folder, text) => {
    for (const name of privateNames) expect(text).not.toContain(`"${name}"`);
  });

  // What a user choosing a dependency looks at: the licence, the source, the changes.
  it.each(published.map(({ folder, text }) => [folder, JSON.parse(text) as Manifest] as const))('%s ships LICENSE, README and CHANGELOG and says where it comes from', (folder, manifest) => {
    expect(manifest.license).toBe('MIT');
    // the testing kit's command is a committed shim in bin/, linked before the package is built
    expect(manifest.files).toEqual([...(folder === 'testing' ? ['bin'] : []), 'dist', 'README.md', 'CHANGELOG.md', 'LICENSE']);
    for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md']) expect(readFileSync(join(packagesDir, folder, file), 'utf8').length, file).toBeGreaterThan(100);
    expect(readFileSync(join(packagesDir, folder, 'LICENSE'), 'utf8')).toContain('Copyright (c) 2026 the error-contract authors');
    expect(readFileSync(join(packagesDir, folder, 'CHANGELOG.md'), 'utf8')).toMatch(new RegExp(`^# ${manifest.name}\\n\\n## \\d+\\.\\d+\\.\\d+`));
    expect(manifest.repository).toEqual({ type: 'git', url: 'git+https://github.com/error-contract/error-contract.git', directory: `packages/${folder}` });
    expect(manifest.homepage).toBe(`https://github.com/error-contract/error-contract/tree/main/packages/${folder}#readme`);
    expect(manifest.bugs?.url).toBe('https://github.com/error-contract/error-contract/issues');
    expect(manifest.keywords?.length).toBeGreaterThanOrEqual(6);
  });

  it.each(published.map(({ folder, text }) => [folder, JSON.parse(text) as Manifest] as const))('%s depends on what is named here and nothing else', (folder, manifest) => {
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(DEPENDENCIES[folder]);
  });

  it.each(TYPES_ONLY)('%s, a types-only dependency, installs declarations and licences: no code to run or bundle', (name) => {
    const installed = dirname(createRequire(join(packagesDir, 'core', 'package.json')).resolve(`${name}/package.json`));
    const shipped = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(shipped.main ?? shipped.exports ?? shipped.module).toBeUndefined();
    expect(readdirSync(installed, { recursive: true }).filter((file) => /\.(c|m)?js$/.test(String(file)))).toEqual([]);
  });
});
