import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { rememberedRouteMiss, routeMiss } from '../../src/adapter.js';
import { request } from '../helpers.js';

const EVERY_NODE_METHOD = ['ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH', 'MERGE', 'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH', 'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE'];

describe('routeMiss: 404 or 405 from the routes that matched the path', () => {
  it.each<[string, string[][], number, string | undefined]>([
    ['GET', [], 404, undefined],
    ['PUT', [['GET'], ['POST']], 405, 'GET, HEAD, POST'],
    ['put', [['get', 'head'], ['delete']], 405, 'GET, HEAD, DELETE'],
    ['GET', [['GET']], 404, undefined],
    ['HEAD', [['GET']], 404, undefined],
    ['POST', [['_all'], ['GET']], 405, 'GET, HEAD'],
    ['POST', [['ALL'], ['GET']], 405, 'GET, HEAD'],
    ['POST', [EVERY_NODE_METHOD, ['GET']], 405, 'GET, HEAD'],
    ['POST', [EVERY_NODE_METHOD], 404, undefined],
    ['PROPFIND', [['GET', 'HEAD', 'POST']], 405, 'GET, HEAD, POST'],
  ])('%s with routes %j -> %i %s', (method, routes, status, allow) => {
    const response = createErrorContract({ onError: () => {} }).respond(routeMiss(method, routes), request({ method }));
    expect(response.status).toBe(status);
    expect(response.headers.allow).toBe(allow);
  });
});

describe('rememberedRouteMiss', () => {
  it('decides once per key and method, asks for the routes only then, and gives each call a problem of its own', () => {
    const key = {};
    let asked = 0;
    const lists = () => {
      asked++;
      return [['GET'], ['POST']];
    };
    const first = rememberedRouteMiss(key, 'PUT', lists);
    const second = rememberedRouteMiss(key, 'PUT', lists);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST' } });
    // an onError hook may tag what it is handed: no object is shared between requests
    expect(second).not.toBe(first);
    expect(second.headers).not.toBe(first.headers);
    expect(Object.isFrozen(second)).toBe(false);
    expect(rememberedRouteMiss(key, 'GET', lists)).toMatchObject({ status: 404 });
    expect(rememberedRouteMiss({}, 'PUT', () => [])).toMatchObject({ status: 404 });
    expect(asked).toBe(2);
  });

  it('keeps at most 16 methods per key, and answers every other one correctly', () => {
    const key = {};
    for (let index = 0; index < 40; index++) expect(rememberedRouteMiss(key, `M${index}`, () => [['GET']]).status).toBe(405);
    expect(rememberedRouteMiss(key, 'HEAD', () => [['GET']]).status).toBe(404);
  });
});
