// Issue 39: `npm install @error-contract/nest` in an Express app installed Fastify 5 and about 50
// packages with it (the package depended on both platform adapters, and npm installs their peers),
// and the same in a Fastify app for Express. The adapters are now optional peers, loaded for the
// platform the app runs on: installed as a Nest app on one platform installs it, with the packed
// tarballs and npm in a clean project, the other platform's framework is not there, and the app
// answers in the contract.
import { execFileSync, type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkDependencies, packedTarball } from '../src/project.ts';

const PLATFORMS = {
  express: { adapter: 'ExpressAdapter', nest: { '@nestjs/platform-express': frameworkDependencies['@nestjs/platform-express']! }, other: 'fastify' },
  fastify: { adapter: 'FastifyAdapter', nest: { '@nestjs/platform-fastify': '12.2.0' }, other: 'express' },
} as const;
type Platform = keyof typeof PLATFORMS;

// A Nest app as a reader writes it, in JavaScript (decorators applied as functions): the module
// line of the README, one controller, and a request for a path no route has.
function appSource(platform: Platform): string {
  const { adapter } = PLATFORMS[platform];
  return `import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ${adapter} } from '@nestjs/platform-${platform}';
import { ErrorContractModule } from '@error-contract/nest';

class WidgetsController { list() { return []; } }
Get()(WidgetsController.prototype, 'list', Object.getOwnPropertyDescriptor(WidgetsController.prototype, 'list'));
Controller('widgets')(WidgetsController);
class AppModule {}
Module({ imports: [ErrorContractModule.forRoot({ typeBaseUrl: 'https://docs.example.com/errors/' })], controllers: [WidgetsController] })(AppModule);

const app = await NestFactory.create(AppModule, new ${adapter}(), { logger: false });
await app.listen(0, '127.0.0.1');
const { port } = app.getHttpServer().address();
const answers = [];
for (const [method, path] of [['GET', '/nothing'], ['DELETE', '/widgets']]) {
  const res = await fetch(\`http://127.0.0.1:\${port}\${path}\`, { method, headers: { accept: 'application/json' } });
  answers.push({ status: res.status, allow: res.headers.get('allow'), body: await res.json() });
}
await app.close();
console.log(JSON.stringify(answers));
`;
}

// The app runs as it would in the project alone: without the NODE_PATH that npx and pnpm give this
// process (it names the workspace's node_modules, where every adapter is).
const { NODE_PATH: _workspacePath, ...env } = process.env;

let base = '';
const projects = new Map<Platform, string>();

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'error-contract-nest-install-'));
  // the tarballs in packed/, packed once for the run by the global setup
  const tarball = (name: string) => `file:${packedTarball(name)}`;
  for (const platform of Object.keys(PLATFORMS) as Platform[]) {
    const dir = join(base, platform);
    mkdirSync(dir);
    const dependencies = {
      '@nestjs/common': frameworkDependencies['@nestjs/common'],
      '@nestjs/core': frameworkDependencies['@nestjs/core'],
      ...PLATFORMS[platform].nest,
      'reflect-metadata': frameworkDependencies['reflect-metadata'],
      rxjs: frameworkDependencies.rxjs,
      '@error-contract/core': tarball('core'),
      '@error-contract/nest': tarball('nest'),
      [`@error-contract/${platform}`]: tarball(platform),
    };
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `nest-on-${platform}`, private: true, type: 'module', dependencies }, null, 2));
    writeFileSync(join(dir, 'app.js'), appSource(platform));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--install-links'], { cwd: dir, stdio: 'pipe' });
    projects.set(platform, dir);
  }
});

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

/** Where npm installed packages named `name` in the project (`npm query`), anywhere in the tree. */
function installed(dir: string, name: string): string[] {
  const nodes = JSON.parse(execFileSync('npm', ['query', `#${name}`], { cwd: dir, encoding: 'utf8', env })) as { location: string }[];
  return nodes.map((node) => node.location);
}

describe.each(Object.keys(PLATFORMS) as Platform[])('@error-contract/nest installed in a Nest app on platform-%s', (platform) => {
  const other = PLATFORMS[platform].other;

  it(`installs no ${other}, and not the other adapter`, () => {
    const dir = projects.get(platform)!;
    expect(installed(dir, platform).length).toBeGreaterThan(0);
    expect(installed(dir, other)).toEqual([]);
    expect(installed(dir, `@error-contract/${other}`)).toEqual([]);
  });

  it('answers a route miss and a wrong method in the contract', () => {
    const run = spawnSync(process.execPath, ['app.js'], { cwd: projects.get(platform)!, encoding: 'utf8', timeout: 30_000, env });
    expect(run.stderr).toBe('');
    const [miss, method] = JSON.parse(run.stdout) as { status: number; allow: string | null; body: Record<string, unknown> }[];
    expect(miss).toMatchObject({ status: 404, body: { type: 'https://docs.example.com/errors/not_found', code: 'not_found', instance: '/nothing' } });
    expect(method).toMatchObject({ status: 405, allow: 'GET, HEAD', body: { code: 'method_not_allowed' } });
  });
});

it("without its platform's adapter, the app fails at startup and says which package to install", () => {
  const dir = projects.get('express')!;
  const adapter = join(dir, 'node_modules', '@error-contract', 'express');
  renameSync(adapter, `${adapter}-aside`);
  let run: SpawnSyncReturns<string>;
  try {
    run = spawnSync(process.execPath, ['app.js'], { cwd: dir, encoding: 'utf8', timeout: 30_000, env });
  } finally {
    renameSync(`${adapter}-aside`, adapter);
  }
  expect(run.stderr, run.stdout).toContain('platform-express needs @error-contract/express beside @error-contract/nest: npm install @error-contract/express');
  expect(run.status).not.toBe(0);
});
