// docs:build: the parts other files own, the API reference from the built packages' TSDoc, the code
// blocks compiled and run, the site, its links and anchors, llms.txt. Any failure fails the build.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alignReferenceAnchors } from './anchors.mjs';
import { checkBlocks } from './check-blocks.mjs';
import { checkLinks } from './check-links.mjs';
import { generateParts } from './generate-parts.mjs';
import { writeLlms } from './llms.mjs';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function step(name, run) {
  const at = Date.now();
  const result = run();
  console.log(`docs:build: ${name} (${seconds(at)})`);
  return result;
}

function fail(message) {
  console.error(`docs:build failed: ${message}`);
  process.exit(1);
}

function bin(name, args) {
  const child = spawnSync(process.execPath, [join(docs, 'node_modules', name), ...args], { cwd: docs, stdio: 'inherit' });
  if (child.status !== 0) fail(`${args[0] ?? name} exited with ${child.status}`);
}

step('parts', () => generateParts());
// TypeDoc and the code blocks' tsc read the same built declarations and are each one process:
// run side by side (each about a minute on a busy 2-core machine). An export without TSDoc is a
// warning TypeDoc treats as an error (typedoc.json).
const typedocStarted = Date.now();
const typedoc = spawn(process.execPath, [join(docs, 'node_modules/typedoc/bin/typedoc'), '--options', 'typedoc.json'], { cwd: docs, stdio: 'inherit' });
const typedocExit = new Promise((resolve) => typedoc.on('exit', (code) => resolve(code)));
step('code blocks', () => {
  const { blocks, appFiles, ran, failures } = checkBlocks();
  console.log(`  ${blocks} ts blocks and ${appFiles} files of apps compiled, ${ran} run`);
  if (failures.length > 0) fail(`code blocks:\n  ${failures.join('\n  ')}`);
});
const typedocCode = await typedocExit;
if (typedocCode !== 0) fail(`typedoc exited with ${typedocCode} (an export without TSDoc, or a broken {@link})`);
console.log(`docs:build: API reference (TypeDoc) (${seconds(typedocStarted)})`);
step('reference anchors', () => console.log(`  ${alignReferenceAnchors(join(docs, 'reference'))} links given VitePress's slug`));
step('site (VitePress)', () => bin('vitepress/bin/vitepress.js', ['build', '.']));
step('links and anchors', () => {
  const { pages, links, broken } = checkLinks();
  console.log(`  ${links} internal links on ${pages} pages`);
  if (broken.length > 0) fail(`broken links:\n  ${broken.join('\n  ')}`);
});
step('llms.txt', () => writeLlms(join(docs, 'dist')));
writeFileSync(join(docs, 'dist', '.built'), `${new Date().toISOString()}\n`);
console.log(`docs:build: done in ${seconds(started)}: docs/dist`);
