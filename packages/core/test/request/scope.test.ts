import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { acceptsJson } from '../../src/request/accept.js';

describe('scope: which paths the contract covers', () => {
  const contract = createErrorContract({ onError: () => {}, scope: ['/api/', '/v2'] });

  it.each([
    ['/api', true],
    ['/api/widgets?x=1', true],
    ['/v2/x', true],
    ['http://example.com/api/x', true],
    ['/apis', false],
    ['/', false],
    ['/page', false],
  ])('%s -> %s', (path, expected) => {
    expect(contract.inScope(path)).toBe(expected);
  });

  it("no scope, or '/', covers everything", () => {
    expect(createErrorContract().inScope('/anything')).toBe(true);
    expect(createErrorContract({ scope: '/' }).inScope('/anything')).toBe(true);
  });

  it.each([[''], ['api'], [[]], [[42]], [{}]])('a wrong scope %j is a TypeError at startup', (scope) => {
    expect(() => createErrorContract({ scope: scope as never })).toThrow(TypeError);
  });

  it.each([['yes'], ['lenient']])('a wrong accept policy %j is a TypeError', (accept) => {
    expect(() => createErrorContract({ accept: accept as never })).toThrow(TypeError);
  });

  it('a wrong rejectMalformedPath is a TypeError', () => {
    expect(() => createErrorContract({ rejectMalformedPath: 'yes' as never })).toThrow(TypeError);
  });
});

describe('Accept with quoted parameters', () => {
  it.each([
    ['text/html;title="a, application/json", image/png', false],
    ['text/html;title="a, b", application/json', true],
    ['application/json;q="0.5"', true],
  ])('%s -> %s', (accept, expected) => {
    expect(acceptsJson(accept)).toBe(expected);
  });
});
