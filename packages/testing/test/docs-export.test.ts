// `exportDocs` and `error-contract docs`: core renders the docs pages, the testing kit writes them.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createErrorContract } from '@error-contract/core';
import { SPEC_CODES } from '@error-contract/core/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../src/cli/main.js';
import { exportDocs } from '../src/index.js';

const catalog = { widget_locked: { status: 409, title: 'Widget <locked>', detail: 'Someone & someone else edit it.' } } as const;
const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', catalog });
const BIN = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** Runs the CLI in-process and keeps what it wrote. */
async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'error-docs-'));
  const core = import.meta.resolve('@error-contract/core');
  const make = `createErrorContract({ catalog: { widget_locked: { status: 409 } } })`;
  await writeFile(join(dir, 'contract.mjs'), `import { createErrorContract } from ${JSON.stringify(core)};\nexport const contract = ${make};\n`);
  await writeFile(join(dir, 'factory.mjs'), `import { createErrorContract } from ${JSON.stringify(core)};\nexport function serviceContract() { return ${make}; }\n`);
  await writeFile(join(dir, 'default.mjs'), `import { createErrorContract } from ${JSON.stringify(core)};\nexport default ${make};\n`);
  await writeFile(join(dir, 'none.mjs'), `export const contract = 42;\n`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('exportDocs(contract, dir)', () => {
  it('writes index.html and one page per code, linked relatively', async () => {
    const out = join(dir, 'export');
    const written = await exportDocs(contract, out);
    expect(written).toHaveLength(SPEC_CODES.length + 2);
    expect(written).toContain(join(out, 'index.html'));
    const index = await readFile(join(out, 'index.html'), 'utf8');
    expect(index).toContain('href="widget_locked.html"');
    expect(await readFile(join(out, 'not_found.html'), 'utf8')).toContain('href="index.html"');
    expect(await readFile(join(out, 'widget_locked.html'), 'utf8')).toContain('Widget &lt;locked&gt;');
  });
});

describe('error-contract docs <module> <dir> [export-name]', () => {
  it('writes the pages of the contract the module exports as `contract`', async () => {
    const out = join(dir, 'named');
    const { code, stdout } = await cli(['docs', join(dir, 'contract.mjs'), out]);
    expect(code).toBe(0);
    expect(stdout).toBe(`wrote ${SPEC_CODES.length + 2} files to ${out}\n`);
    expect(await readdir(out)).toContain('widget_locked.html');
  });

  it('calls a factory given by name; falls back to the default export', async () => {
    expect((await cli(['docs', join(dir, 'factory.mjs'), join(dir, 'factory'), 'serviceContract'])).code).toBe(0);
    expect(await readdir(join(dir, 'factory'))).toContain('widget_locked.html');
    expect((await cli(['docs', join(dir, 'default.mjs'), join(dir, 'default')])).code).toBe(0);
    expect(await readdir(join(dir, 'default'))).toContain('index.html');
  });

  it('exit code 2 and one line for a module without a contract, or one that cannot be imported', async () => {
    const none = await cli(['docs', join(dir, 'none.mjs'), join(dir, 'none')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(`error-contract: ${join(dir, 'none.mjs')} exports no contract as "contract" or default (a createErrorContract() result, or a function returning one)\n`);
    const missing = await cli(['docs', join(dir, 'missing.mjs'), join(dir, 'missing')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error-contract: cannot import .*missing\.mjs: /);
  });

  it('a misspelt export name is an error, not the default export', async () => {
    const misspelt = await cli(['docs', join(dir, 'default.mjs'), join(dir, 'misspelt'), 'serviceContrct']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toBe(`error-contract: ${join(dir, 'default.mjs')} exports no contract as "serviceContrct" (a createErrorContract() result, or a function returning one)\n`);
  });

  it('exit code 2 for a write that fails', async () => {
    const { code, stderr } = await cli(['docs', join(dir, 'contract.mjs'), join(dir, 'none.mjs', 'out')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error-contract: unexpected error: /);
  });

  it('exit code 2 with the usage for a usage error', async () => {
    const { code, stderr } = await cli(['docs', join(dir, 'contract.mjs')]);
    expect(code).toBe(2);
    expect(stderr).toContain('error-contract: docs needs the module that exports the contract and the output directory');
    expect(stderr).toContain('error-contract docs <module> <output-dir> [export-name]');
  });

  it('runs as the built bin: node dist/cli.js docs ...', async () => {
    const out = join(dir, 'bin');
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'docs', join(dir, 'contract.mjs'), out]);
    expect(stdout).toContain(`wrote ${SPEC_CODES.length + 2} files`);
    expect(await readdir(out)).toContain('widget_locked.html');
    const usage = await promisify(execFile)(process.execPath, [BIN, 'docs']).catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
  });
});
