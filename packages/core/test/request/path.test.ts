import { describe, expect, it } from 'vitest';
import { createErrorContract, notFound } from '../../src/index.js';
import { firstSegment } from '../../src/adapter.js';
import { withoutDotSegments } from '../../src/request/path.js';

describe('withoutDotSegments: instance names the resource as a URL parser would', () => {
  it.each([
    ['/api/client/v2/../../etc/passwd', '/api/etc/passwd'],
    ['/a/./b', '/a/b'],
    ['/a/b/..', '/a/'],
    ['/a/b/.', '/a/b/'],
    ['/..', '/'],
    ['/../../x', '/x'],
    ['/a/%2e%2E/b', '/b'],
    ['/a/%2e/b', '/a/b'],
    ['/a/.hidden/b', '/a/.hidden/b'],
    ['/a/...', '/a/...'],
    ['/widgets/9', '/widgets/9'],
    ['*', '*'],
    ['a/../b', 'a/../b'],
  ])('%s -> %s', (path, expected) => {
    expect(withoutDotSegments(path)).toBe(expected);
  });

  it('is what instance shows', () => {
    const response = createErrorContract().respond(notFound(), { method: 'GET', path: '/api/v2/../../etc/passwd?x=1', headers: {} });
    expect(JSON.parse(response.body!).instance).toBe('/etc/passwd');
  });
});

describe('firstSegment: what adapters index their routes by', () => {
  it.each([
    ['/widgets/9', 'widgets'],
    ['/widgets', 'widgets'],
    ['/widgets/', 'widgets'],
    ['/', ''],
    ['//x', ''],
    ['/Caps/x', 'Caps'],
  ])('%s -> %j', (path, segment) => {
    expect(firstSegment(path)).toBe(segment);
  });
});
