// The docs pages as a static site, for a docs host instead of the service itself.
import type { ErrorContract } from '@error-contract/core';
import { type ErrorDocsOptions, errorDocs } from './handler.js';

/**
 * Writes `index.html` and one `<code>.html` per code into `dir` (created if missing); resolves to
 * the paths written. Node only: it loads `node:fs` when called, so the rest of this package
 * stays runtime-agnostic.
 *
 * @example
 * import { exportDocs } from '@error-contract/openapi';
 *
 * await exportDocs(contract, 'public/errors'); // ['public/errors/index.html', 'public/errors/bad_request.html', ...]
 */
export async function exportDocs(contract: ErrorContract, dir: string, options: ErrorDocsOptions = {}): Promise<string[]> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, html] of Object.entries(errorDocs(contract, options).files())) {
    const path = join(dir, name);
    await writeFile(path, html);
    written.push(path);
  }
  return written;
}
