// Is docs/dist older than what it is built from? Then the browser test builds it first.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const skipped = new Set(['node_modules', 'dist', 'reference', '.blocks', 'cache', '.temp', 'generated', 'test']);

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) {
    if (skipped.has(name)) continue;
    latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

/**
 * The site's sources (pages, config, scripts), the packages' sources the reference is built from,
 * the presets and their tests, and BENCHMARKS.md, against the last build's stamp.
 * @example if (isSiteStale(root)) build()
 */
export function isSiteStale(root: string): boolean {
  const stamp = join(root, 'docs/dist/.built');
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [
    join(root, 'docs'),
    join(root, 'BENCHMARKS.md'),
    join(root, 'bench/scale.svg'),
    join(root, 'packages/core/src/presets'),
    join(root, 'suites/library-errors/test'),
    // the packages' sources, not their dist: `pnpm test` rebuilds every dist before the tests run
    ...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name, 'src')),
  ];
  return sources.some((source) => newest(source) > built);
}
