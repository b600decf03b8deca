// routeIndexes: an adapter's index of an app's routes, made once per app and again when routes
// are added, with its misses remembered per path.
import { describe, expect, it } from 'vitest';
import { routeIndexes } from '../../src/adapter.js';

interface App {
  routes: Array<{ method: string; path: string }>;
}

function counted() {
  let builds = 0;
  const indexOf = routeIndexes(
    (app: App) => app.routes.length,
    (app) => {
      builds += 1;
      return { byPath: new Map(app.routes.map((route) => [route.path, route.method])) };
    },
  );
  return { indexOf, builds: () => builds };
}

describe('routeIndexes(routeCount, build)', () => {
  it('builds an app index once, however often it is asked for', () => {
    const { indexOf, builds } = counted();
    const app: App = { routes: [{ method: 'GET', path: '/widgets' }] };
    const first = indexOf(app);
    expect(indexOf(app)).toBe(first);
    expect(builds()).toBe(1);
    expect(first.byPath.get('/widgets')).toBe('GET');
  });

  it('builds again, with misses of its own, when routes were added', () => {
    const { indexOf, builds } = counted();
    const app: App = { routes: [{ method: 'GET', path: '/widgets' }] };
    const first = indexOf(app);
    expect(first.misses.miss('/widgets', 'POST', () => [['GET']]).status).toBe(405);
    app.routes.push({ method: 'POST', path: '/widgets' });
    const second = indexOf(app);
    expect(second).not.toBe(first);
    expect(builds()).toBe(2);
    // the old answer is not remembered by the new index: its routes are asked again
    let asked = false;
    second.misses.miss('/widgets', 'POST', () => ((asked = true), [['GET', 'POST']]));
    expect(asked).toBe(true);
  });

  it('keeps one index per app', () => {
    const { indexOf, builds } = counted();
    const one: App = { routes: [{ method: 'GET', path: '/a' }] };
    const other: App = { routes: [{ method: 'GET', path: '/b' }] };
    expect(indexOf(one).byPath.has('/a')).toBe(true);
    expect(indexOf(other).byPath.has('/b')).toBe(true);
    expect(builds()).toBe(2);
  });
});
