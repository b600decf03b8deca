#!/usr/bin/env node
// error-contract-docs <module> <dir> [export-name]: writes the docs pages of the contract that
// <module> exports (as `contract`, the given name, or default) into <dir>.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorContract } from '@error-contract/core';
import { exportDocs } from './docs/export.js';

const USAGE = 'usage: error-contract-docs <module exporting the contract> <output dir> [export name, default "contract"]';

function isContract(value: unknown): value is ErrorContract {
  return value !== null && typeof value === 'object' && typeof (value as ErrorContract).respond === 'function';
}

async function main(args: string[]): Promise<number> {
  const [modulePath, dir, name = 'contract'] = args;
  if (modulePath === undefined || dir === undefined) {
    console.error(USAGE);
    return 2;
  }
  const loaded = (await import(pathToFileURL(resolve(modulePath)).href)) as Record<string, unknown>;
  // a factory (`export function contract()`) is called: services often build theirs from config
  const exported = loaded[name] ?? loaded.default;
  const contract = typeof exported === 'function' ? (exported as () => unknown)() : exported;
  if (!isContract(contract)) {
    console.error(`error-contract-docs: ${modulePath} exports no contract as "${name}" or default (a createErrorContract() result, or a function returning one).`);
    return 2;
  }
  const written = await exportDocs(contract, dir);
  console.log(`wrote ${written.length} files to ${dir}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
