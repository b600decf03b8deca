// Route handlers and the proxy run on the Node and Edge runtimes alike: no file of the package may
// import a `node:` module or lean on Node's globals (the Edge runtime has neither). Pages API
// routes run on Node, but their wrapper keeps to the same rule, so the one entry loads everywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const sources = readdirSync(srcDir).filter((file) => file.endsWith('.ts'));

describe('@error-contract/next is runtime-agnostic', () => {
  it('has its sources', () => {
    expect(sources).toEqual(expect.arrayContaining(['route.ts', 'proxy.ts', 'api-route.ts', 'next-signals.ts']));
  });

  it.each(sources)('%s imports no node: module and uses no Node global', (file) => {
    const code = readFileSync(join(srcDir, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    expect(code).not.toMatch(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]node:/);
    expect(code).not.toMatch(/\b(?:Buffer|process|__dirname|setImmediate)\b/);
  });

  it('imports nothing from Next at run time (types only), so one copy serves Next 15 and 16', () => {
    for (const file of sources) {
      const code = readFileSync(join(srcDir, file), 'utf8');
      expect(code, file).not.toMatch(/^import\s+(?!type\b)[^;]*from\s*['"]next(?:\/[^'"]*)?['"]/m);
    }
  });
});
