// The docs pages as a static site, for a docs host instead of the service itself. Core renders
// them (it runs anywhere); writing files needs Node, so it lives here, beside the CLI.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ErrorContract } from '@error-contract/core';
import { type ErrorDocsOptions, errorDocs } from '@error-contract/core/docs';

/**
 * Writes `index.html` and one `<code>.html` per code into `dir` (created if missing); resolves to
 * the paths written. The pages are core's `errorDocs(contract, options).files()`, linked
 * relatively. Node only (`node:fs`); `error-contract docs` runs it from the command line.
 *
 * @example
 * import { exportDocs } from '@error-contract/testing';
 *
 * await exportDocs(contract, 'public/errors'); // ['public/errors/index.html', 'public/errors/bad_request.html', ...]
 */
export async function exportDocs(contract: ErrorContract, dir: string, options: ErrorDocsOptions = {}): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, html] of Object.entries(errorDocs(contract, options).files())) {
    const path = join(dir, name);
    await writeFile(path, html);
    written.push(path);
  }
  return written;
}
