// Writes the snippets into the consumer project and type-checks them with its own tsc, once per
// module resolution, returning each snippet's diagnostics.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedPackages } from './project.ts';
import type { Snippet } from './snippets.ts';

/**
 * The `declarations-*` runs check our published .d.ts/.d.cts themselves (skipLibCheck off), through
 * one ESM and one CommonJS file that load every package: a type dependency a CommonJS file cannot
 * load (an ESM-only type-fest) fails there, where the snippets' skipLibCheck would hide it. One run
 * each, as a project loads one of the two; both in one program declare Fastify's augmentation twice.
 */
export type Resolution = 'node16' | 'bundler' | 'declarations-esm' | 'declarations-cjs' | 'javascript';

const shared = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM'],
  strict: true,
  skipLibCheck: true,
  esModuleInterop: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  types: ['node'],
};

const options: Record<Resolution, Record<string, unknown>> = {
  // node16 emits too: the `run` snippets are executed from out/
  node16: { ...shared, module: 'node16', moduleResolution: 'node16', outDir: 'out', rootDir: 'snippets' },
  bundler: { ...shared, module: 'esnext', moduleResolution: 'bundler', noEmit: true },
  'declarations-esm': { ...shared, skipLibCheck: false, module: 'node16', moduleResolution: 'node16', noEmit: true },
  'declarations-cjs': { ...shared, skipLibCheck: false, module: 'node16', moduleResolution: 'node16', noEmit: true },
  // the js blocks (a fastify-cli app's app.js), checked as a JavaScript project's editor checks
  // them: our types against their calls, but no annotations asked of untyped parameters
  javascript: { ...shared, module: 'node16', moduleResolution: 'node16', noEmit: true, allowJs: true, checkJs: true, noImplicitAny: false },
};

// The reference service's OpenAPI document, for the typed-client blocks' api-types.ts.
const REFERENCE_DOCUMENT = fileURLToPath(new URL('../../../examples/openapi.json', import.meta.url));

// nest's snippet imports its AppModule from './app.module.js', as a reader's project has one.
const appModule = `import { Module } from '@nestjs/common';
@Module({})
export class AppModule {}
`;

/**
 * Writes every snippet as snippets/<id>.ts (the project is `"type": "module"`, so ESM).
 * @example writeSnippets(dir, snippets)
 */
export function writeSnippets(dir: string, snippets: Snippet[]): void {
  mkdirSync(join(dir, 'snippets'), { recursive: true });
  writeFileSync(join(dir, 'snippets', 'app.module.ts'), appModule);
  // a typed-client block imports `paths` from './api-types.js', as a reader's project has it from
  // `npx openapi-typescript`: here the reference service's document, through the same tool
  const generated = spawnSync(process.execPath, [join(dir, 'node_modules/openapi-typescript/bin/cli.js'), REFERENCE_DOCUMENT, '-o', join(dir, 'snippets', 'api-types.ts')], { encoding: 'utf8' });
  if (generated.status !== 0) throw new Error(`openapi-typescript failed on examples/openapi.json: ${generated.stderr}`);
  for (const snippet of snippets) writeFileSync(join(dir, 'snippets', `${snippet.id}${extension(snippet)}`), snippetSource(snippet));
  writeFileSync(join(dir, 'snippets', `${requireAllId}.cts`), requireAll);
  writeFileSync(join(dir, 'snippets', `${importAllId}.ts`), importAll);
}

/** .ts; a js block .js (ESM, as the project is), or .cjs when it uses `require` or `module.exports`. */
function extension(snippet: Snippet): string {
  if (snippet.language === 'ts') return '.ts';
  return /\brequire\(|\bmodule\.exports\b/.test(snippet.code) ? '.cjs' : '.js';
}

/**
 * The source a snippet is compiled as: the block as it stands, nothing before it, and `export {}`
 * so that each ES module file is a module of its own.
 */
function snippetSource(snippet: Snippet): string {
  const moduleMarker = extension(snippet) === '.cjs' ? [] : ['export {};'];
  return [snippet.code, ...moduleMarker, ''].join('\n');
}

/** The CommonJS file: under node16 a .cts resolves the `require` condition and its .d.cts types. */
export const requireAllId = 'require-all';

const requireAll = `${publishedPackages.map((name) => `import ${name} = require('@error-contract/${name}');`).join('\n')}
import presets = require('@error-contract/core/presets');
const contract: core.ErrorContract = core.createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', map: [presets.prismaErrors()] });
// the presets' CommonJS entry runs too: a Prisma P2025, recognised by its shape, is the 404
const missing = Object.assign(new Error('No record was found'), { name: 'PrismaClientKnownRequestError', code: 'P2025', clientVersion: '7.10.0' });
const answer = contract.respond(missing, { method: 'GET', path: '/x', headers: {} });
const factories: Function[] = [client.createFetch, express.errorContract, fastify.errorContract, hono.errorContract,
  koa.errorContract, nest.ErrorContractFilter, next.errorContract, node.answerClientErrors, testing.runConformance];
export = { answer, factories };
`;

/** The ESM file of the `declarations-esm` check: every package, and the types that name type-fest's. */
export const importAllId = 'import-all';

const importAll = `${publishedPackages.map((name) => `import * as ${name} from '@error-contract/${name}';`).join('\n')}
import * as presets from '@error-contract/core/presets';
const code: core.CodeOf<{ widget_locked: { status: 409 } }> = 'widget_locked';
const translations: core.Translations<'de'> = { de: { not_found: { title: 'Nicht gefunden' }, widget_locked: { title: 'Gesperrt' } } };
const extensions: client.ApiError['extensions'] = { widgetId: '7', tags: ['a'], nested: { n: 1 } };
export const loaded = [code, translations, extensions, presets.jwtErrors, express, fastify, hono, koa, nest, node, testing];
`;

const included: Record<Resolution, string[]> = {
  node16: ['snippets'],
  bundler: ['snippets'],
  'declarations-esm': [`snippets/${importAllId}.ts`],
  'declarations-cjs': [`snippets/${requireAllId}.cts`],
  javascript: ['snippets/*.js', 'snippets/*.cjs'],
};

/** The key of diagnostics in other packages' declarations, which are not ours to fix. */
export const THIRD_PARTY = 'third-party';

/**
 * Runs tsc over snippets/ with one resolution; the diagnostics by snippet id.
 * @example typecheck(dir, 'bundler').get('README-md-L64') // [] when it compiles
 */
export function typecheck(dir: string, resolution: Resolution): Map<string, string[]> {
  const config = `tsconfig.${resolution}.json`;
  writeFileSync(join(dir, config), JSON.stringify({ compilerOptions: options[resolution], include: included[resolution] }, null, 2));
  const tsc = spawnSync(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', config, '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const byFile = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of tsc.stdout.split('\n')) {
    const located = /^snippets\/([^(]+)\.[cm]?[jt]s\(\d+,\d+\): /.exec(line);
    if (located) {
      const id = located[1] ?? '';
      current = byFile.get(id) ?? [];
      byFile.set(id, current);
      current.push(line);
    } else if (/^node_modules\/(?!@error-contract\/)[^(]+\(\d+,\d+\): /.test(line)) {
      // another package's own declarations (only read with skipLibCheck off): kept apart
      current = byFile.get(THIRD_PARTY) ?? [];
      byFile.set(THIRD_PARTY, current);
      current.push(line);
    } else if (line.startsWith(' ') && current) current.push(line);
    else if (line.trim() !== '') {
      // a diagnostic not tied to one snippet (a config error): every snippet reports it
      current = byFile.get('*') ?? [];
      byFile.set('*', current);
      current.push(line);
    }
  }
  // tsc failing without a diagnostic we could place (a crash, a timeout) fails every snippet
  if (tsc.status !== 0 && byFile.size === 0) byFile.set('*', [`tsc exited with ${tsc.status}: ${tsc.stderr}`]);
  return byFile;
}
