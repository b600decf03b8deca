// 404 or 405 from the routes: h3 2's app asked through its own router, h3 1's routers recorded by
// `errors.router()` and matched as radix3 matches (`:name`, `*`, `**`, a trailing slash ignored).
import { H3 } from 'h3';
import { describe, expect, it } from 'vitest';
import { RouteRecord, routeMissV2 } from '../src/route-methods.js';

describe('h3 2: routeMissV2 from the app', () => {
  const app = new H3();
  app.get('/widgets', () => []);
  app.post('/widgets', () => null);
  app.delete('/widgets/:id', () => null);
  app.all('/anything/**', () => null);

  it.each([
    ['PUT', '/widgets', 405, 'GET, HEAD, POST'],
    ['GET', '/widgets/7', 405, 'DELETE'],
    ['GET', '/nothing', 404, undefined],
    ['GET', '/widgets/7/parts', 404, undefined],
  ])('%s %s is %i', (method, path, status, allow) => {
    const miss = routeMissV2(app, method, path);
    expect(miss.status).toBe(status);
    expect(miss.headers?.allow).toBe(allow);
  });

  it('routes added later are seen', () => {
    app.patch('/late', () => null);
    expect(routeMissV2(app, 'GET', '/late').headers?.allow).toBe('PATCH');
  });

  it('what is not an h3 2 app is a 404', () => {
    expect(routeMissV2(undefined, 'PUT', '/widgets').status).toBe(404);
    expect(routeMissV2({ '~routes': 'no' }, 'PUT', '/widgets').status).toBe(404);
  });
});

describe('h3 1: RouteRecord', () => {
  const record = new RouteRecord();
  record.add('/widgets', 'get');
  record.add('/widgets/:id', 'delete');
  record.add('/files/**', 'get');
  record.add('/any/*/thing', 'post');
  record.add('/catch-all', 'all');

  it.each([
    ['PUT', '/widgets/', 405, 'GET, HEAD'],
    ['GET', '/widgets/7', 405, 'DELETE'],
    ['POST', '/files/a/b/c', 405, 'GET, HEAD'],
    ['GET', '/any/x/thing', 405, 'POST'],
    ['GET', '/any//thing', 404, undefined],
    ['GET', '/widgets/7/8', 404, undefined],
    ['PUT', '/catch-all', 404, undefined],
    ['GET', '/nothing', 404, undefined],
  ])('%s %s is %i', (method, path, status, allow) => {
    const miss = record.miss(method, path);
    expect(miss.status).toBe(status);
    expect(miss.headers?.allow).toBe(allow);
  });

  it('a record with no routes is a 404', () => {
    expect(new RouteRecord().miss('PUT', '/widgets').status).toBe(404);
  });
});
