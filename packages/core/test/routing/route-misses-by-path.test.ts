import { describe, expect, it } from 'vitest';
import { routeMissesByPath } from '../../src/adapter.js';

/** Method lists for a path, counting how often the router was asked. */
function router(lists: string[][]) {
  const asked: string[] = [];
  return { asked, ask: (path: string) => () => (asked.push(path), lists) };
}

describe('routeMissesByPath: a bounded memo of route misses per path', () => {
  it('asks the router once per path and method, and gives each call a problem of its own', () => {
    const misses = routeMissesByPath();
    const { asked, ask } = router([['GET'], ['DELETE']]);
    const first = misses.miss('/widgets/1', 'PUT', ask('/widgets/1'));
    const second = misses.miss('/widgets/1', 'PUT', ask('/widgets/1'));
    expect(first).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, DELETE' } });
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(misses.miss('/widgets/1', 'GET', ask('/widgets/1')).status).toBe(404);
    expect(misses.miss('/widgets/2', 'PUT', ask('/widgets/2')).status).toBe(405);
    expect(asked).toEqual(['/widgets/1', '/widgets/1', '/widgets/2']);
  });

  it('keeps at most 1,024 paths: past the bound it forgets them all and still answers right', () => {
    const misses = routeMissesByPath();
    const { asked, ask } = router([['GET']]);
    for (let id = 0; id < 1024; id++) misses.miss(`/w/${id}`, 'PUT', ask(`/w/${id}`));
    misses.miss('/w/0', 'PUT', ask('/w/0'));
    expect(asked).toHaveLength(1024);
    // the 1,025th path empties the memo: /w/0 is asked again, once
    expect(misses.miss('/w/1024', 'PUT', ask('/w/1024')).status).toBe(405);
    for (let round = 0; round < 2; round++) expect(misses.miss('/w/0', 'PUT', ask('/w/0')).status).toBe(405);
    expect(asked.slice(1024)).toEqual(['/w/1024', '/w/0']);
  });

  it('does not keep a path over 512 characters (the client chooses its length): it is asked every time', () => {
    const misses = routeMissesByPath();
    const { asked, ask } = router([['GET']]);
    const long = `/${'x'.repeat(512)}`;
    const kept = `/${'x'.repeat(511)}`;
    for (let round = 0; round < 3; round++) {
      expect(misses.miss(long, 'PUT', ask(long)).headers?.allow).toBe('GET, HEAD');
      misses.miss(kept, 'PUT', ask(kept));
    }
    expect(asked.filter((path) => path === long)).toHaveLength(3);
    expect(asked.filter((path) => path === kept)).toHaveLength(1);
  });

  it('forget() empties it, for a route table that gained routes', () => {
    const misses = routeMissesByPath();
    expect(misses.miss('/widgets', 'POST', () => [['GET']]).status).toBe(405);
    expect(misses.miss('/widgets', 'POST', () => [['GET'], ['POST']]).status).toBe(405);
    misses.forget();
    expect(misses.miss('/widgets', 'POST', () => [['GET'], ['POST']]).status).toBe(404);
  });
});
