// One options reference: core's README lists the contract's options (packages/core/test/
// options-reference.test.ts keeps it complete); each adapter's README lists its own, read here from
// its public API report, so an option added without its row fails this test.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = fileURLToPath(new URL('../../../packages/', import.meta.url));
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

function optionsSection(folder: string): string {
  return /\n## Options\n([\s\S]*?)(\n## |$)/.exec(readFileSync(`${packages}${folder}/README.md`, 'utf8'))?.[1] ?? '';
}

describe("each adapter's README lists its options", () => {
  it.each(ADAPTERS)('%s: an Options section that points at core\'s options, and a row for each option of its own', (folder) => {
    const section = optionsSection(folder);
    expect(section, `packages/${folder}/README.md has no "## Options" section`).not.toBe('');
    expect(section).toContain('../core/README.md#options');
    for (const member of ownOptions(folder)) expect(section, `${folder}: ${member}`).toContain(`| \`${member}\` |`);
  });

  it('the adapters with options of their own are found in their reports', () => {
    expect(ownOptions('express')).toEqual(expect.arrayContaining(['checkRequest', 'bareStatuses', 'answerOptions']));
    expect(ownOptions('fastify')).toEqual(expect.arrayContaining(['contract', 'notFound']));
    expect(ownOptions('nest')).toEqual(expect.arrayContaining(['useFactory', 'inject']));
  });
});
