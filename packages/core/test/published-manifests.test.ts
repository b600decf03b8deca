// The status table (`packages/http-status`) is private: compiled into core and client at build
// time. A published manifest that named it, even as a devDependency, would point users at a
// package that does not exist on the registry.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
}

const manifests = readdirSync(packagesDir).map((folder) => ({
  folder,
  text: readFileSync(join(packagesDir, folder, 'package.json'), 'utf8'),
}));
const privateNames = manifests.map(({ text }) => JSON.parse(text) as Manifest).filter((manifest) => manifest.private === true).map((manifest) => manifest.name);
const published = manifests.filter(({ text }) => (JSON.parse(text) as Manifest).private !== true);

describe('published manifests', () => {
  it('there are private workspace packages and published ones', () => {
    expect(privateNames).toContain('@error-contract/http-status');
    expect(published.map(({ folder }) => folder)).toEqual(expect.arrayContaining(['core', 'client', 'express', 'koa', 'hono', 'node']));
  });

  it.each(published.map(({ folder, text }) => [folder, text] as const))('%s names no private package', (_folder, text) => {
    for (const name of privateNames) expect(text).not.toContain(`"${name}"`);
  });
});
