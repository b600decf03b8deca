// One options reference: the site's contract page lists the contract's options (docs/parts/
// options.md; packages/core/test/options-reference.test.ts keeps it complete); each adapter's page
// on the site (its guide; Node's own refusals for @error-contract/node) lists its own, read here
// from its public API report, so an option added without its row fails this test.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../../../packages/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/', import.meta.url));
const ADAPTERS = ['express', 'koa', 'hono', 'fastify', 'nest', 'next', 'node'];

/** The members of every exported `...Options` interface in a package's API reports (core's own excepted). */
function ownOptions(folder: string): string[] {
  const members: string[] = [];
  for (const report of readdirSync(`${packages}${folder}/etc`)) {
    const text = readFileSync(`${packages}${folder}/etc/${report}`, 'utf8');
    for (const match of text.matchAll(/export interface (\w+Options)\b[^{]*\{([\s\S]*?)\n\}/g)) {
      for (const member of match[2]!.matchAll(/^\s+(\w+)\??:/gm)) members.push(member[1]!);
    }
  }
  return members;
}

/** The site's page of an adapter: its framework guide, or the page of Node's own refusals. */
const page = (folder: string) => (folder === 'node' ? 'node.md' : `guides/${folder}.md`);

function optionsSection(folder: string): string {
  return /\n## Options\n([\s\S]*?)(\n## |\nAPI: |$)/.exec(readFileSync(`${docs}${page(folder)}`, 'utf8'))?.[1] ?? '';
}

describe("each adapter's page lists its options", () => {
  it.each(ADAPTERS)("%s: an Options section that points at the contract's options, and a row for each option of its own", (folder) => {
    const section = optionsSection(folder);
    expect(section, `docs/${page(folder)} has no "## Options" section`).not.toBe('');
    expect(section).toContain('](/contract#every-option)');
    expect(readFileSync(`${docs}contract.md`, 'utf8')).toMatch(/^## Every option$/m);
    for (const member of ownOptions(folder)) expect(section, `${folder}: ${member}`).toContain(`| \`${member}\` |`);
  });

  it('the adapters with options of their own are found in their reports', () => {
    expect(ownOptions('express')).toEqual(expect.arrayContaining(['checkRequest', 'bareStatuses', 'answerOptions']));
    expect(ownOptions('fastify')).toEqual(expect.arrayContaining(['contract', 'notFound']));
    expect(ownOptions('nest')).toEqual(expect.arrayContaining(['useFactory', 'inject']));
  });
});
