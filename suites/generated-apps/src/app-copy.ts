// A copy of a fixture app next to the fixtures, so that it resolves its dependencies from this
// package's node_modules as the fixture does (a copy in the OS temp dir would find none).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

export function fixtureDir(name: string): string {
  return join(PACKAGE_DIR, 'fixtures', name);
}

export interface AppCopy {
  dir: string;
  remove(): Promise<void>;
}

/** Copies fixture `name` and rewrites one of its files with `edit`. */
export async function copyFixture(name: string, file: string, edit: (source: string) => string): Promise<AppCopy> {
  const parent = await mkdtemp(join(PACKAGE_DIR, '.pristine-'));
  const dir = join(parent, name);
  const remove = () => rm(parent, { recursive: true, force: true });
  try {
    await cp(fixtureDir(name), dir, { recursive: true });
    await writeFile(join(dir, file), edit(await readFile(join(dir, file), 'utf8')));
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, remove };
}
