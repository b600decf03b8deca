// `error-contract docs <module> <dir> [export-name]`: writes the docs pages of the contract that
// <module> exports (as the given name, else as `contract` or default) into <dir>.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorContract } from '@error-contract/core';
import { exportDocs } from '../docs-export.js';
import { type DocsOptions, UsageError } from './args.js';

function isContract(value: unknown): value is ErrorContract {
  return value !== null && typeof value === 'object' && typeof (value as ErrorContract).respond === 'function';
}

/**
 * The contract a module exports: as `exportName` when one is given, else as `contract` or
 * default; a function there (a factory such as `export function contract()`: services often build
 * theirs from config) is called. A module that cannot be imported or exports no contract there is
 * a UsageError (a misspelt name never falls back to another export).
 *
 * @example
 * const contract = await loadContract('./dist/contract.js', 'serviceContract');
 */
export async function loadContract(module: string, exportName?: string): Promise<ErrorContract> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(resolve(module)).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot import ${module}: ${(error as Error).message}`);
  }
  const exported = exportName === undefined ? (loaded.contract ?? loaded.default) : loaded[exportName];
  const contract = typeof exported === 'function' ? (exported as () => unknown)() : exported;
  if (!isContract(contract)) {
    const where = exportName === undefined ? '"contract" or default' : `"${exportName}"`;
    throw new UsageError(`${module} exports no contract as ${where} (a createErrorContract() result, or a function returning one)`);
  }
  return contract;
}

/**
 * Runs `docs`: loads the contract, writes its pages; resolves to the paths written.
 *
 * @example
 * const written = await runDocs({ module: './dist/contract.js', dir: 'public/errors', exportName: 'contract' });
 */
export async function runDocs(options: DocsOptions): Promise<string[]> {
  const contract = await loadContract(options.module, options.exportName);
  return exportDocs(contract, options.dir);
}
