// The import cycles among a package's source files (relative imports, `import type` included: a
// file that needs another's types sits above it too). Used by core's and client's tests to keep
// each file importing only what sits below it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]/gm;

function sourceFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** Each cycle as the files in it, relative to `directory`, e.g. `['language.ts', 'options.ts']`. */
export function importCycles(directory) {
  const files = sourceFiles(directory);
  const edges = new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => resolve(dirname(file), match[1].replace(/\.js$/, '.ts'))).filter((target) => files.includes(target)),
    ]),
  );
  const cycles = [];
  const state = new Map(); // undefined: not seen; 1: on the path; 2: done
  const path = [];
  const visit = (file) => {
    state.set(file, 1);
    path.push(file);
    for (const target of edges.get(file)) {
      if (state.get(target) === 1) cycles.push(path.slice(path.indexOf(target)).map((each) => relative(directory, each)));
      else if (state.get(target) === undefined) visit(target);
    }
    path.pop();
    state.set(file, 2);
  };
  for (const file of files) if (state.get(file) === undefined) visit(file);
  return cycles;
}
