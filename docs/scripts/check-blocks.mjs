// Every ts block of the site's pages, compiled as a reader copies it (a module of its own, its
// imports shown) against the built packages; a block after `<!-- docs: run -->` is run with Node
// and must exit 0. The reference's blocks are TypeDoc's signatures, not programs: not compiled.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(docs, '.blocks');
const skipped = new Set(['node_modules', 'dist', 'reference', '.vitepress', '.api', '.blocks', 'public', 'test', 'scripts']);

function markdownFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (skipped.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') && !(dir === docs && name === 'README.md') ? [path] : [];
  });
}

/** The ts blocks of one Markdown file, with the `<!-- docs: run -->` marker before each. */
export function blocksOf(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^\s*```(ts|typescript)\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body = [];
    for (i += 1; i < lines.length && !/^\s*```\s*$/.test(lines[i]); i += 1) body.push(lines[i]);
    let j = start - 1;
    while (j >= 0 && lines[j].trim() === '') j -= 1;
    const run = /^\s*<!--\s*docs:\s*run\s*-->\s*$/.test(lines[j] ?? '');
    const name = relative(docs, file);
    blocks.push({ file: name, line: start + 1, code: body.join('\n'), run, id: `${name.replace(/[^A-Za-z0-9]+/g, '-')}-L${start + 1}` });
  }
  return blocks;
}

/**
 * The apps a page shows as files (blocks titled with their path, ` ```ts [server/error.ts] `, the
 * tabs of a code group), each a project: one app per page, and a path seen again starts the next.
 */
export function appsOf(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const apps = [];
  let current;
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^\s*```(\w+)\s+\[(.+)\]\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body = [];
    for (i += 1; i < lines.length && !/^\s*```\s*$/.test(lines[i]); i += 1) body.push(lines[i]);
    if (current === undefined || current.files.some((f) => f.path === open[2])) {
      current = { file: relative(docs, file), line: start + 1, files: [] };
      apps.push(current);
    }
    current.files.push({ path: open[2], language: open[1], line: start + 1, code: body.join('\n') });
  }
  return apps.map((app, index) => ({ ...app, id: `${app.file.replace(/[^A-Za-z0-9]+/g, '-')}-app${index + 1}` }));
}

// Each app's TypeScript files compiled together, as its framework's bundler or tsc resolves them
// (relative imports without an extension, Nest's decorators); its JavaScript files run in
// test/guide-apps.test.ts of the consumer suite, with the app.
function checkApps(tsc) {
  const failures = [];
  let files = 0;
  for (const app of markdownFiles(docs).flatMap(appsOf)) {
    const typescript = app.files.filter((f) => /\.tsx?$/.test(f.path));
    if (typescript.length === 0) continue;
    const dir = join(work, 'apps', app.id);
    for (const f of typescript) {
      mkdirSync(dirname(join(dir, f.path)), { recursive: true });
      writeFileSync(join(dir, f.path), `${f.code}\n`);
    }
    files += typescript.length;
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022', module: 'esnext', moduleResolution: 'bundler', lib: ['ES2023', 'DOM'], strict: true,
          skipLibCheck: true, experimentalDecorators: true, emitDecoratorMetadata: true, types: ['node'], noEmit: true,
        },
        include: typescript.map((f) => f.path),
      }),
    );
    const run = spawnSync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) {
      for (const line of `${run.stdout}${run.stderr}`.split('\n').filter(Boolean)) {
        const f = app.files.find((candidate) => line.startsWith(`${candidate.path}(`));
        failures.push(`${app.file}:${f?.line ?? app.line} (${f?.path ?? 'the app'}) does not compile: ${line}`);
      }
    }
  }
  return { files, failures };
}

export function checkBlocks() {
  const blocks = markdownFiles(docs).flatMap(blocksOf);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'src'), { recursive: true });
  for (const block of blocks) writeFileSync(join(work, 'src', `${block.id}.ts`), `${block.code}\nexport {};\n`);
  // a Nest block imports its AppModule from './app.module.js', as a reader's project has one
  writeFileSync(join(work, 'src', 'app.module.ts'), "import { Module } from '@nestjs/common';\n@Module({})\nexport class AppModule {}\n");
  // a typed-client block imports `paths` from './api-types.js', as a reader's project has it from
  // `npx openapi-typescript`: here the reference service's document, through the same tool
  const generated = spawnSync(process.execPath, [join(docs, 'node_modules/openapi-typescript/bin/cli.js'), join(docs, '../examples/openapi.json'), '-o', join(work, 'src', 'api-types.ts')], { encoding: 'utf8' });
  if (generated.status !== 0) throw new Error(`openapi-typescript failed on examples/openapi.json: ${generated.stderr}`);
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2023', 'DOM'], strict: true,
        skipLibCheck: true, experimentalDecorators: true, emitDecoratorMetadata: true, types: ['node'],
        outDir: 'out', rootDir: 'src',
        // Next's subpaths have no `exports` map, which node16 resolution needs: a Next app resolves
        // them as a bundler does, so the blocks of its guide are checked with the same files
        paths: { 'next/server': [join(docs, 'node_modules/next/server.d.ts')] },
      },
      include: ['src'],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(docs, 'node_modules/typescript/bin/tsc'), '-p', work, '--pretty', 'false'], { cwd: work, encoding: 'utf8' });
  const failures = [];
  const diagnostics = tsc.stdout.split('\n').filter((line) => /^src\//.test(line));
  for (const block of blocks) {
    const own = diagnostics.filter((line) => line.startsWith(`src/${block.id}.ts(`));
    if (own.length > 0) failures.push(`${block.file}:${block.line} does not compile:\n    ${own.join('\n    ')}`);
  }
  if (tsc.status !== 0 && failures.length === 0) failures.push(`tsc failed: ${tsc.stdout}${tsc.stderr}`);
  const apps = checkApps(join(docs, 'node_modules/typescript/bin/tsc'));
  failures.push(...apps.failures);
  let ran = 0;
  for (const block of blocks.filter((b) => b.run)) {
    if (failures.some((f) => f.startsWith(`${block.file}:${block.line} `))) continue;
    const node = spawnSync(process.execPath, [join(work, 'out', `${block.id}.js`)], { cwd: work, encoding: 'utf8', timeout: 30_000 });
    ran += 1;
    if (node.status !== 0) failures.push(`${block.file}:${block.line} exited with ${node.status}: ${node.stderr.trim().split('\n').slice(0, 5).join(' | ')}`);
  }
  return { blocks: blocks.length, appFiles: apps.files, ran, failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { blocks, appFiles, ran, failures } = checkBlocks();
  console.log(`blocks: ${blocks} ts blocks and ${appFiles} files of apps compiled, ${ran} run, ${failures.length} failing`);
  for (const line of failures) console.log(`  ${line}`);
  if (failures.length > 0) process.exit(1);
}
