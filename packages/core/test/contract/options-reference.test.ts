// The options reference cannot fall behind: every member of ErrorContractOptions in the public
// API report has its row in the site's options table (docs/parts/options.md, the one source, which
// the contract page includes), and every misspelt key is refused by name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { assertKnownOptions, booleanOption, CONTRACT_OPTION_KEYS } from '../../src/adapter.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The members of an interface in an API Extractor report. */
function reportedMembers(report: string, name: string): string[] {
  const body = new RegExp(`export interface ${name}<[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(report)?.[1] ?? '';
  return [...body.matchAll(/^\s+(\w+)\??:/gm)].map((match) => match[1]!);
}

describe('the options of createErrorContract', () => {
  const members = reportedMembers(read('../../etc/core.api.md'), 'ErrorContractOptions');

  it('are read from the API report', () => {
    expect(members.length).toBeGreaterThan(10);
    expect([...members].sort()).toEqual([...CONTRACT_OPTION_KEYS].sort());
  });

  it("each has its row in the site's options table, which the contract page includes", () => {
    const table = read('../../../../docs/parts/options.md');
    expect(table.startsWith('| option | default | why |')).toBe(true);
    expect(read('../../../../docs/contract.md')).toContain('<!--@include: ./parts/options.md-->');
    for (const member of members) expect(table, member).toContain(`| \`${member}\` |`);
  });

  it.each([
    ['mapp', 'map'],
    ['scopes', 'scope'],
    ['typeBaseURL', 'typeBaseUrl'],
    ['acept', 'accept'],
  ])('a misspelt `%s` is a TypeError naming `%s`', (wrong, right) => {
    expect(() => createErrorContract({ [wrong]: true } as never)).toThrow(new TypeError(`error-contract: createErrorContract has no option \`${wrong}\`; did you mean \`${right}\`?`));
  });

  it('a key near to none lists the options', () => {
    expect(() => createErrorContract({ frobnicate: 1 } as never)).toThrow(/has no option `frobnicate`\. The options are: typeBaseUrl, shape/);
  });

  it('assertKnownOptions takes an adapter’s own keys beside core’s', () => {
    expect(() => assertKnownOptions({ checkRequest: false, scope: '/api' }, [...CONTRACT_OPTION_KEYS, 'checkRequest'], '@error-contract/fastify')).not.toThrow();
    expect(() => assertKnownOptions({ checkRequst: false }, [...CONTRACT_OPTION_KEYS, 'checkRequest'], '@error-contract/fastify')).toThrow(/did you mean `checkRequest`/);
  });

  it.each([
    [undefined, true, true],
    [undefined, false, false],
    [false, true, false],
    [true, false, true],
  ])('booleanOption(%s, whenAbsent %s) is %s', (value, whenAbsent, expected) => {
    expect(booleanOption(value, whenAbsent, '@error-contract/koa', 'checkRequest')).toBe(expected);
  });

  it.each(['false', 0, null, {}])('booleanOption(%j) is a TypeError naming the package and the option', (value) => {
    expect(() => booleanOption(value, true, '@error-contract/koa', 'checkRequest')).toThrow(new TypeError('@error-contract/koa: `checkRequest` must be a boolean.'));
  });
});
