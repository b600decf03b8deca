// A fixture app built as Nitro builds it (its own builder, in this process) into a temp folder,
// and its built server started as Nitro's users start it: `node .output/server/index.mjs`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

/** A started server: its address, what it wrote to stderr, and how to stop it. */
export interface BuiltServer {
  url: string;
  stderr(): string;
  close(): Promise<void>;
}

export type NitroMajor = 2 | 3;

/** The fixture app of a Nitro major (test/fixtures/nitro2, nitro3). */
export function fixtureDir(major: NitroMajor): string {
  return fileURLToPath(new URL(`./fixtures/nitro${major}`, import.meta.url));
}

/** Builds a fixture app with `config` added to its own, into a new temp folder; returns that folder. */
export async function buildApp(major: NitroMajor, config: Record<string, unknown> = {}): Promise<string> {
  const rootDir = fixtureDir(major);
  const outDir = mkdtempSync(join(tmpdir(), `error-contract-nitro${major}-`));
  const options = {
    rootDir,
    ...(major === 3 ? { serverDir: './server' } : { srcDir: 'server' }),
    errorHandler: './server/error.ts',
    output: { dir: outDir },
    buildDir: join(outDir, '.nitro'),
    logLevel: 1,
    ...config,
  };
  const builder = major === 3 ? await import('nitro/builder') : await import('nitropack/core');
  const nitro = await builder.createNitro(options as never);
  try {
    await builder.prepare(nitro as never);
    await builder.copyPublicAssets(nitro as never);
    await builder.build(nitro as never);
  } finally {
    await nitro.close();
  }
  return outDir;
}

/** Starts the built server in `outDir` on a free port of 127.0.0.1. */
export async function startBuilt(outDir: string): Promise<BuiltServer> {
  // srvx (Nitro 3's server) prints no ready line when TEST is set, as test runners set it
  const { TEST: _test, ...env } = process.env;
  const child = spawn(process.execPath, [join(outDir, 'server', 'index.mjs')], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, PORT: '0', HOST: '127.0.0.1' } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // a server that never said it was ready is stopped, not left behind
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ready line within ${PROCESS_WAIT_MS} ms: ${output} ${stderr}`)), PROCESS_WAIT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Nitro 3 (srvx): `➜ Listening on: http://127.0.0.1:3000/`; Nitro 2: `Listening on http://127.0.0.1:3000`
      const ready = /Listening on:? (http:\/\/\S+)/.exec(output);
      if (ready === null) return;
      clearTimeout(timer);
      resolve(ready[1]!.replace(/\/$/, ''));
    });
    void exited.then(() => reject(new Error(`exited before the ready line: ${output} ${stderr}`)));
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    stderr: () => stderr,
    close: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Removes a build's temp folder. */
export function removeBuild(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
}
