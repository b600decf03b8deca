// withRoute: the matched route's template on a request, only when there is one.
import { describe, expect, it } from 'vitest';
import { withRoute } from '../../src/adapter.js';

describe('withRoute(request, route)', () => {
  const request = () => ({ method: 'GET', path: '/widgets/7', headers: {} });

  it('adds a template', () => {
    expect(withRoute(request(), '/widgets/:id')).toEqual({ ...request(), route: '/widgets/:id' });
  });

  it.each([undefined, null, '', 42, { path: '/widgets/:id' }])('leaves out %j: no route key at all', (route) => {
    const like = withRoute(request(), route);
    expect(like).toEqual(request());
    expect('route' in like).toBe(false);
  });

  it('returns the request it was given', () => {
    const like = request();
    expect(withRoute(like, '/widgets/:id')).toBe(like);
  });
});
