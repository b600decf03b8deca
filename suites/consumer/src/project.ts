// The clean consumer project: the packed tarballs plus the frameworks the snippets use,
// installed with npm into a directory outside the workspace (no workspace links, no hoisting).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { packedDir, packPublished, publishedPackages as published } from '../../../scripts/published-packages.mjs';

/** The published packages' folders under packages/ (every manifest not `private`: http-status is not packed). */
export const publishedPackages = published().map((pkg) => pkg.folder);

/** The READMEs readers copy blocks from: the repository's and each published package's (npm shows it). */
export function publishedReadmes(root: string): string[] {
  return [
    join(root, 'README.md'),
    ...readdirSync(join(root, 'packages'))
      .filter((name) => publishedPackages.includes(name))
      .map((name) => join(root, 'packages', name, 'README.md')),
  ];
}

// What of docs/ is not a page a reader copies from: the site's own README, what the build writes
// (the reference, the generated parts), its tooling.
const notPages = new Set(['node_modules', 'dist', 'reference', 'generated', '.vitepress', '.api', '.blocks', 'public', 'test', 'scripts']);

/**
 * The documentation site's pages (docs/**\/*.md, the hand-written parts they include among them):
 * the one source of the guides' blocks, copied from as from the READMEs.
 * @example sitePages('/work/main') // ['/work/main/docs/client.md', ...]
 */
export function sitePages(root: string, dir = join(root, 'docs')): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      if (notPages.has(name)) return [];
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sitePages(root, path);
      return name.endsWith('.md') && !(dir === join(root, 'docs') && name === 'README.md') ? [path] : [];
    });
}

/** Every file a reader copies blocks from: the READMEs, then the site's pages. */
export function copiedFiles(root: string): string[] {
  return [...publishedReadmes(root), ...sitePages(root)];
}

// The versions the repository's examples and suites use.
export const frameworkDependencies: Record<string, string> = {
  // 1.9: the sdk-metrics 2.12 peer range (>=1.9.0 <1.10.0), which npm enforces
  '@opentelemetry/api': '1.9.0',
  '@opentelemetry/exporter-prometheus': '0.223.0',
  '@opentelemetry/sdk-metrics': '2.12.0',
  '@sentry/nestjs': '11.0.0-rc.1',
  '@sentry/nextjs': '11.5.0',
  nitro: '3.0.260903-beta',
  '@fastify/cors': '11.4.3',
  '@fastify/helmet': '13.2.0',
  '@fastify/rate-limit': '11.2.0',
  '@fastify/swagger': '9.9.3',
  '@elysiajs/openapi': '1.4.16',
  '@sinclair/typebox': '0.34.52',
  elysia: '1.4.30',
  '@hono/node-server': '2.1.8',
  '@hono/zod-openapi': '1.6.3',
  '@hono/zod-validator': '0.9.1',
  '@jest/globals': '30.5.2',
  '@koa/bodyparser': '6.1.0',
  '@koa/cors': '5.0.0',
  '@koa/router': '15.7.0',
  '@nestjs/common': '12.5.1',
  '@nestjs/core': '12.5.1',
  '@nestjs/platform-express': '12.5.1',
  '@nestjs/swagger': '12.0.2',
  '@types/cors': '2.8.19',
  '@types/express': '5.0.4',
  '@types/koa': '3.0.3',
  '@types/koa__cors': '5.0.1',
  '@types/node': '20.19.25',
  '@types/supertest': '7.2.1',
  axios: '1.21.1',
  'class-transformer': '0.5.1',
  'class-validator': '0.15.1',
  cors: '2.8.6',
  express: '5.3.0',
  'express-rate-limit': '8.7.4',
  fastify: '5.12.8',
  helmet: '8.3.0',
  h3: '2.0.8',
  hono: '4.13.19',
  'hono-rate-limiter': '0.5.4',
  koa: '3.3.0',
  'koa-helmet': '9.0.0',
  ky: '1.14.3',
  next: '16.4.6',
  ofetch: '1.5.1',
  'openapi-fetch': '0.17.0',
  // not imported by a block: it writes the api-types.ts the typed-client blocks import (typecheck.ts)
  'openapi-typescript': '7.13.0',
  react: '19.3.1',
  'react-dom': '19.3.1',
  'reflect-metadata': '0.2.2',
  rxjs: '7.8.2',
  supertest: '7.3.2',
  typescript: '5.9.3',
  vitest: '4.1.12',
  zod: '4.6.7',
};

/**
 * The published packages' tarballs, packed into packed/ once per run by this project's global
 * setup (test/global-setup.ts) and shared with the release dry run and the package checks: the
 * path of `@error-contract/<folder>`'s.
 * @example packedTarball('core') // '/work/main/packed/error-contract-core-0.1.0.tgz'
 */
export function packedTarball(folder: string): string {
  const tarball = readdirSync(packedDir).find((file) => new RegExp(`^error-contract-${folder}-\\d`).test(file));
  if (tarball === undefined) throw new Error(`packed/ has no tarball of @error-contract/${folder}: the consumer suite's global setup packs them`);
  return join(packedDir, tarball);
}

/**
 * Packs what is stale into packed/ (a no-op when the global setup did it) and installs the
 * tarballs with npm into a new directory under the OS temp dir. Needs a build first.
 * @example const dir = createConsumerProject('/work/main')
 */
export function createConsumerProject(root: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'error-contract-consumer-'));
  const packed = packPublished(undefined, root);
  if (packed.length !== publishedPackages.length) throw new Error(`Packed ${packed.length} tarballs: ${packed.join(', ')}`);
  const dependencies: Record<string, string> = { ...frameworkDependencies };
  for (const tarball of packed) dependencies[tarballName(basename(tarball))] = `file:${tarball}`;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'error-contract-consumer', private: true, type: 'module', dependencies }, null, 2),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--install-links'], { cwd: dir, stdio: 'pipe' });
  return dir;
}

// error-contract-core-0.3.0.tgz -> @error-contract/core
function tarballName(file: string): string {
  const match = /^error-contract-(.+)-\d+\.\d+\.\d+.*\.tgz$/.exec(file);
  if (!match) throw new Error(`Unexpected tarball name ${file}`);
  return `@error-contract/${match[1]}`;
}
